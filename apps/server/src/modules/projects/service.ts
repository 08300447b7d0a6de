import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  PageResult,
  Project,
  ProjectCreateBody,
  ProjectListFilter,
  ProjectSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isForeignKeyViolation } from '../../platform/db/errors.js';
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
 * Deletes an empty project. Rows inside a project reference it ON DELETE RESTRICT, so the database refuses
 * to delete one that still holds anything, including tables added after this code was written.
 */
export async function deleteProject(db: Db, scope: Scope, id: number): Promise<void> {
  await findProject(db, scope, id);
  try {
    await db.delete(projects).where(eq(projects.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError(409, 'project.hasChildren');
    throw error;
  }
}
