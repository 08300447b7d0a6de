import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_PREFIX } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { scopeOf, TENANT_DISABLED, type AuthContext } from '../sessions/index.js';
import { tenants } from '../tenants/index.js';
import { users } from '../users/index.js';
import { apiKeys } from './tables.js';

/** last_used_at / last_used_ip are written at most this often (unless the address changes). */
export const LAST_USED_WRITE_INTERVAL_MS = 30_000;

/** A new key: `sbk_` + 8 characters naming it + `_` + 32 random bytes (base64url). */
export function newKey(): { key: string; prefix: string; hash: string } {
  const id = crypto.randomBytes(6).toString('base64url');
  const key = `${API_KEY_PREFIX}${id}_${crypto.randomBytes(32).toString('base64url')}`;
  return { key, prefix: `${API_KEY_PREFIX}${id}`, hash: hashKey(key) };
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

/** Built once per database and prepared, like the session check: it runs on every call a key makes. */
function keyQuery(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      userId: apiKeys.userId,
      readOnly: apiKeys.readOnly,
      projectIds: apiKeys.projectIds,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      lastUsedIp: apiKeys.lastUsedIp,
      userName: users.username,
      tenantId: users.tenantId,
      roles: users.roles,
      hallIds: users.hallIds,
      blacklisted: users.blacklisted,
      deletedAt: users.deletedAt,
      tenantStatus: tenants.status,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('verify_api_key');
}

const keyQueries = new WeakMap<Db, ReturnType<typeof keyQuery>>();

/**
 * The caller of an API key, or null when the key is unknown (never made, or revoked: revoking deletes the
 * row), expired, or its user is blacklisted, deleted or of a disabled tenant. Read from the database on
 * every call, without a cache, so that revoking takes effect at once on every node. The scope is built
 * from the user's roles of now, limited to the key's projects.
 */
export async function verifyApiKey(
  db: Db,
  key: string,
  ip: string,
  now = new Date(),
): Promise<AuthContext | null> {
  let query = keyQueries.get(db);
  if (!query) keyQueries.set(db, (query = keyQuery(db)));
  const [row] = await query.execute({ hash: hashKey(key) });
  if (!row || row.blacklisted || row.deletedAt !== null || row.tenantStatus === TENANT_DISABLED) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  const stale = !row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_WRITE_INTERVAL_MS;
  if (stale || row.lastUsedIp !== ip) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 64) })
      .where(eq(apiKeys.id, row.id));
  }
  // A building-bound user's key is held to the user's buildings, as its session is.
  const scope = scopeOf({ id: row.userId, tenantId: row.tenantId, roles: row.roles, hallIds: row.hallIds });
  return {
    sessionId: '',
    userId: row.userId,
    // Logs copy this name in: the control log and alert history say which key acted, and for whom.
    userName: `${row.userName} [${row.name}]`,
    scope: row.projectIds.length > 0 ? { ...scope, projectIds: row.projectIds } : scope,
    apiKey: { id: row.id, name: row.name, readOnly: row.readOnly },
  };
}
