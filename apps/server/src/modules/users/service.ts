import { and, eq, isNull, sql } from 'drizzle-orm';
import { effectiveRoles, type ProfileBody, type ProfileResponse, type User } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { revokeUserSessions } from '../sessions/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { tenants } from '../tenants/tables.js';
import { users } from './tables.js';

export type UserRow = typeof users.$inferSelect;

const SEXES = ['0', '1', '2'] as const;
const sexOf = (value: string) => SEXES.find((s) => s === value) ?? '2';

/** The public shape of a user: never the hash or the blacklist flag. */
export function toUserView(row: UserRow): User {
  return {
    userId: row.id,
    deptId: row.tenantId,
    userName: row.username,
    nickName: row.nickName,
    avatar: row.avatar,
    email: row.email,
    phonenumber: row.phonenumber,
    sex: sexOf(row.sex),
    createTime: row.createdAt.toISOString(),
  };
}

/** The account that signs in with `username`; a deleted account is as unknown as a name never used. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The caller's own row; the scope is the caller, so it needs no tenant filter. */
async function ownRow(db: Db, scope: Scope): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, scope.userId)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function getOwnUser(db: Db, scope: Scope): Promise<User> {
  return toUserView(await ownRow(db, scope));
}

export async function getProfile(db: Db, scope: Scope): Promise<ProfileResponse> {
  const [row] = await db
    .select({ user: users, deptName: tenants.name })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, scope.userId))
    .limit(1);
  if (!row) throw notFound();
  return {
    user: toUserView(row.user),
    roleGroup: effectiveRoles(row.user.roles).join(','),
    deptName: row.deptName,
  };
}

export async function updateProfile(db: Db, scope: Scope, body: ProfileBody): Promise<User> {
  const [row] = await db
    .update(users)
    .set({
      nickName: body.nickName,
      email: body.email,
      phonenumber: body.phonenumber,
      ...(body.sex === undefined ? {} : { sex: body.sex }),
      version: sql`${users.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, scope.userId))
    .returning();
  if (!row) throw notFound();
  return toUserView(row);
}

/**
 * Changes the caller's password. Every OTHER session of the user ends at once (a stolen token stops
 * working); the session that made the change stays signed in.
 */
export async function changePassword(
  db: Db,
  scope: Scope,
  currentSessionId: string,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  const row = await ownRow(db, scope);
  if (!(await verifyPassword(row.passwordHash, body.oldPassword))) throw badRequest('auth.oldPasswordWrong');
  if (body.oldPassword === body.newPassword) throw badRequest('auth.samePassword');
  const now = new Date();
  await db
    .update(users)
    .set({
      passwordHash: await hashPassword(body.newPassword),
      passwordChangedAt: now,
      version: sql`${users.version} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, row.id));
  await revokeUserSessions(db, row.id, currentSessionId, now);
}

/**
 * Blacklists (disables) a user or lifts it. Blacklisting ends every session of the user at once; the
 * session check also refuses blacklisted users, so a write that bypasses this still locks them out.
 * The caller (user administration) is responsible for checking the target is in its scope.
 */
export async function setBlacklisted(db: Db, userId: number, blacklisted: boolean): Promise<void> {
  await db
    .update(users)
    .set({ blacklisted, version: sql`${users.version} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
  if (blacklisted) await revokeUserSessions(db, userId);
}

/** A live (not deleted) account by id, or undefined: who a linked external identity signs in as. */
export async function findActiveUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
