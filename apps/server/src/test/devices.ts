import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEVICE_MODELS, type ModelId } from '@sbuilding/shared';
import type { Db } from '../platform/db/client.js';
import { buildings } from '../modules/buildings/tables.js';
import { devices } from '../modules/devices/tables.js';

export interface TestDevice {
  id: number;
  name: string;
  accessToken: string;
}

/**
 * A device row straight in the database, in the first demo building, for tests of the device protocol
 * (the registry's own rules are tested through its API).
 */
export async function insertDevice(
  db: Db,
  options: { model: ModelId; name: string; parentId?: number | null },
): Promise<TestDevice> {
  const [building] = await db.select().from(buildings).orderBy(buildings.id).limit(1);
  if (!building) throw new Error('no demo building');
  const accessToken = crypto.randomBytes(15).toString('base64url');
  const [row] = await db
    .insert(devices)
    .values({
      tenantId: building.tenantId,
      projectId: building.projectId,
      buildingId: building.id,
      model: options.model,
      category: DEVICE_MODELS[options.model].category,
      name: options.name,
      identity: `test-${crypto.randomUUID()}`,
      parentId: options.parentId ?? null,
      accessToken,
    })
    .returning();
  if (!row) throw new Error('device not inserted');
  return { id: row.id, name: row.name, accessToken };
}

export async function deviceRow(db: Db, id: number) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row;
}
