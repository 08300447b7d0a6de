import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { effectiveRoles, isBuildingBound, permissionsForRoles } from '@sbuilding/shared';
import type { Config } from '../../platform/env.js';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { sessions } from './tables.js';
import { users } from '../users/tables.js';
import { tenants } from '../tenants/tables.js';
import { z } from 'zod';
import { busOf, topic } from '../../platform/cluster/index.js';

/** tenants.status of a disabled tenant, whose users cannot sign in. */
export const TENANT_DISABLED = '1';

/** last_seen_at is written at most this often by requests, to avoid a database write per request. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 30_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type SessionPolicy = Config['session'];

/** The API key a request came with (modules/api-keys). */
export interface ApiKeyIdentity {
  readonly id: number;
  readonly name: string;
  readonly readOnly: boolean;
}

/** The verified caller of a request. */
export interface AuthContext {
  /** The session's id; '' for an API key, which has none. */
  readonly sessionId: string;
  readonly userId: number;
  /** The sign-in name, which logs (the control log, alert history) copy in. */
  readonly userName: string;
  readonly scope: Scope;
  /** Set when the caller authenticated with an API key instead of a session. */
  readonly apiKey?: ApiKeyIdentity;
}

export interface NewSession {
  id: string;
  expiresAt: Date;
}

/**
 * The absolute limit of a session: a wall screen (tbVisualDisplay) runs for days, everyone else
 * for SESSION_MAX_HOURS.
 */
export function sessionLifetimeMs(roles: readonly string[], policy: SessionPolicy): number {
  return roles.includes('tbVisualDisplay') ? policy.displayMaxDays * DAY : policy.maxHours * HOUR;
}

export async function createSession(
  db: Db,
  user: { id: number; roles: readonly string[] },
  policy: SessionPolicy,
  meta: { ip: string; userAgent: string },
  now = new Date(),
): Promise<NewSession> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs(user.roles, policy));
  await db.insert(sessions).values({
    id,
    userId: user.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    idleSeconds: Math.round(policy.idleMinutes * 60),
    ip: meta.ip.slice(0, 64),
    userAgent: meta.userAgent.slice(0, 256),
  });
  return { id, expiresAt };
}

export function scopeOf(user: {
  id: number;
  tenantId: number | null;
  roles: readonly string[];
  hallIds?: readonly number[];
}): Scope {
  const roles = effectiveRoles(user.roles);
  return {
    userId: user.id,
    tenantId: user.tenantId,
    roles,
    permissions: permissionsForRoles(roles),
    isAdmin: roles.includes('admin'),
    // A building-bound caller carries its buildings (none named: it sees nothing).
    ...(isBuildingBound(roles) ? { hallIds: [...(user.hallIds ?? [])] } : {}),
  };
}

/**
 * The session check every API call makes, built once per database and prepared: drizzle turning the query
 * into SQL on every call cost more CPU than PostgreSQL answering it.
 */
