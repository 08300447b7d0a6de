import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  energyBoardSchema,
  energyQuerySchema,
  energySavingsSchema,
  envelopeSchema,
  exportResultSchema,
  savingsCheckSchema,
} from '@sbuilding/shared';
import { ok, okJson } from '../../platform/envelope.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
import { errorResponses } from '../../platform/openapi.js';
import { energySavings } from './board-savings.js';
import { exportEnergy } from './export.js';
import { savingsCheck } from './savings-check.js';
import { energyBoard } from './service.js';

const tags = ['boards'];
/** How long the board's figures are shared between viewers who see the same rows (boards' BOARD_CACHE_MS). */
const SUMMARY_CACHE_MS = 2_000;

/** The energy board's calls (spec section 9 energy periods): the board's figures and the table's export. */
export const energyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Many wall screens on one project's board cost one computation every few seconds (platform/shared-cache.ts).
  const summaryCache = new SharedCache<string>(SUMMARY_CACHE_MS);
  app.get(
    '/sbuilding/board/energy/summary',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "A project's consumption for a period (DAY, WEEK, MONTH, YEAR of the project's local calendar) beside the previous one: totals, curve, breakdown by building, floor, meter and channel, largest consumers",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const { projectId, period, anchor, buildingId } = request.query;
      // The minute is part of the key: a running period is compared up to the same minute (and a test that
      // moves the app's clock gets the answer of its new time).
      const now = app.clock.now().getTime();
      const minute = Math.floor(now / 60_000);
      const key = `${scopeKey(scope)}:${projectId}:${period}:${anchor ?? ''}:${buildingId ?? ''}:${minute}`;
      const board = await summaryCache.get(key, async () =>
        JSON.stringify(energyBoardSchema.parse(await energyBoard(app.db, scope, request.query, now))),
      );
      return okJson(request, reply, board);
    },
  );

  app.get(
    '/sbuilding/board/energy/savings',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "What the project's scenes and AC automations saved in the board's period (up to now), kWh: for each device they commanded that reported a lower-drawing state, the difference of draw until its next reported change",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energySavingsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await energySavings(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.get(
    '/sbuilding/board/energy/savings/check',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "Each building's estimated savings in the board's period beside what its meters measured: the hours with a saving against comparable hours without (same local hour, same day type of the calendar, in the period or the 28 days before), and how far the two differ",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(savingsCheckSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await savingsCheck(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.post(
    '/sbuilding/board/energy/export',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "Writes the energy board's breakdown table to an .xlsx; download it with GET /common/download",
        body: energyQuerySchema,
        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const fileName = await exportEnergy(
        app.db,
        request.scope(),
        request.body,
        request.lang,
        app.storage.exports,
        app.clock.now().getTime(),
      );
      return ok(request, { fileName });
    },
  );
};
