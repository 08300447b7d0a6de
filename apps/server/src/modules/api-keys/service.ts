import { and, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  API_KEY_MAX_PER_USER,
  hasAnyPermission,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyCreateInput,
  type ApiKeyListFilter,
  type PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { inScope, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { apiKeys } from './tables.js';
import { newKey } from './verify.js';

/** Managing another user's keys is user administration (tbAdmin of the tenant, admin). */
export const MANAGE_OTHERS_PERMISSION = 'sbuilding:tools:tenant';

const DAY_MS = 24 * 60 * 60 * 1000;

type KeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: KeyRow, userName: string): ApiKey {
  return {
    id: row.id,
    userId: row.userId,
    userName,
    name: row.name,
    access: row.readOnly ? 'read' : 'readWrite',
    projectIds: row.projectIds,
    prefix: `${row.prefix}…`,
    createTime: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    createdBy: row.createdBy,
  };
}

function requireManageOthers(scope: Scope): void {
  if (!hasAnyPermission(scope.permissions, [MANAGE_OTHERS_PERMISSION])) throw forbidden('apiKey.adminOnly');
}

/** The user a key is made for: the caller, or (administrators) a live user of the caller's tenant. */
async function keyOwner(db: Db, scope: Scope, userId: number | undefined) {
  const id = userId ?? scope.userId;
  if (id !== scope.userId) requireManageOthers(scope);
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      username: users.username,
      roles: users.roles,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  if (!row || row.deletedAt !== null || (id !== scope.userId && !inScope(scope, row.tenantId)))
    throw notFound();
  // Only the platform administrator touches administrator accounts (as with passwords and roles).
  if (row.roles.includes('admin') && !scope.isAdmin) throw notFound();
  return row;
}

/** PUT /sbuilding/api-key/create: the key is in the answer only; the database keeps its hash. */
export async function createApiKey(
  db: Db,
  caller: { scope: Scope; userName: string },
  body: ApiKeyCreateInput,
  now = new Date(),
): Promise<ApiKeyCreated> {
  const owner = await keyOwner(db, caller.scope, body.userId);
  if (body.projectIds.length > 0) {
    // Each project must be one the key's user sees: its tenant's (any, for an administrator account).
    const found = await db
      .select({ id: projects.id, tenantId: projects.tenantId })
      .from(projects)
      .where(inArray(projects.id, body.projectIds));
    const visible = found.filter((p) => owner.tenantId === null || p.tenantId === owner.tenantId);
    if (visible.length !== body.projectIds.length) throw notFound();
  }
  const [live] = await db
    .select({ value: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, owner.id), gt(apiKeys.expiresAt, now)));
  if ((live?.value ?? 0) >= API_KEY_MAX_PER_USER) {
    throw new AppError(400, 'apiKey.tooMany', { max: API_KEY_MAX_PER_USER });
  }
  const { key, prefix, hash } = newKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      tenantId: owner.tenantId,
      userId: owner.id,
      name: body.name,
      keyHash: hash,
      prefix,
      readOnly: body.access === 'read',
      projectIds: body.projectIds,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
      createdAt: now,
      createdBy: caller.userName,
    })
    .returning({ id: apiKeys.id });
  if (!row) throw badRequest('validation.invalid', { data: 'name' });
  return { id: row.id, key };
}

/**
 * POST /sbuilding/api-key/getList: the caller's own keys; an administrator may ask for one user's
 * (`userId`) or every key of the tenant (`all`), each through the tenancy filter.
 */
export async function listApiKeys(
  db: Db,
  scope: Scope,
  filter: ApiKeyListFilter,
): Promise<PageResult<ApiKey>> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.all || (filter.userId !== undefined && filter.userId !== scope.userId)) {
    requireManageOthers(scope);
    conditions.push(tenantFilter(scope, apiKeys.tenantId));
    if (filter.userId !== undefined) conditions.push(eq(apiKeys.userId, filter.userId));
  } else {
    conditions.push(eq(apiKeys.userId, scope.userId));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ key: apiKeys, userName: users.username })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(apiKeys).where(where),
  ]);
  return { rows: rows.map((r) => toApiKey(r.key, r.userName)), total: total?.value ?? 0 };
}

/**
 * DELETE /sbuilding/api-key/del/{id}: revokes the key by deleting its row. Every node reads keys from the
 * database on each call, so the next call with it, on any node, answers 401.
 */
export async function deleteApiKey(db: Db, scope: Scope, id: number): Promise<void> {
  const [row] = await db
    .select({ userId: apiKeys.userId, tenantId: apiKeys.tenantId })
    .from(apiKeys)
    .where(eq(apiKeys.id, id));
  if (!row) throw notFound();
  if (row.userId !== scope.userId) {
    if (!hasAnyPermission(scope.permissions, [MANAGE_OTHERS_PERMISSION]) || !inScope(scope, row.tenantId)) {
      throw notFound();
    }
  }
  await db.delete(apiKeys).where(eq(apiKeys.id, id));
}
