import type { DeviceCategory } from '@sbuilding/shared';
import type { DeviceInfo } from '../types.js';
import { AcUnit } from './ac.js';
import { Ammeter } from './ammeter.js';
import type { SimDevice } from './device.js';
import { Light } from './light.js';
import { Panel } from './panel.js';
import { PirSensor } from './pir.js';
import { AirSensor, Gateway, ThSensor } from './sensors.js';

/** One class per device kind (architecture guide, convention 7); a new category fails to compile until listed. */
export const DEVICE_KINDS: Record<DeviceCategory, new (info: DeviceInfo) => SimDevice> = {
  light: Light,
  lightPanel: Panel,
  pirSensor: PirSensor,
  ac: AcUnit,
  ammeter: Ammeter,
  airSensor: AirSensor,
  thSensor: ThSensor,
  bleGateway: Gateway,
  acGateway: Gateway,
  gateway4g: Gateway,
  fieldBridge: Gateway,
};

export function createDevice(info: DeviceInfo): SimDevice {
  return new DEVICE_KINDS[info.category](info);
}
