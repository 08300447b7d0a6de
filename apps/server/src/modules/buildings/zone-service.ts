import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import {
  DICT_TYPES,
  type PageResult,
  type Zone,
  type ZoneCreateBody,
  type ZoneListFilter,
  type ZoneSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { deleteOrNameBlockers } from '../../platform/db/blockers.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { sysDictData } from '../system/dict-tables.js';
import { findFloor } from './floor-service.js';
import { zones } from './tables.js';

type ZoneRow = typeof zones.$inferSelect;

export function toZone(row: ZoneRow): Zone {
  return {
    id: row.id,
    tenantId: row.tenantId,
    floorId: row.floorId,
    name: row.name,
    type: row.type,
    mark: row.mark,
    shape: row.shape,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/**
 * A zone's type must be an enabled value of the sb_zone_type dictionary (work times and, later, scenes
 * match zones by it). A zone keeps a type that was disabled after it was set.
 */
async function checkZoneType(db: Db, type: string, current?: string): Promise<void> {
  if (type === current) return;
  const [entry] = await db
    .select({ status: sysDictData.status })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, DICT_TYPES.zoneType), eq(sysDictData.dictValue, type)));
  if (!entry || entry.status !== '0') throw badRequest('zone.unknownType', { type });
}

/** The zone when it exists and is the caller's (404 otherwise). */
export async function findZone(db: Db, scope: Scope, id: number): Promise<ZoneRow> {
  const [row] = await db.select().from(zones).where(eq(zones.id, id));
  return ownedOr404(scope, row);
}

export async function listZones(db: Db, scope: Scope, filter: ZoneListFilter): Promise<PageResult<Zone>> {
  await findFloor(db, scope, filter.floorId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, zones.tenantId),
    eq(zones.floorId, filter.floorId),
  ];
  if (filter.name) conditions.push(ilike(zones.name, likePattern(filter.name)));
  if (filter.type) conditions.push(eq(zones.type, filter.type));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(zones)
      .where(where)
      .orderBy(asc(zones.name), asc(zones.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(zones).where(where),
  ]);
  return { rows: rows.map(toZone), total: total?.value ?? 0 };
}

export async function getZone(db: Db, scope: Scope, id: number): Promise<Zone> {
  return toZone(await findZone(db, scope, id));
}

export async function createZone(db: Db, scope: Scope, body: ZoneCreateBody): Promise<Zone> {
  const floor = await findFloor(db, scope, body.floorId);
  await checkZoneType(db, body.type);
  const [row] = await db
    .insert(zones)
    .values({
      tenantId: floor.tenantId,
      floorId: floor.id,
      name: body.name,
      type: body.type,
      mark: body.mark,
      shape: body.shape,
    })
    .returning();
  if (!row) throw new AppError(500, 'error.internal');
  return toZone(row);
}

export async function saveZone(db: Db, scope: Scope, id: number, body: ZoneSaveBody): Promise<Zone> {
  const current = await findZone(db, scope, id);
  await checkZoneType(db, body.type, current.type);
  const [row] = await db
    .update(zones)
    .set({
      name: body.name,
      type: body.type,
      mark: body.mark,
      shape: body.shape,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(zones.id, id), eq(zones.version, body.version)))
    .returning();
  if (!row) throw conflict();
  return toZone(row);
}

export async function deleteZone(db: Db, scope: Scope, id: number): Promise<void> {
  await findZone(db, scope, id);
  // Devices placed in it refuse the delete (409 naming them; it was a bare 500 once); scenes and AC
  // automations aimed at it let go of it (ON DELETE SET NULL).
  await deleteOrNameBlockers(db, { table: 'zones', id, key: 'zone.hasChildren' }, () =>
    db.delete(zones).where(eq(zones.id, id)),
  );
}
