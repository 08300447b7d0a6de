import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEVICE_MODELS, type ModelId } from '@sbuilding/shared';
import type { Db } from '../platform/db/client.js';
import type { TestApp } from './app.js';
import { buildings, floors, zones } from '../modules/buildings/tables.js';
import { devices } from '../modules/devices/tables.js';

export interface TestDevice {
  id: number;
  name: string;
  accessToken: string;
}

/**
 * A device row straight in the database, as the registry would store it, for tests of what builds on
 * devices (protocol, marks, groups) without depending on each model's create form; the registry's own rules
 * are tested through its API.
 */
export async function insertDevice(
  db: Db,
  options: {
    model: ModelId;
    name: string;
    parentId?: number | null;
    /** The first building (the demo campus's) unless named. */
    buildingId?: number;
    floorId?: number | null;
  },
): Promise<TestDevice> {
  const [building] = await db
    .select()
    .from(buildings)
    .where(options.buildingId === undefined ? undefined : eq(buildings.id, options.buildingId))
    .orderBy(buildings.id)
    .limit(1);
  if (!building) throw new Error(`no building ${options.buildingId ?? ''}`);
  const accessToken = crypto.randomBytes(15).toString('base64url');
  const [row] = await db
    .insert(devices)
    .values({
      tenantId: building.tenantId,
      projectId: building.projectId,
      buildingId: building.id,
      floorId: options.floorId ?? null,
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

/** `insertDevice` for tests that only need the id, in a given building and, optionally, on a floor. */
export async function plantDevice(
  t: TestApp,
  buildingId: number,
  model: ModelId,
  name: string,
  floorId: number | null = null,
): Promise<number> {
  return (await insertDevice(t.app.db, { model, name, buildingId, floorId })).id;
}

/** The floor a device is placed on. */
export async function floorOfDevice(t: TestApp, id: number): Promise<number | null> {
  const [row] = await t.app.db.select({ floorId: devices.floorId }).from(devices).where(eq(devices.id, id));
  return row?.floorId ?? null;
}

/** A zone of its own (an office unless `type` says) on the demo campus's first floor. */
export async function demoRoom(
  db: Db,
  name: string,
  type = 'office',
): Promise<{ zoneId: number; floorId: number; tenantId: number }> {
  const [floor] = await db.select().from(floors).orderBy(floors.id).limit(1);
  if (!floor) throw new Error('no floor');
  const [zone] = await db
    .insert(zones)
    .values({ tenantId: floor.tenantId, floorId: floor.id, name, type })
    .returning();
  if (!zone) throw new Error('no zone');
  return { zoneId: zone.id, floorId: floor.id, tenantId: floor.tenantId };
}
