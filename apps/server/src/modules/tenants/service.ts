import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  type SQL,
} from 'drizzle-orm';
import type {
  PageResult,
  Tenant,
  TenantCreateBody,
  TenantListFilter,
  TenantSaveBody,
  TenantStatus,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/errors.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { revokeTenantSessions } from '../sessions/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { projects } from '../projects/tables.js';
import { insertUser } from '../users/index.js';
import { users } from '../users/tables.js';
import { tenants } from './tables.js';

/**
 * Tenants (/tenant): platform administrators only. The routes check the role; the services check it
 * again, since a tenant is above every tenant scope.
 */

type TenantRow = typeof tenants.$inferSelect;

const DISABLED: TenantStatus = '1';
const statusOf = (value: string): TenantStatus => (value === DISABLED ? '1' : '0');

/** Whether the tenant is disabled; its users then cannot sign in. Null (platform administrators) never is. */
export async function isTenantDisabled(db: Db, tenantId: number | null): Promise<boolean> {
  if (tenantId === null) return false;
  const [row] = await db.select({ status: tenants.status }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.status === DISABLED;
}

function adminOnly(scope: Scope): void {
  if (!scope.isAdmin) throw forbidden();
}

const liveUsersOf = (ids: number[]) => and(inArray(users.tenantId, ids), isNull(users.deletedAt));

/** Each tenant with its administrators' usernames and its user and project counts. */
async function withSummaries(db: Db, rows: TenantRow[]): Promise<Tenant[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [admins, userCounts, projectCounts] = await Promise.all([
    db
      .select({ tenantId: users.tenantId, username: users.username })
      .from(users)
      .where(and(liveUsersOf(ids), arrayContains(users.roles, ['tbAdmin'])))
      .orderBy(asc(users.id)),
    db
      .select({ tenantId: users.tenantId, value: count() })
      .from(users)
      .where(liveUsersOf(ids))
      .groupBy(users.tenantId),
    db
      .select({ tenantId: projects.tenantId, value: count() })
      .from(projects)
      .where(inArray(projects.tenantId, ids))
      .groupBy(projects.tenantId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    status: statusOf(row.status),
    admins: admins.filter((a) => a.tenantId === row.id).map((a) => a.username),
    userCount: userCounts.find((c) => c.tenantId === row.id)?.value ?? 0,
    projectCount: projectCounts.find((c) => c.tenantId === row.id)?.value ?? 0,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  }));
}

async function findTenant(db: Db, id: number): Promise<TenantRow> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!row) throw notFound();
  return row;
}

async function readTenant(db: Db, id: number): Promise<Tenant> {
  const [tenant] = await withSummaries(db, [await findTenant(db, id)]);
  if (!tenant) throw notFound();
  return tenant;
}

export async function listTenants(
  db: Db,
  scope: Scope,
  filter: TenantListFilter,
): Promise<PageResult<Tenant>> {
  adminOnly(scope);
  const conditions: SQL[] = [];
  if (filter.name) conditions.push(ilike(tenants.name, likePattern(filter.name)));
  if (filter.status) conditions.push(eq(tenants.status, filter.status));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(desc(tenants.createdAt), desc(tenants.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(tenants).where(where),
  ]);
  return { rows: await withSummaries(db, rows), total: total?.value ?? 0 };
}

export async function getTenant(db: Db, scope: Scope, id: number): Promise<Tenant> {
  adminOnly(scope);
  return readTenant(db, id);
}

function duplicateName(error: unknown, name: string): unknown {
  return isUniqueViolation(error) ? badRequest('tenant.duplicateName', { name }) : error;
}

/**
 * Creates a tenant and its first administrator (role tbAdmin) in one transaction: when the user cannot
 * be created (a taken username), the tenant is not created either.
 */
export async function createTenant(db: Db, scope: Scope, body: TenantCreateBody): Promise<Tenant> {
  adminOnly(scope);
  const id = await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, body.name));
    if (taken) throw badRequest('tenant.duplicateName', { name: body.name });
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: body.name, contactName: body.contactName, contactPhone: body.contactPhone })
      .returning({ id: tenants.id })
      .catch((error: unknown) => {
        throw duplicateName(error, body.name);
      });
    if (!tenant) throw new AppError(500, 'error.internal');
    await insertUser(tx, {
      ...body.admin,
      tenantId: tenant.id,
      role: 'tbAdmin',
      sex: '2',
      avatar: '',
      blacklisted: false,
    });
    return tenant.id;
  });
  return readTenant(db, id);
}

/** Saves a tenant. Disabling it ends every session of its users at once; they cannot sign in again. */
export async function saveTenant(db: Db, scope: Scope, id: number, body: TenantSaveBody): Promise<Tenant> {
  adminOnly(scope);
  await findTenant(db, id);
  const [row] = await db
    .update(tenants)
    .set({
      name: body.name,
      contactName: body.contactName,
      contactPhone: body.contactPhone,
      status: body.status,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(tenants.id, id), eq(tenants.version, body.version)))
    .returning()
    .catch((error: unknown) => {
      throw duplicateName(error, body.name);
    });
  // The tenant exists (checked above): no match means someone saved it since the client read it.
  if (!row) throw conflict();
  if (row.status === DISABLED) await revokeTenantSessions(db, id);
  return readTenant(db, id);
}

/**
 * Deletes a tenant that holds nothing: refused (409) while it has users or projects, or anything else that
 * references it (uploaded files), so nothing is lost. Accounts deleted earlier (kept for their history)
 * go with it, since their history went with the tenant's projects.
 */
export async function deleteTenant(db: Db, scope: Scope, id: number): Promise<void> {
  adminOnly(scope);
  await findTenant(db, id);
  const [[liveUsers], [ownProjects]] = await Promise.all([
    db
      .select({ value: count() })
      .from(users)
      .where(liveUsersOf([id])),
    db.select({ value: count() }).from(projects).where(eq(projects.tenantId, id)),
  ]);
  if ((liveUsers?.value ?? 0) > 0 || (ownProjects?.value ?? 0) > 0)
    throw new AppError(409, 'tenant.hasChildren');
  try {
    await db.transaction(async (tx) => {
      await tx.delete(users).where(and(eq(users.tenantId, id), isNotNull(users.deletedAt)));
      await tx.delete(tenants).where(eq(tenants.id, id));
    });
  } catch (error) {
    // A user or project added meanwhile, or files: the database refuses, and the transaction undoes all.
    if (isForeignKeyViolation(error)) throw new AppError(409, 'tenant.hasChildren');
    throw error;
  }
}
