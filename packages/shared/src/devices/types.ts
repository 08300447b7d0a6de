import type { FieldKey, ValidationKey } from '../i18n/validation.js';

/** The kinds of device of spec section 1; a model belongs to exactly one. */
export const DEVICE_CATEGORIES = [
  'ac',
  'light',
  'lightPanel',
  'bleGateway',
  'acGateway',
  'gateway4g',
  /** A field bridge (apps/bridge): Modbus TCP devices spoken for through the gateway API. */
  'fieldBridge',
  'ammeter',
  'airSensor',
  'thSensor',
  'pirSensor',
] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];

export const MODEL_IDS = [
  'ac20',
  'cc10',
  's2',
  'e90',
  'kxx',
  'ba',
  'gw4g',
  'ammeter4g',
  'sair4g',
  'pir10',
  'th10',
  'bridge',
] as const;
export type ModelId = (typeof MODEL_IDS)[number];

export const COMMAND_METHODS = [
  'setOnOff',
  'setBrightness',
  'setColorTemp',
  'setButtons',
  'setWorkMode',
  'setFanSpeed',
  'setTargetTemp',
  'reboot',
] as const;
export type CommandMethod = (typeof COMMAND_METHODS)[number];

/**
 * What a value may be. Every schema, form control and simulator value is derived from this, so a rule
 * lives in exactly one place. `message` is the validation key answered when a number leaves its range.
 */
export type ValueSpec =
  | { kind: 'text'; max: number }
  | { kind: 'int'; min: number; max: number; message: ValidationKey }
  | { kind: 'decimal'; min: number; max: number; message: ValidationKey }
  | {
      kind: 'enum';
      values: readonly [string, ...string[]];
      /** Values the domain knows but this model refuses, with the reason it gives (e.g. notSupportAuto). */
      refused?: readonly { value: string; message: ValidationKey }[];
    }
  | { kind: 'boolean' }
  /** Host name or IPv4, optionally with a scheme and a port ('Server Addr format error'). */
  | { kind: 'serverAddr' }
  /** Six hex pairs separated by ':' or '-'. */
  | { kind: 'mac' }
  /** The last 12 characters of the device's code (IMEI or MAC), exactly DEVICE_CODE_LENGTH. */
  | { kind: 'code12' }
  /** The id of another device this one sits behind (its gateway). */
  | { kind: 'deviceRef'; category: DeviceCategory };

/** A field of a form or a command: its name is also its label key (FIELD_LABELS). */
export type DeviceField = ValueSpec & {
  name: FieldKey;
  required: boolean;
  unit?: string;
};

export type TelemetryKey =
  | 'onOff'
  | 'lightnessLevel'
  | 'colorTemp'
  | 'left'
  | 'mid'
  | 'right'
  | 'workMode'
  | 'fanSpeed'
  | 'targetTemp'
  | 'roomTemp'
  | 'power'
  | 'energy'
  | 'co2'
  | 'ch2o'
  | 'temperature'
  | 'humidity'
  | 'pir'
  | 'motionCount'
  | 'illuminance'
  | 'rssi';

export interface TelemetrySpec {
  key: TelemetryKey;
  /** Display unit; '' for states and counts. */
  unit: string;
  /** A reading per ammeter channel (energy1..energy4 on the wire). */
  perChannel?: boolean;
}

export interface DeviceCommand {
  method: CommandMethod;
  params: readonly DeviceField[];
}

export interface DeviceModel {
  id: ModelId;
  category: DeviceCategory;
  /** The fields the device is created with (the create-* and save calls of spec section 7). */
  createFields: readonly DeviceField[];
  telemetry: readonly TelemetrySpec[];
  /** Client attributes configurable from the console (dev-client-attr calls); all optional on save. */
  attributes: readonly DeviceField[];
  commands: readonly DeviceCommand[];
  /**
   * The create fields that identify one physical device within a tenant (a MAC, a code and channel, an
   * indoor unit on its gateway); a second device with the same values is refused as a duplicate.
   */
  identity: readonly FieldKey[];
}
