import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { WorkTime, WorkTimeCreateBody, WorkTimeType, WorkTimeUpdateBody } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict } from '../../platform/errors.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { projects } from '../projects/tables.js';
import { workTimes } from './tables.js';

type WorkTimeRow = typeof workTimes.$inferSelect;

export function toWorkTime(row: WorkTimeRow): WorkTime {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    startTime: row.startTime,
    endTime: row.endTime,
    timeType: row.timeType,
    zoneType: row.zoneType,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** A work time whose project is the caller's; 404 otherwise. */
async function findWorkTime(db: Db, scope: Scope, id: number): Promise<WorkTimeRow> {
  const [found] = await db
    .select({ row: workTimes, tenantId: projects.tenantId })
    .from(workTimes)
    .innerJoin(projects, eq(projects.id, workTimes.projectId))
    .where(eq(workTimes.id, id));
  return ownedOr404(scope, found).row;
}

export interface WorkTimeFilter {
  projectId: number;
  zoneType?: string | undefined;
  timeType?: WorkTimeType | undefined;
}

/** A project's work times in start order (the project must be the caller's). */
export async function listWorkTimes(db: Db, scope: Scope, filter: WorkTimeFilter): Promise<WorkTime[]> {
  await findProject(db, scope, filter.projectId);
  const conditions: SQL[] = [eq(workTimes.projectId, filter.projectId)];
  if (filter.zoneType) conditions.push(eq(workTimes.zoneType, filter.zoneType));
  if (filter.timeType) conditions.push(eq(workTimes.timeType, filter.timeType));
  const rows = await db
    .select()
    .from(workTimes)
    .where(and(...conditions))
    .orderBy(asc(workTimes.startTime), asc(workTimes.id));
  return rows.map(toWorkTime);
}

export async function createWorkTime(db: Db, scope: Scope, body: WorkTimeCreateBody): Promise<WorkTime> {
  await findProject(db, scope, body.projectId);
  const [row] = await db
    .insert(workTimes)
    .values({
      projectId: body.projectId,
      name: body.name,
      startTime: body.startTime,
      endTime: body.endTime,
      timeType: body.timeType,
      zoneType: body.zoneType,
    })
    .returning();
  if (!row) throw new AppError(500, 'error.internal');
  return toWorkTime(row);
}

export async function updateWorkTime(db: Db, scope: Scope, body: WorkTimeUpdateBody): Promise<WorkTime> {
  await findWorkTime(db, scope, body.id);
  const [row] = await db
    .update(workTimes)
    .set({
      name: body.name,
      startTime: body.startTime,
      endTime: body.endTime,
      timeType: body.timeType,
      zoneType: body.zoneType,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(workTimes.id, body.id), eq(workTimes.version, body.version)))
    .returning();
  if (!row) throw conflict();
  return toWorkTime(row);
}

export async function deleteWorkTime(db: Db, scope: Scope, id: number): Promise<void> {
  await findWorkTime(db, scope, id);
  await db.delete(workTimes).where(eq(workTimes.id, id));
}
