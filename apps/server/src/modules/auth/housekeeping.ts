import { lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { LOCKOUT } from './lockout.js';
import { captchas, loginFailures, sessions } from './tables.js';

const INTERVAL_MS = 60_000;
/** Ended sessions are kept a week for the record, then deleted. */
const SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;

let lastRun = 0;

/**
 * Deletes expired captchas, aged login failures and long-ended sessions. Called from the sign-in
 * routes at most once a minute per process, so no timer has to be started or stopped.
 */
export async function sweepExpired(db: Db, log: FastifyBaseLogger, now = new Date()): Promise<void> {
  if (now.getTime() - lastRun < INTERVAL_MS) return;
  lastRun = now.getTime();
  try {
    await db.delete(captchas).where(lt(captchas.expiresAt, now));
    await db
      .delete(loginFailures)
      .where(lt(loginFailures.at, new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs)));
    const retained = new Date(now.getTime() - SESSION_RETENTION_MS);
    await db.delete(sessions).where(or(lt(sessions.expiresAt, retained), lt(sessions.revokedAt, retained)));
  } catch (error) {
    log.warn({ err: error }, 'sweeping expired sign-in rows failed');
  }
}
