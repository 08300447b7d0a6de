/** The public surface of this module: what other modules may import (the lint fences check it). */
export { LOCKOUT, clearFailures, forgetAttempt, inTurn, lockedUntil, recordAttempt } from './lockout.js';
export { authPlugin, bearerToken, sessionIdOf } from './plugin.js';
export { createSession, revokeSession, revokeTenantSessions, revokeUserSessions, touchSession } from './sessions.js';
export type { AuthContext, NewSession } from './sessions.js';
export { sweepEndedSessions } from './housekeeping.js';
