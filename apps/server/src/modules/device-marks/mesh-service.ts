import { and, count, desc, eq } from 'drizzle-orm';
import type {
  MeshChange,
  MeshListFilter,
  MeshVersion,
  MeshVersionDetail,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findHall } from '../buildings/index.js';
import { meshVersions } from '../devices/tables.js';

type MeshVersionRow = typeof meshVersions.$inferSelect;

function countOf(changes: MeshChange[], change: MeshChange['change']): number {
  return changes.filter((c) => c.change === change).length;
}

export function toMeshVersion(row: MeshVersionRow): MeshVersion {
  return {
    id: row.id,
    tenantId: row.tenantId,
    buildingId: row.buildingId,
    version: row.version,
    description: row.description,
    log: row.log,
    createdBy: row.createdBy,
    createTime: row.createdAt.toISOString(),
    added: countOf(row.changes, 'added'),
    removed: countOf(row.changes, 'removed'),
    changed: countOf(row.changes, 'changed'),
  };
}

async function findMeshVersion(db: Db, scope: Scope, id: number): Promise<MeshVersionRow> {
  const [row] = await db.select().from(meshVersions).where(eq(meshVersions.id, id));
  return ownedOr404(scope, row);
}

/** The mesh versions of a building, newest first. */
export async function listMeshVersions(
  db: Db,
  scope: Scope,
  filter: MeshListFilter,
): Promise<PageResult<MeshVersion>> {
  await findHall(db, scope, filter.buildingId);
  const where = and(
    tenantFilter(scope, meshVersions.tenantId),
    eq(meshVersions.buildingId, filter.buildingId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(meshVersions)
      .where(where)
      .orderBy(desc(meshVersions.version))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(meshVersions).where(where),
  ]);
  return { rows: rows.map(toMeshVersion), total: total?.value ?? 0 };
}

/** One version with what changed against the one before. */
export async function getMeshVersion(db: Db, scope: Scope, id: number): Promise<MeshVersionDetail> {
  const row = await findMeshVersion(db, scope, id);
  return { ...toMeshVersion(row), changes: row.changes };
}

/** Operators annotate a version; what it records never changes. */
export async function saveMeshVersion(
  db: Db,
  scope: Scope,
  id: number,
  description: string,
): Promise<MeshVersionDetail> {
  await findMeshVersion(db, scope, id);
  const [row] = await db.update(meshVersions).set({ description }).where(eq(meshVersions.id, id)).returning();
  if (!row) throw new AppError(500, 'error.internal');
  return { ...toMeshVersion(row), changes: row.changes };
}
