import { z } from 'zod';
import { CONDITION_OPERATORS } from '../../constants.js';
import type { TelemetryKey } from '../../devices/types.js';
import { idSchema, requiredEnum } from '../fields.js';
import { requiredOrInvalid } from './inputs.js';

/* A scene's conditions: on a device's property or the weather (spec section 9 operators and properties). */

export const SCENE_RELATIONSHIPS = ['all', 'either'] as const;
export type SceneRelationship = (typeof SCENE_RELATIONSHIPS)[number];

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Weather properties of spec section 9 (PM2.5 is `pm25`). */
export const WEATHER_PROPERTIES = ['temperature', 'humidity', 'pm25', 'forecastLow', 'forecastHigh'] as const;
export type WeatherProperty = (typeof WEATHER_PROPERTIES)[number];

/** Device properties of spec section 9 and the telemetry key each is read from. */
export const DEVICE_PROPERTY_KEYS = {
  temperature: 'temperature',
  humidity: 'humidity',
  pir: 'pir',
  /** "Present on": whether the device is on now (its onOff state). */
  presentOn: 'onOff',
  motionCount: 'motionCount',
  ambientBrightness: 'illuminance',
  lightBrightness: 'lightnessLevel',
  targetTemp: 'targetTemp',
  measuredTemp: 'roomTemp',
} as const satisfies Record<string, TelemetryKey>;
export type DeviceProperty = keyof typeof DEVICE_PROPERTY_KEYS;
export const DEVICE_PROPERTIES = [
  'temperature',
  'humidity',
  'pir',
  'presentOn',
  'motionCount',
  'ambientBrightness',
  'lightBrightness',
  'targetTemp',
  'measuredTemp',
] as const satisfies readonly DeviceProperty[];

export function isDeviceProperty(value: string): value is DeviceProperty {
  return DEVICE_PROPERTIES.some((p) => p === value);
}
export function isWeatherProperty(value: string): value is WeatherProperty {
  return WEATHER_PROPERTIES.some((p) => p === value);
}

export const CONDITION_SOURCES = ['device', 'weather'] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

const finite = z.number({ error: requiredOrInvalid }).finite('invalid');

export const sceneConditionSchema = z
  .object({
    source: requiredEnum(CONDITION_SOURCES),
    /** The device read, for a device property. */
    deviceId: idSchema.nullish(),
    property: z.string({ error: requiredOrInvalid }).min(1, 'required'),
    operator: requiredEnum(CONDITION_OPERATORS),
    /** A number; [low, high] for within and notWithin (both ends included). */
    value: z.union([finite, z.tuple([finite, finite])], { error: requiredOrInvalid }),
  })
  .superRefine((c, ctx) => {
    const properties: readonly string[] = c.source === 'device' ? DEVICE_PROPERTIES : WEATHER_PROPERTIES;
    if (!properties.includes(c.property))
      ctx.addIssue({ code: 'custom', path: ['property'], message: 'invalid' });
    if (c.source === 'device' && (c.deviceId === undefined || c.deviceId === null)) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'required' });
    }
    const range = c.operator === 'within' || c.operator === 'notWithin';
    if (range !== Array.isArray(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'invalid' });
    } else if (Array.isArray(c.value) && c.value[0] > c.value[1]) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'invalid' });
    }
  })
  .transform((c) => ({ ...c, deviceId: c.source === 'device' ? (c.deviceId ?? null) : null }));
export type SceneCondition = z.infer<typeof sceneConditionSchema>;
