import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { loginFailures } from './tables.js';

/** Five wrong passwords for one username within 10 minutes lock that username for 10 minutes. */
export const LOCKOUT = { attempts: 5, windowMs: 10 * 60_000, lockMs: 10 * 60_000 } as const;

/** Failures are kept by the lower-cased name, so case variants share one counter. */
export const lockKey = (username: string) => username.toLowerCase();

/**
 * When the lock of a username ends, or null when it is not locked: the lock starts at the attempt that
 * completes `attempts` failures within `windowMs`.
 */
export async function lockedUntil(db: Db, username: string, now = new Date()): Promise<Date | null> {
  const since = new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs);
  const rows = await db
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, lockKey(username)), gt(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at));
  let until = 0;
  for (let i = LOCKOUT.attempts - 1; i < rows.length; i++) {
    const last = rows[i]?.at.getTime() ?? 0;
    const first = rows[i - LOCKOUT.attempts + 1]?.at.getTime() ?? 0;
    if (last - first <= LOCKOUT.windowMs) until = Math.max(until, last + LOCKOUT.lockMs);
  }
  return until > now.getTime() ? new Date(until) : null;
}

/**
 * Records an attempt as a failure BEFORE the password is checked and returns how many failures the
 * window now holds. Counting after inserting means that of N parallel guesses at most `attempts` see a
 * count within the limit: a burst cannot slip past the lock.
 */
export async function recordAttempt(
  db: Db,
  username: string,
  now = new Date(),
): Promise<{ id: number; count: number }> {
  const [row] = await db
    .insert(loginFailures)
    .values({ username: lockKey(username), at: now })
    .returning({ id: loginFailures.id });
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.username, lockKey(username)),
        gt(loginFailures.at, new Date(now.getTime() - LOCKOUT.windowMs)),
      ),
    );
  return { id: row?.id ?? 0, count: counted?.count ?? 0 };
}

export async function forgetAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** A successful sign-in clears the username's failures. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, lockKey(username)));
}
