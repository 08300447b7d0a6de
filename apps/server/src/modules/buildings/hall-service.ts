import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import QRCode from 'qrcode';
import type {
  Building,
  BuildingCreateBody,
  BuildingListFilter,
  BuildingSaveBody,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { deleteOrNameBlockers } from '../../platform/db/blockers.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import type { FileLinks } from '../files/index.js';
import { requireFile } from '../files/index.js';
import { findProject } from '../projects/index.js';
import { buildings } from './tables.js';

type BuildingRow = typeof buildings.$inferSelect;

export function toBuilding(row: BuildingRow, links: FileLinks): Building {
  return {
    id: row.id,
    tenantId: row.tenantId,
    projectId: row.projectId,
    name: row.name,
    longitude: row.longitude,
    latitude: row.latitude,
    address: row.address,
    imageId: row.imageId,
    imageUrl: row.imageId ? links.url(row.imageId) : null,
    miniProgramEnabled: row.miniProgramEnabled,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The building when it exists and is the caller's (404 otherwise). */
export async function findHall(db: Db, scope: Scope, id: number): Promise<BuildingRow> {
  const [row] = await db.select().from(buildings).where(eq(buildings.id, id));
  return ownedOr404(scope, row);
}

export async function listHalls(
  db: Db,
  scope: Scope,
  filter: BuildingListFilter,
  links: FileLinks,
): Promise<PageResult<Building>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, buildings.tenantId),
    eq(buildings.projectId, filter.projectId),
  ];
  if (filter.name) conditions.push(ilike(buildings.name, likePattern(filter.name)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(buildings)
      .where(where)
      .orderBy(asc(buildings.name), asc(buildings.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(buildings).where(where),
  ]);
  return { rows: rows.map((row) => toBuilding(row, links)), total: total?.value ?? 0 };
}

export async function getHall(db: Db, scope: Scope, id: number, links: FileLinks): Promise<Building> {
  return toBuilding(await findHall(db, scope, id), links);
}

export async function createHall(
  db: Db,
  scope: Scope,
  body: BuildingCreateBody,
  links: FileLinks,
): Promise<Building> {
  const project = await findProject(db, scope, body.projectId);
  await requireFile(db, project.tenantId, body.imageId, 'image');
  const [row] = await db
    .insert(buildings)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      name: body.name,
      longitude: body.longitude,
      latitude: body.latitude,
      address: body.address,
      imageId: body.imageId,
      miniProgramEnabled: body.miniProgramEnabled,
    })
    .returning();
  if (!row) throw new AppError(500, 'error.internal');
  return toBuilding(row, links);
}

export async function saveHall(
  db: Db,
  scope: Scope,
  id: number,
  body: BuildingSaveBody,
  links: FileLinks,
): Promise<Building> {
  const current = await findHall(db, scope, id);
  await requireFile(db, current.tenantId, body.imageId, 'image');
  const [row] = await db
    .update(buildings)
    .set({
      name: body.name,
      longitude: body.longitude,
      latitude: body.latitude,
      address: body.address,
      imageId: body.imageId,
      miniProgramEnabled: body.miniProgramEnabled,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(buildings.id, id), eq(buildings.version, body.version)))
    .returning();
  if (!row) throw conflict();
  return toBuilding(row, links);
}

/** Deletes an empty building; its floors (and later devices) reference it ON DELETE RESTRICT. */
export async function deleteHall(db: Db, scope: Scope, id: number): Promise<void> {
  await findHall(db, scope, id);
  // Its mesh history goes with it (ON DELETE CASCADE); whatever else still holds it refuses the delete, named.
  await deleteOrNameBlockers(db, { table: 'buildings', id, key: 'building.hasChildren' }, () =>
    db.delete(buildings).where(eq(buildings.id, id)),
  );
}

/** A host[:port] as a Host header may carry it; anything else never reaches a QR code. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/i;

/** How QR codes are drawn: medium error correction (survives a smudged print), a 2-module margin. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

export interface QrCode {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

/**
 * The QR code that opens the building in the mini-program: `{origin}/wxProgram?hallId={id}`, the origin
 * being the one the console was reached at (protocol and Host of the request, X-Forwarded-* behind a
 * proxy), so the code works wherever the server is deployed.
 */
export async function hallQrCode(
  db: Db,
  scope: Scope,
  id: number,
  origin: { protocol: string; host: string },
  format: 'png' | 'svg',
): Promise<QrCode> {
  const hall = await findHall(db, scope, id);
  if (!hall.miniProgramEnabled) throw new AppError(409, 'building.miniProgramDisabled');
  if (!HOST.test(origin.host) || !['http', 'https'].includes(origin.protocol)) {
    throw badRequest('building.badHost');
  }
  const url = `${origin.protocol}://${origin.host}/wxProgram?hallId=${hall.id}`;
  const fileName = `hall-${hall.id}-qrcode.${format}`;
  if (format === 'svg') {
    return {
      body: await QRCode.toString(url, { ...QR_OPTIONS, type: 'svg' }),
      contentType: 'image/svg+xml',
      fileName,
    };
  }
  return {
    body: await QRCode.toBuffer(url, { ...QR_OPTIONS, type: 'png', width: 512 }),
    contentType: 'image/png',
    fileName,
  };
}
