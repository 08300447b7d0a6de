import type { FastifyBaseLogger } from 'fastify';
import { routesForUser, type LoginBody, type RouteRecord, type UserInfo } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../platform/env.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../platform/auth/passwords.js';
import { createSession, type NewSession } from '../sessions/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { findUserByUsername, getOwnUser } from '../users/index.js';
import { isTenantDisabled } from '../tenants/index.js';
import { consumeCaptcha, isCaptchaEnabled } from './captcha.js';
import { sweepExpired } from './housekeeping.js';
import { LOCKOUT, clearFailures, forgetAttempt, inTurn, lockedUntil, recordAttempt } from '../sessions/index.js';

export interface LoginDeps {
  db: Db;
  config: Pick<Config, 'captchaEnabled' | 'session'>;
  log: FastifyBaseLogger;
}

function lockedError(until: Date, now: Date): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'auth.locked', { minutes });
}

/**
 * Signs a user in and opens a session. Order matters: the captcha is consumed first (one guess per
 * image), then the lockout, then the password; attempts of one username take the last two in turn. An
 * unknown username and a wrong password give the same answer in the same time; a blacklisted user learns
 * it is disabled only after giving the right password.
 */
export async function login(
  { db, config, log }: LoginDeps,
  body: LoginBody,
  meta: { ip: string; userAgent: string },
): Promise<NewSession & { userId: number }> {
  const now = new Date();
  await sweepExpired(db, log, now);
  if (await isCaptchaEnabled(db, config.captchaEnabled)) await consumeCaptcha(db, body.uuid, body.code, now);

  const username = body.username;
  const user = await inTurn(db, username, async () => {
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

  // A disabled tenant's users are locked out like blacklisted ones, and likewise told only after the password.
  if (user.blacklisted || (await isTenantDisabled(db, user.tenantId))) {
    // 400 like every other sign-in refusal: the console shows the message table's generic text for any
    // 403 (spec section 8), and a disabled user should learn why it cannot sign in.
    throw new AppError(400, 'auth.userDisabled');
  }
  const session = await createSession(db, user, config.session, meta, now);
  return { ...session, userId: user.id };
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
