import { and, eq, getTableColumns, getTableName, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Role } from '@sbuilding/shared';
import { notFound } from './errors.js';

/**
 * The caller's scope. Every service call that touches tenant data takes one; routes get it only from
 * `request.scope()` (platform/auth), so a route that forgets it does not compile.
 */
export interface Scope {
  readonly userId: number;
  /** Null for platform administrators, who see every tenant. */
  readonly tenantId: number | null;
  readonly roles: readonly Role[];
  readonly permissions: readonly string[];
  readonly isAdmin: boolean;
  /**
   * The buildings a building-bound caller (a weixin customer, `isBuildingBound` of the shared roles) belongs
   * to: it sees nothing of its tenant outside them. Absent for everyone else (the tenant is the limit).
   */
  readonly hallIds?: readonly number[];
  /**
   * Set for an API key limited to some projects: rows of other projects are out of scope (404), even
   * within the tenant. Undefined: every project the user may see.
   */
  readonly projectIds?: readonly number[];
}

/**
 * The column naming a row's project, found from the table of a tenant column: `project_id`, or the
 * project's own id for the projects table. Tables without one (users, floors below a building) are
 * limited through their parent by the services.
 */
function projectColumnOf(column: AnyColumn): AnyColumn | undefined {
  const columns: Record<string, AnyColumn> = getTableColumns(column.table);
  return getTableName(column.table) === 'projects' ? columns.id : columns.projectId;
}

/** The condition that limits rows to a project-limited key's projects (undefined otherwise). */
export function projectFilter(scope: Scope, projectColumn: AnyColumn): SQL | undefined {
  return scope.projectIds === undefined ? undefined : inArray(projectColumn, [...scope.projectIds]);
}

/** Whether a project is within the scope's project limit (always, without one). */
export function projectInScope(scope: Scope, projectId: number): boolean {
  return scope.projectIds === undefined || scope.projectIds.includes(projectId);
}

/**
 * The one tenancy filter: the condition that limits rows of `column` (a tenant id column) to the scope.
 * Undefined (no filter) for admin. Compose it with `and(...)`. For a project-limited API key it also
 * limits the rows to its projects when the table has a project column (see projectColumnOf), so every
 * query that already filters by tenant honours the key's projects without knowing about keys.
 */
export function tenantFilter(scope: Scope, column: AnyColumn): SQL | undefined {
  const projectColumn = scope.projectIds === undefined ? undefined : projectColumnOf(column);
  const projects = projectColumn ? projectFilter(scope, projectColumn) : undefined;
  if (scope.isAdmin) return projects;
  // A non-admin without a tenant sees nothing: -1 matches no serial id.
  const tenant = eq(column, scope.tenantId ?? -1);
  return projects ? and(tenant, projects) : tenant;
}

/** Whether a row owned by `tenantId` is within the scope. */
export function inScope(scope: Scope, tenantId: number | null): boolean {
  return scope.isAdmin || (tenantId !== null && tenantId === scope.tenantId);
}

/**
 * Returns the row when it exists and is in scope; otherwise throws 404, so another tenant's ids
 * look exactly like ids that do not exist. A row that names its project (`projectId`) must also be
 * within a project-limited key's projects.
 */
export function ownedOr404<T extends { tenantId: number | null; projectId?: number | null }>(
  scope: Scope,
  row: T | undefined,
): T {
  if (!row || !inScope(scope, row.tenantId)) throw notFound();
  if (typeof row.projectId === 'number' && !projectInScope(scope, row.projectId)) throw notFound();
  return row;
}

/** The tenant a new row of a non-admin caller belongs to; an admin must name one. */
export function tenantForWrite(scope: Scope, requested?: number | null): number {
  if (scope.isAdmin) {
    if (requested === undefined || requested === null) throw notFound();
    return requested;
  }
  if (scope.tenantId === null) throw notFound();
  return scope.tenantId;
}

/**
 * The one building filter: limits rows whose building is `column` to the caller's buildings when the scope
 * is building-bound (undefined otherwise; compose it with tenantFilter). An empty list matches nothing.
 */
export function hallFilter(scope: Scope, column: AnyColumn): SQL | undefined {
  if (scope.hallIds === undefined) return undefined;
  return scope.hallIds.length > 0 ? inArray(column, [...scope.hallIds]) : sql`false`;
}

/** The tenant and building filters together: what a building-bound caller may see of a table. */
export function placeFilter(
  scope: Scope,
  tenantColumn: AnyColumn,
  buildingColumn: AnyColumn,
): SQL | undefined {
  return and(tenantFilter(scope, tenantColumn), hallFilter(scope, buildingColumn));
}

/** Whether a building is within the scope's buildings (always, for a scope that is not building-bound). */
export function inHalls(scope: Scope, buildingId: number): boolean {
  return scope.hallIds === undefined || scope.hallIds.includes(buildingId);
}

/**
 * Returns the row when it is in the tenant and, for a building-bound caller, in one of its buildings;
 * otherwise 404, so another building's ids look like ids that do not exist.
 */
export function placedOr404<T extends { tenantId: number | null; buildingId: number }>(
  scope: Scope,
  row: T | undefined,
): T {
  const owned = ownedOr404(scope, row);
  if (!inHalls(scope, owned.buildingId)) throw notFound();
  return owned;
}
