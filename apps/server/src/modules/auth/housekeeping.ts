import { lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { sweepEndedSessions } from '../sessions/index.js';
import { captchas } from './tables.js';

const INTERVAL_MS = 60_000;

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
    await sweepEndedSessions(db, now);
  } catch (error) {
    log.warn({ err: error }, 'sweeping expired sign-in rows failed');
  }
}
