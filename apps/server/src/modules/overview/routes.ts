import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, overviewQuerySchema, overviewSchema, PROJECT_READ_ROLES } from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { overview } from './service.js';

/** The platform overview (/board/index) and the display dashboard (/dashboard) read this one call. */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/board/overview',
    {
      // Every board role (tbAdmin, tbCustomer, tbVisualDisplay; admin passes everywhere).
      config: { roles: PROJECT_READ_ROLES },
      schema: {
        tags: ['boards'],
        summary:
          "A project's figures at a glance: devices online and offline, today's energy against yesterday's, open alerts by level, CO2 of the air sensors, lights on, ACs running, and its buildings with their place and devices online",
        querystring: overviewQuerySchema,
        response: { 200: envelopeSchema(overviewSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, {
        ...(await overview(app.db, request.scope(), request.query, app.clock.now().getTime())),
        mapStyleUrl: app.config.mapStyleUrl ?? null,
      }),
  );
};
