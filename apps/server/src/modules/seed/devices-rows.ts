import { DEVICE_MODELS, deviceCreateBodySchemaFor } from '@sbuilding/shared';
import { newAccessToken, splitFields } from '../devices/index.js';
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

/** The model's create field that names the gateway it sits behind (the catalogue's deviceRef field). */
function parentField(model: PlannedDevice['model']): string | undefined {
  return DEVICE_MODELS[model].createFields.find((f) => f.kind === 'deviceRef')?.name;
}

/**
 * The row the registry's createDevice would store for a planned device. The body is read against the
 * model's create schema (the catalogue's rules; a broken plan fails the seed tests) and split by the
 * registry's own splitFields, so props and identity are spelled exactly as the registry spells them. The
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
  const refField = parentField(plan.model);
  const body = {
    buildingId: building.id,
    floorId,
    zoneId: plan.zone.id,
    position: plan.zone.name,
    name: plan.name,
    ...plan.fields,
    ...(refField && plan.parent ? { [refField]: parentId } : {}),
  };
  const parsed: Record<string, unknown> = deviceCreateBodySchemaFor(plan.model).parse(body);
  const { props, identity } = splitFields(plan.model, parsed);
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
