import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, overviewQuerySchema, overviewSchema } from '@sbuilding/shared';
import { okJson } from '../../platform/envelope.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
import { errorResponses } from '../../platform/openapi.js';
import { overview } from './service.js';

/** How long the figures are shared between viewers who see the same rows (boards' BOARD_CACHE_MS). */
const OVERVIEW_CACHE_MS = 2_000;

/** The platform overview (/board/index) and the display dashboard (/dashboard) read this one call. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // The dashboard runs on every wall screen: one computation every few seconds (platform/shared-cache.ts).
  const cache = new SharedCache<string>(OVERVIEW_CACHE_MS);
  app.get(
    '/sbuilding/board/overview',
    {
      // Every board role (tbAdmin, tbCustomer, tbVisualDisplay; admin passes everywhere).
      config: { access: { action: 'projects:read' } },
      schema: {
        tags: ['boards'],
        summary:
          "A project's figures at a glance: devices online and offline, today's energy against yesterday's, open alerts by level, CO2 of the air sensors, lights on, ACs running, and its buildings with their place and devices online",
        querystring: overviewQuerySchema,
        response: { 200: envelopeSchema(overviewSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      // The minute is part of the key: 'yesterday up to the same time' moves with it.
      const now = app.clock.now().getTime();
      const minute = Math.floor(now / 60_000);
      const answer = await cache.get(`${scopeKey(scope)}:${request.query.projectId}:${minute}`, async () =>
        JSON.stringify(
          overviewSchema.parse({
            ...(await overview(app.db, scope, request.query, now)),
            mapStyleUrl: app.config.mapStyleUrl ?? null,
          }),
        ),
      );
      return okJson(request, reply, answer);
    },
  );
};
