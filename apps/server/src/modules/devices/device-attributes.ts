import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  deviceAttributesBodySchemaFor,
  type Ac20BatchBody,
  type AttributeChange,
  type DeviceAttributes,
  type DeviceCredentials,
  type DeviceFieldValue,
  type ModelId,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { parseOr400 } from '../../platform/validate.js';
import { users } from '../users/tables.js';
import { findDevice, type DeviceRow } from './device-rows.js';
import { newAccessToken } from './device-service.js';
import { deviceAttributeChanges, devices } from './tables.js';

/*
 * Client attributes (the sensor parameters of spec section 3) and device credentials. A save merges into
 * the saved attributes (absent keys stay, null resets a key to the device's default) and records who
 * changed which key from what to what; a save that changes nothing records nothing.
 */

const HISTORY_SIZE = 50;

async function history(db: Db, deviceId: number): Promise<AttributeChange[]> {
  const rows = await db
    .select()
    .from(deviceAttributeChanges)
    .where(eq(deviceAttributeChanges.deviceId, deviceId))
    .orderBy(desc(deviceAttributeChanges.createdAt), desc(deviceAttributeChanges.id))
    .limit(HISTORY_SIZE);
  return rows.map((r) => ({ time: r.createdAt.toISOString(), userName: r.userName, changes: r.changes }));
}

function toAttributes(device: DeviceRow, changes: AttributeChange[]): DeviceAttributes {
  return { deviceId: device.id, model: device.model, attributes: device.attributes, history: changes };
}

export async function getDeviceAttributes(db: Db, scope: Scope, id: number): Promise<DeviceAttributes> {
  const device = await findDevice(db, scope, id);
  return toAttributes(device, await history(db, id));
}

/** The name history shows: the nickname, or the username when there is none. */
async function userName(db: Db, scope: Scope): Promise<string> {
  const [user] = await db
    .select({ nickName: users.nickName, username: users.username })
    .from(users)
    .where(eq(users.id, scope.userId));
  return user?.nickName || user?.username || '';
}

const fieldValue = (value: unknown): DeviceFieldValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** Merges `values` into a device locked by the caller's transaction and records the change, if any. */
async function apply(
  tx: Db,
  scope: Scope,
  device: DeviceRow,
  values: Record<string, unknown>,
  author: string,
): Promise<void> {
  const next: Record<string, DeviceFieldValue> = { ...device.attributes };
  const changes: { key: string; from: DeviceFieldValue; to: DeviceFieldValue }[] = [];
  for (const [key, raw] of Object.entries(values)) {
    if (raw === undefined) continue;
    const from = device.attributes[key] ?? null;
    const to = fieldValue(raw);
    if (from === to) continue;
    changes.push({ key, from, to });
    if (to === null) delete next[key];
    else next[key] = to;
  }
  if (changes.length === 0) return;
  await tx.update(devices).set({ attributes: next, updatedAt: new Date() }).where(eq(devices.id, device.id));
  await tx.insert(deviceAttributeChanges).values({
    tenantId: device.tenantId,
    deviceId: device.id,
    userId: scope.userId,
    userName: author,
    changes,
  });
}

async function lockDevices(tx: Db, scope: Scope, ids: number[]): Promise<DeviceRow[]> {
  return tx
    .select()
    .from(devices)
    .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, ids)))
    .for('update');
}

/**
 * dev-client-attr/save*: `model` is the model the call is for (save-s2, save-e90, save-kxx/v2); a device
 * of another model is refused with 400 'device.wrongModel'.
 */
export async function saveDeviceAttributes(
  db: Db,
  scope: Scope,
  id: number,
  body: unknown,
  model?: ModelId,
): Promise<DeviceAttributes> {
  const found = await findDevice(db, scope, id);
  if (model !== undefined && found.model !== model) throw badRequest('device.wrongModel', { model });
  const values = parseOr400(deviceAttributesBodySchemaFor(found.model), body);
  const author = await userName(db, scope);
  await db.transaction(async (tx) => {
    const [device] = await lockDevices(tx, scope, [id]);
    if (!device) throw notFound();
    await apply(tx, scope, device, values, author);
  });
  return getDeviceAttributes(db, scope, id);
}

/** save-ac20/batch: the same parameters for many indoor units; all must be the caller's ac20s or none is saved. */
export async function saveAc20Batch(db: Db, scope: Scope, body: Ac20BatchBody): Promise<void> {
  const author = await userName(db, scope);
  await db.transaction(async (tx) => {
    const rows = await lockDevices(tx, scope, body.ids);
    if (rows.length !== body.ids.length) throw notFound();
    if (rows.some((row) => row.model !== 'ac20')) throw badRequest('device.wrongModel', { model: 'ac20' });
    for (const row of rows) await apply(tx, scope, row, body.attributes, author);
  });
}

export async function getCredentials(db: Db, scope: Scope, id: number): Promise<DeviceCredentials> {
  const device = await findDevice(db, scope, id);
  return { deviceId: device.id, accessToken: device.accessToken };
}

/** A new access token; the old one stops being valid at once (the broker looks tokens up per connect). */
export async function replaceCredentials(db: Db, scope: Scope, id: number): Promise<DeviceCredentials> {
  await findDevice(db, scope, id);
  const [row] = await db
    .update(devices)
    .set({ accessToken: newAccessToken(), updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning({ accessToken: devices.accessToken });
  if (!row) throw new AppError(500, 'error.internal');
  return { deviceId: id, accessToken: row.accessToken };
}
