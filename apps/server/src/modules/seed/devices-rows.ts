import {
  DEVICE_MODELS,
  deviceCreateBodySchemaFor,
  type DeviceField,
  type DeviceFieldValue,
} from '@sbuilding/shared';
import { newAccessToken } from '../devices/device-service.js';
import type { devices } from '../devices/tables.js';
import type { PlannedDevice, SeedParent } from './devices-layout.js';

/** Where a demo device is registered. */
export interface SeedBuilding {
  id: number;
  tenantId: number;
  projectId: number;
  index: number;
  name: string;
}

/** The create field that names the gateway a device sits behind. */
export const PARENT_FIELD: Record<SeedParent, string> = {
  ble: 'bleGatewayId',
  ac: 'acGatewayId',
  gw4g: 'gatewayId',
};

/**
 * The row the registry's createDevice would store for a planned device. The body is read against the
 * model's create schema (the catalogue's rules; a broken plan fails the seed tests), and stored as the
 * registry stores it: MACs lower-case with ':', codes upper-case, the identity fields joined with '/'. The
 * demo writes rows in bulk rather than through createDevice: ~190 devices one by one (a dozen queries
 * each) would add seconds to every fresh database, every test app included.
 */
export function deviceRow(
  building: SeedBuilding,
  floorId: number,
  plan: PlannedDevice,
  parents: Partial<Record<SeedParent, number>>,
): typeof devices.$inferInsert {
  const parentId = plan.parent ? (parents[plan.parent] ?? null) : null;
  const model = DEVICE_MODELS[plan.model];
  const body = {
    buildingId: building.id,
    floorId,
    zoneId: plan.zone.id,
    position: plan.zone.name,
    name: plan.name,
    ...plan.fields,
    ...(plan.parent ? { [PARENT_FIELD[plan.parent]]: parentId } : {}),
  };
  const parsed: Record<string, unknown> = deviceCreateBodySchemaFor(plan.model).parse(body);
  const props: Record<string, DeviceFieldValue> = {};
  for (const field of model.createFields) {
    if (field.name === 'name' || field.kind === 'deviceRef') continue;
    props[field.name] = stored(field.kind, parsed[field.name]);
  }
  const identity = model.identity
    .map((name) =>
      name === (plan.parent && PARENT_FIELD[plan.parent])
        ? String(parentId ?? '')
        : String(props[name] ?? ''),
    )
    .join('/');
  return {
    tenantId: building.tenantId,
    projectId: building.projectId,
    buildingId: building.id,
    floorId,
    zoneId: plan.zone.id,
    model: plan.model,
    category: model.category,
    name: plan.name,
    position: plan.zone.name,
    props,
    identity,
    parentId,
    accessToken: newAccessToken(),
  };
}

function stored(kind: DeviceField['kind'], value: unknown): DeviceFieldValue {
  if (typeof value === 'string') {
    if (kind === 'mac') return value.toLowerCase().replaceAll('-', ':');
    if (kind === 'code12' || kind === 'serverAddr')
      return kind === 'code12' ? value.toUpperCase() : value.toLowerCase();
    return value;
  }
  return typeof value === 'number' || typeof value === 'boolean' ? value : null;
}
