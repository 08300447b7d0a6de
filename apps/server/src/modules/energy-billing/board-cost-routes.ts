import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  energyBoardCostSchema,
  energyDemandSchema,
  energyQuerySchema,
  envelopeSchema,
} from '@sbuilding/shared';
import { ok, okJson } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { scopeKey } from '../../platform/shared-cache.js';
import { energyBoardCost } from './costs.js';
import { energyDemand } from './demand-places.js';
import type { PricedCaches } from './priced-caches.js';

/** The energy board's cost and carbon (shared answers) and its peak demand (issue 22). */
export const boardCostRoutes: FastifyPluginAsyncZod<{ caches: PricedCaches }> = async (app, { caches }) => {
  app.get(
    '/sbuilding/board/energy/cost',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags: ['boards'],
        summary:
          "The energy board's cost and carbon (the summary's query): beside each channel, floor, building and the total, this period and the previous one, split by tariff period",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyBoardCostSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const { projectId, period, anchor, buildingId } = request.query;
      // The minute is part of the key: a running period is compared up to the same minute.
      const now = app.clock.now().getTime();
      const key = `${scopeKey(scope)}:${projectId}:${period}:${anchor ?? ''}:${buildingId ?? ''}:${Math.floor(now / 60_000)}`;
      const body = await caches.cost.get(key, async () =>
        JSON.stringify(energyBoardCostSchema.parse(await energyBoardCost(app.db, scope, request.query, now))),
      );
      return okJson(request, reply, body);
    },
  );

  app.get(
    '/sbuilding/board/energy/demand',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags: ['boards'],
        summary:
          "The energy board's peak demand (the summary's query): the period's highest 15-minute average kW and when, of the scope, each building and each floor, up to now while the period runs",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyDemandSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await energyDemand(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );
};
