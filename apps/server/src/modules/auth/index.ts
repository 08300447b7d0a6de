/**
 * The auth module's public surface: how another module signs a person in. Single sign-on (modules/sso)
 * checks a password on /bind with the login page's rules and ends every sign-in by opening a session
 * exactly as /login does.
 */
export {
  checkCaptcha,
  openSession,
  verifyCredentials,
  type LoginDeps,
  type SessionDeps,
  type SignInMeta,
} from './service.js';
