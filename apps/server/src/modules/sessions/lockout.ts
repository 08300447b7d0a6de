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

/** The tail of each username's queue of sign-in attempts, per database. */
const queues = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Runs the sign-in attempts of one username one after another, each from its lock check to its outcome.
 * An attempt counts as a failure until its password is checked (`recordAttempt`), so attempts running
 * side by side counted each other: six parallel RIGHT passwords locked the sixth out (429). In turn, each
 * attempt sees the outcome of the ones before it: a success has cleared the count, failures have added to
 * it, so parallel wrong guesses still get at most `attempts` checks. The queue is per process; across
 * several processes on one PostgreSQL, `recordAttempt` still caps the checks.
 */
export async function inTurn<T>(db: Db, username: string, attempt: () => Promise<T>): Promise<T> {
  let byName = queues.get(db);
  if (!byName) {
    byName = new Map();
    queues.set(db, byName);
  }
  const key = lockKey(username);
  const result = (byName.get(key) ?? Promise.resolve()).then(attempt);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  byName.set(key, settled);
  try {
    return await result;
  } finally {
    if (byName.get(key) === settled) byName.delete(key);
  }
}

/**
 * Records an attempt as a failure BEFORE the password is checked and returns how many failures the
 * window now holds. Counting after inserting means that of N parallel guesses (from several server
 * processes: one process runs them `inTurn`) at most `attempts` see a count within the limit: a burst
 * cannot slip past the lock.
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
