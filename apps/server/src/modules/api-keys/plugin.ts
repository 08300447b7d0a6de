import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { API_KEY_PREFIX } from '@sbuilding/shared';
import { AppError } from '../../platform/errors.js';
import { verifyApiKey } from './verify.js';

/**
 * Failed key verifications one client address may make a minute before it hears 429: a guessed or revoked
 * key. Counted per address, never per key, so that nobody can lock a key out by sending its public prefix
 * with a wrong secret (the attack that counted requests by prefix before verifying them did just that).
 */
export const FAILED_KEYS_PER_MINUTE = 30;

const MINUTE = 60_000;

/**
 * Teaches the auth plugin API keys: a bearer token starting with `sbk_` is looked up here instead of
 * being read as a session JWT. The limits are @fastify/rate-limit's (in memory, bounded, per node): a
 * verified key counts against its own limit (API_KEY_RATE_LIMIT a minute), a failed one against its
 * client address.
 */
export const apiKeysPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, { global: false });
    // The key a verified request came with, for the per-key limit's counter.
    const verifiedKey = new WeakMap<FastifyRequest, number>();
    const perKey = app.rateLimit({
      max: app.config.apiKeys.ratePerMinute,
      timeWindow: MINUTE,
      keyGenerator: (request) => `key:${verifiedKey.get(request) ?? 0}`,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'apiKey.rateLimited', {
          limit: context.max,
          seconds: Math.ceil(context.ttl / 1000),
        }),
    });
    const failures = app.rateLimit({
      max: FAILED_KEYS_PER_MINUTE,
      timeWindow: MINUTE,
      keyGenerator: (request) => `failed:${request.ip}`,
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'apiKey.tooManyFailures', { seconds: Math.ceil(context.ttl / 1000) }),
    });
    app.addBearerVerifier({
      prefix: API_KEY_PREFIX,
      async verify(token, request, reply) {
        const auth = await verifyApiKey(app.db, token, request.ip);
        if (!auth?.apiKey) {
          if (reply) await failures.call(app, request, reply);
          return null;
        }
        verifiedKey.set(request, auth.apiKey.id);
        if (reply) await perKey.call(app, request, reply);
        return auth;
      },
    });
  },
  { name: 'api-keys', dependencies: ['auth', 'database'] },
);
