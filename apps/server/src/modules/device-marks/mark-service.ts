import { and, asc, count, eq } from 'drizzle-orm';
import {
  FLOOR_MARKS_MAX,
  type Lang,
  type Mark,
  type MarkBindBody,
  type MarkCreateBody,
  type MarkMoveBody,
  type MarkSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findFloor } from '../buildings/index.js';
import { deviceMarks, devices } from '../devices/tables.js';
import { prepareBinding } from './mark-binding.js';
import { diffMark, lockBuilding, recordMeshVersion } from './mesh-record.js';

type MarkRow = typeof deviceMarks.$inferSelect;

interface BoundDevice {
  name: string;
  model: (typeof devices.$inferSelect)['model'];
  category: (typeof devices.$inferSelect)['category'];
  online: boolean;
}

export function toMark(row: MarkRow, device: BoundDevice | null): Mark {
  return {
    id: row.id,
    tenantId: row.tenantId,
    buildingId: row.buildingId,
    floorId: row.floorId,
    markName: row.markName,
    nickname: row.nickname,
    onFloor: row.onFloor,
    belongType: row.belongType,
    meshId: row.meshId,
    proxy: row.proxy,
    relay: row.relay,
    dashboardNickname: row.dashboardNickname,
    alignment: row.alignment,
    leftButton: row.leftButton,
    midButton: row.midButton,
    rightButton: row.rightButton,
    x: row.x,
    y: row.y,
    deviceId: row.deviceId,
    bound: row.deviceId !== null,
    online: device ? device.online : null,
    deviceName: device?.name ?? null,
    deviceModel: device?.model ?? null,
    deviceCategory: device?.category ?? null,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Marks with the device each is bound to. */
function selectMarks(db: Db) {
  return db
    .select({
      mark: deviceMarks,
      name: devices.name,
      model: devices.model,
      category: devices.category,
      online: devices.online,
    })
    .from(deviceMarks)
    .leftJoin(devices, eq(devices.id, deviceMarks.deviceId));
}

async function markById(db: Db, id: number): Promise<Mark> {
  const [found] = await selectMarks(db).where(eq(deviceMarks.id, id));
  if (!found) throw new AppError(500, 'error.internal');
  const { mark, name, model, category, online } = found;
  const device = name !== null && model !== null && category !== null && online !== null;
  return toMark(mark, device ? { name, model, category, online } : null);
}

/** The mark when it exists and is the caller's (404 otherwise). */
export async function findMark(db: Db, scope: Scope, id: number): Promise<MarkRow> {
  const [row] = await db.select().from(deviceMarks).where(eq(deviceMarks.id, id));
  return ownedOr404(scope, row);
}

/** Every mark of a floor (at most FLOOR_MARKS_MAX), in the order they were placed. */
export async function listMarks(db: Db, scope: Scope, floorId: number): Promise<Mark[]> {
  await findFloor(db, scope, floorId);
  const rows = await selectMarks(db)
    .where(and(tenantFilter(scope, deviceMarks.tenantId), eq(deviceMarks.floorId, floorId)))
    .orderBy(asc(deviceMarks.id));
  return rows.map(({ mark, name, model, category, online }) =>
    toMark(
      mark,
      name !== null && model !== null && category !== null && online !== null
        ? { name, model, category, online }
        : null,
    ),
  );
}

export async function getMark(db: Db, scope: Scope, id: number): Promise<Mark> {
  await findMark(db, scope, id);
  return markById(db, id);
}

type MarkFields = Omit<MarkCreateBody, 'floorId'>;

function fieldsOf(body: MarkFields) {
  return {
    markName: body.markName,
    nickname: body.nickname,
    onFloor: body.onFloor,
    belongType: body.belongType,
    meshId: body.meshId,
    proxy: body.proxy,
    relay: body.relay,
    dashboardNickname: body.dashboardNickname,
    alignment: body.alignment,
    leftButton: body.leftButton,
    midButton: body.midButton,
    rightButton: body.rightButton,
    x: body.x,
    y: body.y,
    deviceId: body.deviceId,
  };
}

/** Places a mark on a floor, bound to a device or not; a new mesh version records it. */
export async function createMark(db: Db, scope: Scope, body: MarkCreateBody, lang: Lang): Promise<Mark> {
  const floor = await findFloor(db, scope, body.floorId);
  const id = await db.transaction(async (tx) => {
    await lockBuilding(tx, floor.buildingId);
    // Counted under the building's lock, so two creates cannot both take the last place.
    const [marks] = await tx
      .select({ value: count() })
      .from(deviceMarks)
      .where(eq(deviceMarks.floorId, floor.id));
    if ((marks?.value ?? 0) >= FLOOR_MARKS_MAX) throw badRequest('mark.floorFull', { max: FLOOR_MARKS_MAX });
    const place = { buildingId: floor.buildingId, floorId: floor.id };
    if (body.deviceId !== null) await prepareBinding(tx, scope, place, body.deviceId);
    const [row] = await tx
      .insert(deviceMarks)
      .values({ tenantId: floor.tenantId, ...place, ...fieldsOf(body) })
      .returning();
    if (!row) throw new AppError(500, 'error.internal');
    const building = { id: floor.buildingId, tenantId: floor.tenantId };
    await recordMeshVersion(tx, scope, lang, building, [diffMark(null, row)]);
    return row.id;
  });
  return markById(db, id);
}

/**
 * Updates a mark in a transaction that holds its building's lock, refusing a stale version (409), and
 * records a mesh version when a mesh field changed. `bindTo` is the device the mark is to be bound to.
 */
async function updateMark(
  db: Db,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<ReturnType<typeof fieldsOf>>,
  lang: Lang,
): Promise<Mark> {
  const current = await findMark(db, scope, id);
  await db.transaction(async (tx) => {
    await lockBuilding(tx, current.buildingId);
    const [before] = await tx.select().from(deviceMarks).where(eq(deviceMarks.id, id));
    if (!before || before.version !== version) throw conflict();
    if (values.deviceId !== undefined && values.deviceId !== null && values.deviceId !== before.deviceId) {
      await prepareBinding(tx, scope, before, values.deviceId);
    }
    const [after] = await tx
      .update(deviceMarks)
      .set({ ...values, version: version + 1, updatedAt: new Date() })
      .where(and(eq(deviceMarks.id, id), eq(deviceMarks.version, version)))
      .returning();
    if (!after) throw conflict();
    const building = { id: before.buildingId, tenantId: before.tenantId };
    await recordMeshVersion(tx, scope, lang, building, [diffMark(before, after)]);
  });
  return markById(db, id);
}

export async function saveMark(
  db: Db,
  scope: Scope,
  id: number,
  body: MarkSaveBody,
  lang: Lang,
): Promise<Mark> {
  return updateMark(db, scope, id, body.version, fieldsOf(body), lang);
}

/** A drag on the plan: the mesh network is the same, so no version is recorded. */
export async function moveMark(db: Db, scope: Scope, id: number, body: MarkMoveBody): Promise<Mark> {
  await findMark(db, scope, id);
  const [row] = await db
    .update(deviceMarks)
    .set({ x: body.x, y: body.y, version: body.version + 1, updatedAt: new Date() })
    .where(and(eq(deviceMarks.id, id), eq(deviceMarks.version, body.version)))
    .returning({ id: deviceMarks.id });
  if (!row) throw conflict();
  return markById(db, id);
}

/** Binds the mark to a device of its building, or unbinds it (deviceId null). */
export async function bindMark(
  db: Db,
  scope: Scope,
  id: number,
  body: MarkBindBody,
  lang: Lang,
): Promise<Mark> {
  return updateMark(db, scope, id, body.version, { deviceId: body.deviceId }, lang);
}

export async function deleteMark(db: Db, scope: Scope, id: number, lang: Lang): Promise<void> {
  const current = await findMark(db, scope, id);
  await db.transaction(async (tx) => {
    await lockBuilding(tx, current.buildingId);
    const [removed] = await tx.delete(deviceMarks).where(eq(deviceMarks.id, id)).returning();
    if (!removed) return;
    const building = { id: removed.buildingId, tenantId: removed.tenantId };
    await recordMeshVersion(tx, scope, lang, building, [diffMark(removed, null)]);
  });
}

/**
 * Unbinds the mark of a device that is about to be deleted, if it has one, and records the mesh version.
 * The device registry calls it inside its delete transaction, BEFORE it locks or deletes the device, so
 * that every transaction takes the building's lock first (see lockBuilding). `db` is that transaction.
 */
export async function unbindMarkOfDevice(
  db: Db,
  scope: Scope,
  deviceId: number,
  lang: Lang = 'EN',
): Promise<void> {
  const [bound] = await db
    .select()
    .from(deviceMarks)
    .where(and(tenantFilter(scope, deviceMarks.tenantId), eq(deviceMarks.deviceId, deviceId)));
  if (!bound) return;
  await lockBuilding(db, bound.buildingId);
  // Read again under the lock: the mark may have been renamed or unbound meanwhile.
  const [before] = await db.select().from(deviceMarks).where(eq(deviceMarks.id, bound.id));
  if (!before || before.deviceId !== deviceId) return;
  const [after] = await db
    .update(deviceMarks)
    .set({ deviceId: null, version: before.version + 1, updatedAt: new Date() })
    .where(eq(deviceMarks.id, before.id))
    .returning();
  if (!after) return;
  const building = { id: before.buildingId, tenantId: before.tenantId };
  await recordMeshVersion(db, scope, lang, building, [diffMark(before, after)]);
}
