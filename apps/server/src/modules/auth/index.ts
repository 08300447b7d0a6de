/** The public surface of this module: what other modules may import (the lint fences check it). */
export { publicAuthRoutes, sessionRoutes } from './routes.js';
export { checkCaptcha, openSession, verifyCredentials } from './service.js';
export type { LoginDeps, SessionDeps, SignInMeta } from './service.js';
