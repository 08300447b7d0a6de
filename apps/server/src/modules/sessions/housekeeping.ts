import { lt, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { LOCKOUT } from './lockout.js';
import { loginFailures, sessions } from './tables.js';

/** Ended sessions are kept a week for the record, then deleted. */
const SESSION_RETENTION_MS = 7 * 24 * 60 * 60_000;

/** Deletes aged login failures and long-ended sessions (auth's housekeeping calls it). */
export async function sweepEndedSessions(db: Db, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(now.getTime() - LOCKOUT.windowMs - LOCKOUT.lockMs)));
  const retained = new Date(now.getTime() - SESSION_RETENTION_MS);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, retained), lt(sessions.revokedAt, retained)));
}
