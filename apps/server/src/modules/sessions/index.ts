/** The public surface of this module: what other modules may import (the lint fences check it). */
export { LOCKOUT, clearFailures, forgetAttempt, inTurn, lockedUntil, recordAttempt } from './lockout.js';
export { authPlugin, bearerToken, sessionIdOf } from './plugin.js';
export type { BearerVerifier } from './plugin.js';
export {
  TENANT_DISABLED,
  announcePrincipalChanged,
  checkSession,
  createSession,
  revokeSession,
  revokeTenantSessions,
  revokeUserSessions,
  scopeOf,
  PRINCIPAL_CHANGED,
  SESSION_ENDED,
  touchSession,
} from './sessions.js';
export type { ApiKeyIdentity, AuthContext, NewSession } from './sessions.js';
export { sweepEndedSessions } from './housekeeping.js';
