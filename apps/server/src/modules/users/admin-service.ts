import { and, arrayContains, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  effectiveRoles,
  isBuildingBound,
  type AdminUser,
  type AssignableRole,
  type PageResult,
  type Sex,
  type UserCreateBody,
  type UserListFilter,
  type UserSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { announcePrincipalChanged, revokeUserSessions } from '../sessions/index.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { clearFailures } from '../sessions/index.js';
import { requireHallsOfTenant } from '../buildings/index.js';
import { tenants } from '../tenants/tables.js';
import { setBlacklisted, toUserView, type UserRow } from './service.js';
import { users } from './tables.js';

/**
 * User administration (/buildingUser). A tenant administrator manages the users of its own tenant; a
 * platform administrator manages everyone's. Deleting is soft (see deleteUser).
 */

const live = isNull(users.deletedAt);

function toAdminUser(row: UserRow, deptName: string | null): AdminUser {
  return {
    ...toUserView(row),
    deptName,
    role: effectiveRoles(row.roles)[0] ?? 'ROLE_DEFAULT',
    blacklisted: row.blacklisted,
    hallIds: row.hallIds,
    version: row.version,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** A live user within the scope; 404 otherwise, so another tenant's users look like ids never used. */
async function findUser(db: Db, scope: Scope, id: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live));
  return ownedOr404(scope, row);
}

async function readUser(db: Db, id: number): Promise<AdminUser> {
  const [row] = await db
    .select({ user: users, deptName: tenants.name })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, id));
  if (!row) throw notFound();
  return toAdminUser(row.user, row.deptName);
}

export async function listUsers(
  db: Db,
  scope: Scope,
  filter: UserListFilter,
): Promise<PageResult<AdminUser>> {
  const conditions: (SQL | undefined)[] = [live, tenantFilter(scope, users.tenantId)];
  // Only a platform administrator picks the tenant; anyone else's list is its own tenant whatever it asks.
  if (scope.isAdmin && filter.tenantId !== undefined) conditions.push(eq(users.tenantId, filter.tenantId));
  if (filter.userName) conditions.push(ilike(users.username, likePattern(filter.userName)));
  if (filter.phonenumber) conditions.push(ilike(users.phonenumber, likePattern(filter.phonenumber)));
  if (filter.role) conditions.push(arrayContains(users.roles, [filter.role]));
  if (filter.blacklisted !== undefined) conditions.push(eq(users.blacklisted, filter.blacklisted));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, deptName: tenants.name })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => toAdminUser(r.user, r.deptName)), total: total?.value ?? 0 };
}

export async function getUser(db: Db, scope: Scope, id: number): Promise<AdminUser> {
  await findUser(db, scope, id);
  return readUser(db, id);
}

/**
 * The tenant a user with `role` belongs to. An admin account belongs to none and only an admin gives
 * that role; a tenant administrator's users are always in its own tenant; a platform administrator names
 * the tenant (or keeps the user's current one).
 */
async function tenantOfUser(
  db: Db,
  scope: Scope,
  role: AssignableRole,
  requested: number | undefined,
  current: number | null,
): Promise<number | null> {
  if (role === 'admin') {
    if (!scope.isAdmin) throw forbidden('user.adminRoleReserved');
    return null;
  }
  if (!scope.isAdmin) {
    if (scope.tenantId === null) throw notFound();
    return scope.tenantId;
  }
  const tenantId = requested ?? current;
  if (tenantId === null) throw badRequest('user.tenantRequired');
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  return tenantId;
}

/**
 * The buildings an account keeps: a weixin customer's, each checked to be a building of its tenant (404
 * otherwise); none for every other role, whose scope is its tenant.
 */
async function hallsOfUser(
  db: Db,
  role: AssignableRole,
  tenantId: number | null,
  hallIds: readonly number[],
): Promise<number[]> {
  if (!isBuildingBound([role])) return [];
  if (tenantId === null) throw notFound('user.unknownHall');
  await requireHallsOfTenant(db, tenantId, hallIds);
  return [...hallIds];
}

export interface NewUser {
  tenantId: number | null;
  userName: string;
  password: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: Sex;
  role: AssignableRole;
  avatar: string;
  blacklisted: boolean;
  /** A weixin customer's buildings, already checked (empty for other roles). */
  hallIds?: number[];
}

