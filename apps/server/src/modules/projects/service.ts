import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type {
  PageResult,
  Project,
  ProjectCreateBody,
  ProjectListFilter,
  ProjectSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isForeignKeyViolation } from '../../platform/db/errors.js';
import {
  blockedError,
  blockersOf,
  restrictingReferences,
  violatingTable,
} from '../../platform/db/blockers.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  ownedOr404,
  projectInScope,
  tenantFilter,
  tenantForWrite,
  type Scope,
} from '../../platform/tenancy.js';
import { tenants } from '../tenants/tables.js';
import { projects } from './tables.js';

type ProjectRow = typeof projects.$inferSelect;

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    tenantId: row.tenantId,
    projectName: row.projectName,
    status: row.status,
    address: row.address,
    description: row.description,
    timeZone: row.timeZone,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/**
 * The project row when it exists and is the caller's (404 otherwise, so another tenant's ids look like
 * ids that do not exist). Every service that works inside a project starts here.
 */
export async function findProject(db: Db, scope: Scope, id: number): Promise<ProjectRow> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  // A project row names itself by id, not projectId: a project-limited API key's other projects are 404.
  if (row && !projectInScope(scope, row.id)) throw notFound();
  return ownedOr404(scope, row);
}

export async function listProjects(
  db: Db,
  scope: Scope,
  filter: ProjectListFilter,
): Promise<PageResult<Project>> {
  const conditions: (SQL | undefined)[] = [tenantFilter(scope, projects.tenantId)];
  if (filter.projectName) conditions.push(ilike(projects.projectName, likePattern(filter.projectName)));
  if (filter.status) conditions.push(eq(projects.status, filter.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(projects)
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(projects).where(where),
  ]);
  return { rows: rows.map(toProject), total: total?.value ?? 0 };
}

export async function getProject(db: Db, scope: Scope, id: number): Promise<Project> {
  return toProject(await findProject(db, scope, id));
}

export async function createProject(db: Db, scope: Scope, body: ProjectCreateBody): Promise<Project> {
  // A platform administrator belongs to no tenant and must say which one the project is for.
  if (scope.isAdmin && body.tenantId === undefined) throw badRequest('project.tenantRequired');
  const tenantId = tenantForWrite(scope, body.tenantId);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  const [row] = await db
    .insert(projects)
    .values({
      tenantId,
      projectName: body.projectName,
      status: body.status,
      address: body.address,
      description: body.description,
      timeZone: body.timeZone,
    })
    .returning();
  if (!row) throw new AppError(500, 'error.internal');
  return toProject(row);
}

export async function saveProject(db: Db, scope: Scope, id: number, body: ProjectSaveBody): Promise<Project> {
  await findProject(db, scope, id);
  const [row] = await db
    .update(projects)
    .set({
      projectName: body.projectName,
      status: body.status,
      address: body.address,
      description: body.description,
      timeZone: body.timeZone,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(projects.id, id), eq(projects.version, body.version)))
    .returning();
  // The row exists and is ours (checked above): no match means someone saved it since the client read it.
  if (!row) throw conflict();
  return toProject(row);
}

/**
 * A project's own records, deleted with it (the console's confirmation names them): its control log, alerts
 * (their history and deliveries go with them), scene run log, notification log, calendar days and work times.
 * Anything else that references the project is something a person made there (buildings, devices, groups,
 * scenes, automations, channels) and blocks the deletion until it is deleted.
 */
export const PROJECT_RECORD_TABLES = [
  'notification_deliveries',
  // Work orders (issue 37) take their history, comments and photos with them.
  'work_orders',
  'alerts',
  'control_log',
  'scene_runs',
  'calendar_days',
  'work_times',
] as const;

/**
 * Deletes a project with its records (PROJECT_RECORD_TABLES), in one transaction. What a person made in it
 * blocks the deletion: 409 naming each kind and how many, found in the database's own foreign keys, so a
 * table added later is named too.
 */
export async function deleteProject(db: Db, scope: Scope, id: number): Promise<void> {
  await findProject(db, scope, id);
  const records = new Set<string>(PROJECT_RECORD_TABLES);
  try {
    await db.transaction(async (tx) => {
      const blocking = await blockersOf(tx, 'projects', id, records);
      if (blocking.length > 0) throw blockedError('project.hasChildren', blocking);
      const references = await restrictingReferences(tx, 'projects');
      for (const table of PROJECT_RECORD_TABLES) {
        const column = references.find((r) => r.table === table)?.column ?? 'project_id';
        await tx.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`);
      }
      await tx.delete(projects).where(eq(projects.id, id));
    });
  } catch (error) {
    // Rows added between the count and the delete: named from the database's answer.
    if (isForeignKeyViolation(error))
      throw blockedError('project.hasChildren', [{ table: violatingTable(error), count: 1 }]);
    throw error;
  }
}
