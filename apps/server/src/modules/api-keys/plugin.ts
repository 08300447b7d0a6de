import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX } from '@sbuilding/shared';
import { AppError, notFound } from '../../platform/errors.js';
import { projectInScope } from '../../platform/tenancy.js';
import { KeyRateLimiter } from './rate-limit.js';
import { verifyApiKey } from './verify.js';

/** Characters of a key that name it (`sbk_` + 8): what the rate limit counts by. */
const PUBLIC_PART = API_KEY_PREFIX.length + 8;

/**
 * Teaches the auth plugin API keys: a bearer token starting with `sbk_` is looked up here instead of
 * being read as a session JWT. The rate limit is counted before the database is asked.
 */
export const apiKeysPlugin = fp(
  async (app: FastifyInstance) => {
    const limiter = new KeyRateLimiter(app.config.apiKeys.ratePerMinute);
    app.addBearerVerifier({
      prefix: API_KEY_PREFIX,
      async verify(token, request, reply) {
        const wait = limiter.take(token.slice(0, PUBLIC_PART));
        if (wait > 0) {
          reply?.header('Retry-After', String(wait));
          throw new AppError(429, 'apiKey.rateLimited', { limit: limiter.limit, seconds: wait });
        }
        return verifyApiKey(app.db, token, request.ip);
      },
    });
  },
  { name: 'api-keys', dependencies: ['auth', 'database'] },
);

function projectIdsIn(input: unknown): number[] {
  if (typeof input !== 'object' || input === null) return [];
  const out: number[] = [];
  for (const [name, value] of Object.entries(input)) {
    if (name === 'projectId' && typeof value === 'number') out.push(value);
    if (name === 'projectIds' && Array.isArray(value)) {
      for (const id of value) if (typeof id === 'number') out.push(id);
    }
  }
  return out;
}

/**
 * preHandler of the protected context: a project-limited key naming another project (`projectId` or
 * `projectIds` in the path, query or body, after validation) hears 404, as for a project that does not
 * exist. Rows reached by their own ids are limited by the tenancy scope (platform/tenancy.ts).
 */
export async function checkKeyProjects(request: FastifyRequest): Promise<void> {
  const scope = request.auth?.scope;
  if (!scope || scope.projectIds === undefined) return;
  for (const input of [request.params, request.query, request.body]) {
    for (const id of projectIdsIn(input)) if (!projectInScope(scope, id)) throw notFound();
  }
}