/**
 * Inserts an account after checking its username is free regardless of case, deleted accounts included
 * (their names stay taken so history never points at a newcomer). `db` may be a transaction: tenant
 * creation inserts its first administrator this way.
 */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [taken] = await db
    .select({ deletedAt: users.deletedAt })
    .from(users)
    .where(sql`lower(${users.username}) = ${user.userName.toLowerCase()}`)
    .limit(1);
  if (taken)
    throw badRequest(taken.deletedAt ? 'user.deletedName' : 'user.duplicateName', { name: user.userName });
  try {
    const [row] = await db
      .insert(users)
      .values({
        tenantId: user.tenantId,
        username: user.userName,
        nickName: user.nickName,
        passwordHash: await hashPassword(user.password),
        email: user.email,
        phonenumber: user.phonenumber,
        sex: user.sex,
        roles: [user.role],
        hallIds: user.hallIds ?? [],
        avatar: user.avatar,
        blacklisted: user.blacklisted,
      })
      .returning();
    if (!row) throw new AppError(500, 'error.internal');
    return row;
  } catch (error) {
    // Lost a race with another request creating the same name.
    if (isUniqueViolation(error)) throw badRequest('user.duplicateName', { name: user.userName });
    throw error;
  }
}

export async function createUser(db: Db, scope: Scope, body: UserCreateBody): Promise<AdminUser> {
  const tenantId = await tenantOfUser(db, scope, body.role, body.deptId, null);
  const hallIds = await hallsOfUser(db, body.role, tenantId, body.hallIds);
  const row = await insertUser(db, { ...body, tenantId, hallIds });
  return readUser(db, row.id);
}

/**
 * Saves a user. Nobody changes their own role or blacklists themselves (they would lock themselves out).
 * Blacklisting, a new role or a new tenant ends the user's sessions, so a session's limits always match
 * the account's current role.
 */
export async function saveUser(db: Db, scope: Scope, id: number, body: UserSaveBody): Promise<AdminUser> {
  const current = await findUser(db, scope, id);
  const currentRole = effectiveRoles(current.roles)[0];
  if (current.id === scope.userId) {
    if (body.role !== currentRole) throw badRequest('user.ownRole');
    if (body.blacklisted) throw badRequest('user.ownBlacklist');
  }
  if (currentRole === 'admin' && !scope.isAdmin) throw forbidden('user.adminRoleReserved');
  const tenantId = await tenantOfUser(db, scope, body.role, body.deptId, current.tenantId);
  // A weixin customer's buildings take effect at its next call (its scope is read with the session) and on
  // its open sockets at once (announced below).
  const hallIds = await hallsOfUser(db, body.role, tenantId, body.hallIds);
  const [row] = await db
    .update(users)
    .set({
      nickName: body.nickName,
      email: body.email,
      phonenumber: body.phonenumber,
      sex: body.sex,
      roles: [body.role],
      hallIds,
      tenantId,
      avatar: body.avatar,
      blacklisted: body.blacklisted,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), eq(users.version, body.version), live))
    .returning();
  // The user exists and is ours (checked above): no match means someone saved it since the client read it.
  if (!row) throw conflict();
  if (row.blacklisted || body.role !== currentRole || tenantId !== current.tenantId) {
    await revokeUserSessions(db, id);
  } else {
    // The sessions go on, but what the user may see can have changed (a weixin customer's buildings): every
    // node's sockets of the user re-check at once. Saved (committed) above; no transaction here.
    announcePrincipalChanged(db, [id]);
  }
  return readUser(db, id);
}

/**
 * Sets a new password and ends the user's sessions (a caller resetting its own keeps the session it is
 * using). It also lifts a sign-in lockout of the username: the owner is about to use the new password.
 */
export async function resetPassword(
  db: Db,
  scope: Scope,
  id: number,
  password: string,
  currentSessionId: string,
): Promise<void> {
  const target = await findUser(db, scope, id);
  const now = new Date();
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(password),
      passwordChangedAt: now,
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, id));
  await revokeUserSessions(db, id, target.id === scope.userId ? currentSessionId : undefined, now);
  await clearFailures(db, target.username);
}

export async function blacklistUser(
  db: Db,
  scope: Scope,
  id: number,
  blacklisted: boolean,
): Promise<AdminUser> {
  const target = await findUser(db, scope, id);
  if (blacklisted && target.id === scope.userId) throw badRequest('user.ownBlacklist');
  await setBlacklisted(db, id, blacklisted);
  return readUser(db, id);
}

/**
 * Deletes a user softly: the row stays (marked deleted), so rows it created elsewhere keep their author
 * and nothing is lost; it leaves every list, cannot sign in, and its sessions end at once. Its username
 * stays taken. The rows go for good only with their (empty) tenant.
 */
export async function deleteUser(db: Db, scope: Scope, id: number): Promise<void> {
  const target = await findUser(db, scope, id);
  if (target.id === scope.userId) throw badRequest('user.deleteSelf');
  const now = new Date();
  await db
    .update(users)
    .set({ deletedAt: now, version: sql`${users.version} + 1`, updatedAt: now })
    .where(and(eq(users.id, id), live));
  await revokeUserSessions(db, id, undefined, now);
}
