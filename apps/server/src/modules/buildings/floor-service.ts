import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Floor, FloorCreateBody, FloorListFilter, FloorSaveBody, PageResult } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { deleteOrNameBlockers } from '../../platform/db/blockers.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import type { FileLinks } from '../files/index.js';
import { requireFile } from '../files/index.js';
import { files } from '../files/tables.js';
import { findHall } from './hall-service.js';
import { floors } from './tables.js';

type FloorRow = typeof floors.$inferSelect;

export function toFloor(row: FloorRow, planViewBox: number[] | null, links: FileLinks): Floor {
  const [x, y, w, h] = planViewBox ?? [];
  return {
    id: row.id,
    tenantId: row.tenantId,
    buildingId: row.buildingId,
    name: row.name,
    mark: row.mark,
    area: row.area,
    imageId: row.imageId,
    imageUrl: row.imageId ? links.url(row.imageId) : null,
    planId: row.planId,
    planUrl: row.planId ? links.url(row.planId) : null,
    planViewBox:
      x !== undefined && y !== undefined && w !== undefined && h !== undefined ? [x, y, w, h] : null,
    tags: row.tags,
    sort: row.sort,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** Floors with their plan's view box (the coordinate system of the zones drawn on them). */
function selectFloors(db: Db) {
  return db
    .select({ floor: floors, planViewBox: files.viewBox })
    .from(floors)
    .leftJoin(files, eq(files.id, floors.planId));
}

/** The floor when it exists and is the caller's (404 otherwise). */
export async function findFloor(db: Db, scope: Scope, id: number): Promise<FloorRow> {
  const [row] = await db.select().from(floors).where(eq(floors.id, id));
  return ownedOr404(scope, row);
}

async function floorById(db: Db, id: number, links: FileLinks): Promise<Floor> {
  const [found] = await selectFloors(db).where(eq(floors.id, id));
  if (!found) throw new AppError(500, 'error.internal');
  return toFloor(found.floor, found.planViewBox, links);
}

export async function listFloors(
  db: Db,
  scope: Scope,
  filter: FloorListFilter,
  links: FileLinks,
): Promise<PageResult<Floor>> {
  await findHall(db, scope, filter.buildingId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, floors.tenantId),
    eq(floors.buildingId, filter.buildingId),
  ];
  if (filter.name) conditions.push(ilike(floors.name, likePattern(filter.name)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectFloors(db)
      .where(where)
      .orderBy(asc(floors.sort), asc(floors.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(floors).where(where),
  ]);
  return { rows: rows.map((r) => toFloor(r.floor, r.planViewBox, links)), total: total?.value ?? 0 };
}

export async function getFloor(db: Db, scope: Scope, id: number, links: FileLinks): Promise<Floor> {
  await findFloor(db, scope, id);
  return floorById(db, id, links);
}

export async function createFloor(
  db: Db,
  scope: Scope,
  body: FloorCreateBody,
  links: FileLinks,
): Promise<Floor> {
  const hall = await findHall(db, scope, body.buildingId);
  await requireFile(db, hall.tenantId, body.imageId, 'image');
  await requireFile(db, hall.tenantId, body.planId, 'svg');
  const [row] = await db
    .insert(floors)
    .values({
      tenantId: hall.tenantId,
      buildingId: hall.id,
      name: body.name,
      mark: body.mark,
      area: body.area,
      imageId: body.imageId,
      planId: body.planId,
      tags: body.tags,
      sort: body.sort,
    })
    .returning({ id: floors.id });
  if (!row) throw new AppError(500, 'error.internal');
  return floorById(db, row.id, links);
}

export async function saveFloor(
  db: Db,
  scope: Scope,
  id: number,
  body: FloorSaveBody,
  links: FileLinks,
): Promise<Floor> {
  const current = await findFloor(db, scope, id);
  await requireFile(db, current.tenantId, body.imageId, 'image');
  await requireFile(db, current.tenantId, body.planId, 'svg');
  const [row] = await db
    .update(floors)
    .set({
      name: body.name,
      mark: body.mark,
      area: body.area,
      imageId: body.imageId,
      planId: body.planId,
      tags: body.tags,
      sort: body.sort,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(floors.id, id), eq(floors.version, body.version)))
    .returning({ id: floors.id });
  if (!row) throw conflict();
  return floorById(db, row.id, links);
}

/** Deletes an empty floor; its zones (and later device marks) reference it ON DELETE RESTRICT. */
export async function deleteFloor(db: Db, scope: Scope, id: number): Promise<void> {
  await findFloor(db, scope, id);
  // Zones, devices and marks on it refuse the delete, each named with how many.
  await deleteOrNameBlockers(db, { table: 'floors', id, key: 'floor.hasChildren' }, () =>
    db.delete(floors).where(eq(floors.id, id)),
  );
}
