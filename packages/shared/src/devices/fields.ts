import { AMMETER_CHANNELS, BYTE_RANGE, FAN_SPEEDS, HVAC_MODES } from '../constants.js';
import type { FieldKey, ValidationKey } from '../i18n/validation.js';
import type { DeviceCategory, DeviceField } from './types.js';

/** Building blocks of the model table (models.ts); each rule of spec sections 3 and 5 is written here once. */

export const SENSOR_TYPES = ['default', 'dimmer', 'switch', 'sensor', 'relay'] as const;
export const UI_MODES = ['compact', 'list'] as const;
export const PANEL_TYPES = ['single', 'double', 'three'] as const;
export const GATEWAY_PROTOCOLS = ['mqtt', 'tcp'] as const;
export const TARGET_TEMP_RANGE = { min: 16, max: 30 } as const;
export const PORT_RANGE = { min: 1, max: 65535 } as const;
export const COLOR_TEMP_RANGE = { min: 2700, max: 6500 } as const;

export const nameField: DeviceField = { name: 'name', required: true, kind: 'text', max: 64 };
export const labelField: DeviceField = { name: 'label', required: false, kind: 'text', max: 64 };
export const macField: DeviceField = { name: 'macAddr', required: true, kind: 'mac' };
export const codeField: DeviceField = { name: 'codeAddr', required: true, kind: 'code12' };
export const serverAddrField: DeviceField = { name: 'serverAddr', required: true, kind: 'serverAddr' };
export const portField: DeviceField = {
  name: 'port',
  required: true,
  kind: 'int',
  ...PORT_RANGE,
  message: 'portRange',
};

export function byteField(name: FieldKey, required: boolean, unit?: string): DeviceField {
  const field: DeviceField = { name, required, kind: 'int', ...BYTE_RANGE, message: 'byteRange' };
  return unit === undefined ? field : { ...field, unit };
}

export function intField(
  name: FieldKey,
  range: { min: number; max: number },
  options: { required?: boolean; unit?: string; message?: ValidationKey } = {},
): DeviceField {
  const field: DeviceField = {
    name,
    required: options.required ?? false,
    kind: 'int',
    ...range,
    message: options.message ?? 'outOfRange',
  };
  return options.unit === undefined ? field : { ...field, unit: options.unit };
}

export function enumField(
  name: FieldKey,
  values: readonly [string, ...string[]],
  required = true,
): DeviceField {
  return { name, required, kind: 'enum', values };
}

export function boolField(name: FieldKey, required: boolean): DeviceField {
  return { name, required, kind: 'boolean' };
}

/** The gateway a device sits behind (its parent in the registry); mesh nodes may be added before theirs. */
export function refField(name: FieldKey, category: DeviceCategory, required = true): DeviceField {
  return { name, required, kind: 'deviceRef', category };
}

/**
 * The category of the field bridge (apps/bridge): a gateway that puts Modbus and BACnet devices of any model on
 * the platform, so any device may sit behind one as well as behind a gateway of its reference's own category.
 */
export const FIELD_BRIDGE_CATEGORY: DeviceCategory = 'fieldBridge';

/** Whether a device of `parent` category may be the gateway of a reference to `category` (the one rule). */
export function mayBeGatewayOf(category: DeviceCategory, parent: DeviceCategory): boolean {
  return parent === category || parent === FIELD_BRIDGE_CATEGORY;
}

/** The floor's Bluetooth gateway a mesh node talks through; optional, it can be chosen later. */
export const bleGatewayField = refField('bleGatewayId', 'bleGateway', false);

export const channelField = intField(
  'channel',
  { min: 1, max: AMMETER_CHANNELS },
  { required: true, message: 'channelRange' },
);

/** Work mode of an indoor unit; `withoutAuto` keeps 'auto' known but refused ('Not support auto mode'). */
export function workModeField(withoutAuto: boolean): DeviceField {
  const refused = withoutAuto ? [{ value: 'auto', message: 'notSupportAuto' } as const] : [];
  return { name: 'workMode', required: true, kind: 'enum', values: HVAC_MODES, refused };
}
export const fanSpeedField = enumField('fanSpeed', FAN_SPEEDS);
export const targetTempField = intField('targetTemp', TARGET_TEMP_RANGE, {
  required: true,
  unit: '°C',
  message: 'targetTempRange',
});

/** The dimming parameters of spec section 3, each 0-255. */
export const DIMMING_ATTRIBUTES: readonly DeviceField[] = [
  byteField('defaultBrightness', false),
  byteField('minBrightness', false),
  byteField('midBrightness', false),
  byteField('holdingTime', false, 's'),
  byteField('fadingTime', false, 's'),
  byteField('dimmingCurve', false),
];

/** The occupancy (PIR) parameters of spec section 3, each 0-255. */
export const PIR_ATTRIBUTES: readonly DeviceField[] = [
  byteField('pirOffDelay', false, 'min'),
  byteField('resumeAutoDelay', false, 'min'),
  byteField('motionCount', false),
  byteField('timeout', false, 'min'),
];
