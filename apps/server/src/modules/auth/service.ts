import type { FastifyBaseLogger } from 'fastify';
import { routesForUser, type LoginBody, type RouteRecord, type UserInfo } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../platform/env.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.js';
import { createSession } from '../sessions/index.js';
import type { TokenClaims } from '../../platform/auth/tokens.js';
import type { Scope } from '../../platform/tenancy.js';
import { findUserByUsername, getOwnUser, type UserRow } from '../users/index.js';
import { isTenantDisabled } from '../tenants/index.js';
import { consumeCaptcha, isCaptchaEnabled } from './captcha.js';
import { sweepExpired } from './housekeeping.js';
import {
  LOCKOUT,
  clearFailures,
  forgetAttempt,
  inTurn,
  lockedUntil,
  recordAttempt,
} from '../sessions/index.js';

export interface LoginDeps {
  db: Db;
  config: Pick<Config, 'captchaEnabled' | 'session'>;
  log: FastifyBaseLogger;
}

/** What opening a session needs: the database, the session limits and the token signer (app.issueAccessToken). */
export interface SessionDeps {
  db: Db;
  config: Pick<Config, 'session'>;
  issueToken: (claims: TokenClaims, expiresAt: Date) => Promise<string>;
}

export interface SignInMeta {
  ip: string;
  userAgent: string;
}

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'auth.locked', { minutes });
}

/** The captcha rules of the sign-in page: when on, the answer is checked and consumed (one guess per image). */
export async function checkCaptcha(
  { db, config }: Pick<LoginDeps, 'db' | 'config'>,
  uuid: string,
  code: string,
  now = new Date(),
): Promise<void> {
  if (await isCaptchaEnabled(db, config.captchaEnabled)) await consumeCaptcha(db, uuid, code, now);
}

/**
 * The account a username and password name, with every rule of the sign-in page. Order matters: the
 * captcha is consumed first (one guess per image), then the lockout, then the password; attempts of one
 * username take the last two in turn. An unknown username and a wrong password give the same answer in
 * the same time. Opens no session: `login` and the binding of an external identity (/bind) go on from here.
 */
export async function verifyCredentials(
  { db, config, log }: LoginDeps,
  body: LoginBody,
  now = new Date(),
): Promise<UserRow> {
  await sweepExpired(db, log, now);
  await checkCaptcha({ db, config }, body.uuid, body.code, now);

  const username = body.username;
  return inTurn(db, username, async () => {
    const until = await lockedUntil(db, username, now);
    if (until) throw lockedError(until, now);
    const attempt = await recordAttempt(db, username, now);
    if (attempt.count > LOCKOUT.attempts) {
      // Lost a race with guesses in other server processes that filled the window: refuse unchecked.
      await forgetAttempt(db, attempt.id);
      throw lockedError(new Date(now.getTime() + LOCKOUT.lockMs), now);
    }

    const found = await findUserByUsername(db, username);
    const valid = found
      ? await verifyPassword(found.passwordHash, body.password)
      : await burnPasswordCheck(body.password);
    if (!found || !valid) throw badRequest('auth.badCredentials');
    await clearFailures(db, username);
    return found;
  });
}

/**
 * Opens a session for a user already identified (by password, or by a linked external identity) and
 * signs its token: the one way every sign-in ends. A blacklisted user, or a user of a disabled tenant, is
 * refused here whatever proved who they are.
 */
export async function openSession(
  { db, config, issueToken }: SessionDeps,
  user: { id: number; tenantId: number | null; roles: readonly string[]; blacklisted: boolean },
  meta: SignInMeta,
  now = new Date(),
): Promise<{ token: string; userId: number }> {
  // A disabled tenant's users are locked out like blacklisted ones.
  if (user.blacklisted || (await isTenantDisabled(db, user.tenantId))) {
    // 400 like every other sign-in refusal: the console shows the message table's generic text for any
    // 403 (spec section 8), and a disabled user should learn why it cannot sign in.
    throw new AppError(400, 'auth.userDisabled');
  }
  const session = await createSession(db, user, config.session, meta, now);
  const token = await issueToken({ sessionId: session.id, userId: user.id }, session.expiresAt);
  return { token, userId: user.id };
}

/**
 * Signs a user in with username and password. A blacklisted user learns it is disabled only after giving
 * the right password (openSession comes after verifyCredentials).
 */
export async function login(
  deps: LoginDeps & SessionDeps,
  body: LoginBody,
  meta: SignInMeta,
): Promise<{ token: string; userId: number }> {
  const now = new Date();
  const user = await verifyCredentials(deps, body, now);
  return openSession(deps, user, meta, now);
}

export async function getInfo(db: Db, scope: Scope): Promise<UserInfo> {
  return {
    user: await getOwnUser(db, scope),
    roles: [...scope.roles],
    permissions: [...scope.permissions],
  };
}

/** The menu of the caller: the route table filtered by its roles and permissions. */
export function getRouters(scope: Scope): RouteRecord[] {
  return routesForUser(scope.roles, scope.permissions);
}
