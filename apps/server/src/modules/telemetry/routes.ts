import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, historyQuerySchema, historySchema, idParamsSchema } from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { getHistory } from './history.js';

/** Telemetry history for the boards and the device detail. */
export const telemetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/telemetry/history/:id',
    {
      config: { access: { action: 'devices:read', on: 'device' } },
      schema: {
        tags: ['telemetry'],
        summary:
          "A device's readings of some keys between two instants: raw for a day or less, hourly rollups up to 92 days, daily (project's local days) beyond; interval forces one",
        params: idParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: envelopeSchema(historySchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getHistory(app.db, request.scope(), request.params.id, request.query)),
  );
};
