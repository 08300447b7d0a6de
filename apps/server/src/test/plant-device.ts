import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEVICE_MODELS, type ModelId } from '@sbuilding/shared';
import type { TestApp } from './app.js';
import { buildings } from '../modules/buildings/tables.js';
import { devices } from '../modules/devices/tables.js';

/**
 * Test support: a device straight in the table, as the registry would store it, so the tests of marks and
 * groups do not depend on each model's create form. `floorId` null = placed in the building only.
 */
export async function plantDevice(
  t: TestApp,
  buildingId: number,
  model: ModelId,
  name: string,
  floorId: number | null = null,
): Promise<number> {
  const [building] = await t.app.db.select().from(buildings).where(eq(buildings.id, buildingId));
  if (!building) throw new Error(`no building ${buildingId}`);
  const [row] = await t.app.db
    .insert(devices)
    .values({
      tenantId: building.tenantId,
      projectId: building.projectId,
      buildingId,
      floorId,
      model,
      category: DEVICE_MODELS[model].category,
      name,
      identity: crypto.randomUUID(),
      accessToken: crypto.randomBytes(16).toString('hex'),
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device not planted');
  return row.id;
}

/** The floor a device is placed on. */
export async function floorOfDevice(t: TestApp, id: number): Promise<number | null> {
  const [row] = await t.app.db.select({ floorId: devices.floorId }).from(devices).where(eq(devices.id, id));
  return row?.floorId ?? null;
}