function sessionQuery(db: Db) {
  return db
    .select({
      userId: sessions.userId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      idleSeconds: sessions.idleSeconds,
      revokedAt: sessions.revokedAt,
      userName: users.username,
      tenantId: users.tenantId,
      roles: users.roles,
      hallIds: users.hallIds,
      blacklisted: users.blacklisted,
      deletedAt: users.deletedAt,
      tenantStatus: tenants.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1)
    .prepare('verify_session');
}

const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

function sessionQueryOf(db: Db): ReturnType<typeof sessionQuery> {
  let query = sessionQueries.get(db);
  if (!query) sessionQueries.set(db, (query = sessionQuery(db)));
  return query;
}

/** A live session's caller, and when it was last active (whether this call must write that down). */
interface LiveSession {
  readonly auth: AuthContext;
  readonly lastSeenAt: Date;
}

/** Reads the session and judges it at `now`; writes nothing. */
async function liveSession(
  db: Db,
  sessionId: string,
  userId: number,
  now: Date,
): Promise<LiveSession | null> {
  const [row] = await sessionQueryOf(db).execute({ sessionId });
  if (!row || row.userId !== userId || row.revokedAt !== null || row.blacklisted) return null;
  // Deleting a user or disabling its tenant revokes its sessions; this holds even if a write skipped that.
  if (row.deletedAt !== null || row.tenantStatus === TENANT_DISABLED) return null;
  const t = now.getTime();
  if (row.expiresAt.getTime() <= t) return null;
  if (row.lastSeenAt.getTime() + row.idleSeconds * 1000 <= t) return null;
  return {
    lastSeenAt: row.lastSeenAt,
    auth: {
      sessionId,
      userId,
      userName: row.userName,
      scope: scopeOf({ id: userId, tenantId: row.tenantId, roles: row.roles, hallIds: row.hallIds }),
    },
  };
}

/**
 * The caller of a live session: not revoked, within its absolute and idle limits, its user not
 * blacklisted nor deleted, its tenant not disabled. Counts the call as activity. Null when any of these
 * fails.
 */
export async function verifySession(
  db: Db,
  sessionId: string,
  userId: number,
  now = new Date(),
): Promise<AuthContext | null> {
  const live = await liveSession(db, sessionId, userId, now);
  if (!live) return null;
  if (now.getTime() - live.lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  }
  return live.auth;
}

/**
 * What `verifySession` answers, without counting as activity: the real-time socket re-checks its session
 * every minute, and a session whose person left must still idle out (only the socket's `report` counts).
 */
export async function checkSession(
  db: Db,
  sessionId: string,
  userId: number,
  now = new Date(),
): Promise<AuthContext | null> {
  return (await liveSession(db, sessionId, userId, now))?.auth ?? null;
}

/**
 * Counts activity that is not an HTTP request (the real-time socket's reports), so a wall screen that
 * only listens does not time out. Returns false, and revives nothing, when the session has already
 * ended (revoked, past its absolute limit, or idle too long).
 */
export async function touchSession(db: Db, sessionId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const touched = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        sql`${sessions.lastSeenAt} > ${at}::timestamptz - ${sessions.idleSeconds} * interval '1 second'`,
      ),
    )
    .returning({ id: sessions.id });
  return touched.length > 0;
}

/**
 * Sessions that ended (logout, blacklist, password change, tenant disabled, user deleted), told to every
 * node: the socket layer closes their sockets.
 */
export const SESSION_ENDED = topic('session.ended', z.object({ sessionIds: z.array(z.string()) }));

/**
 * Tells every node that these sessions ended, so their sockets close at once (realtime/socket.ts). Called
 * after the revocation is written (no revocation here runs inside a transaction).
 */
function announceEnded(db: Db, ended: { id: string }[]): void {
  if (ended.length === 0) return;
  busOf(db)?.publish(SESSION_ENDED, { sessionIds: ended.map((s) => s.id) });
}

/**
 * Users whose scope changed while their sessions go on (a weixin customer's buildings): every node's socket
 * layer re-checks their sockets at once, cutting what they follow to the new scope. Changes that end the
 * sessions instead (a new role or tenant, blacklisting, deletion, a disabled tenant) say `session.ended`.
 */
export const PRINCIPAL_CHANGED = topic('principal.changed', z.object({ userIds: z.array(z.number()) }));

/** Tells every node that these users' scope changed. Call it after the change is committed. */
export function announcePrincipalChanged(db: Db, userIds: readonly number[]): void {
  if (userIds.length === 0) return;
  busOf(db)?.publish(PRINCIPAL_CHANGED, { userIds: [...userIds] });
}

export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  announceEnded(db, ended);
}

/** Ends every session of a user, except `keepSessionId` (the caller's own, after a password change). */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  keepSessionId?: string,
  now = new Date(),
): Promise<void> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  announceEnded(db, ended);
}

/** Ends every session of every user of a tenant (the tenant was disabled). */
export async function revokeTenantSessions(db: Db, tenantId: number, now = new Date()): Promise<void> {
  const members = db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(inArray(sessions.userId, members), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  announceEnded(db, ended);
}
