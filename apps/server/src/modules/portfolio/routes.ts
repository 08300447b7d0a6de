import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, portfolioQuerySchema, portfolioSchema } from '@sbuilding/shared';
import { okJson } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
import { portfolio } from './service.js';

/** How long one answer is shared between callers who see the same projects (same query, same minute). */
const PORTFOLIO_CACHE_MS = 10_000;

/** The portfolio (issue 22): a tenant's projects, or every tenant's for the platform administrator. */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new SharedCache<string>(PORTFOLIO_CACHE_MS);
  app.get(
    '/sbuilding/energy/portfolio',
    {
      config: { access: { action: 'portfolio:read' } },
      schema: {
        tags: ['energy'],
        summary:
          "Every project of the caller's tenant (the platform administrator: of every tenant) and its buildings: kWh, kWh/m², cost, carbon and peak demand, this period against the previous one (up to the same moment while it runs)",
        querystring: portfolioQuerySchema,
        response: { 200: envelopeSchema(portfolioSchema), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const now = app.clock.now().getTime();
      // The minute is part of the key: a running period is compared up to the same minute.
      const key = `${scopeKey(scope)}:${request.query.period}:${request.query.anchor ?? ''}:${Math.floor(now / 60_000)}`;
      const body = await cache.get(key, async () =>
        JSON.stringify(portfolioSchema.parse(await portfolio(app.db, scope, request.query, now))),
      );
      return okJson(request, reply, body);
    },
  );
};
