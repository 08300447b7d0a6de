import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  energyBoardSchema,
  energyQuerySchema,
  energySavingsSchema,
  envelopeSchema,
  exportResultSchema,
  PROJECT_READ_ROLES,
  savingsCheckSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { energySavings } from './board-savings.js';
import { exportEnergy } from './export.js';
import { savingsCheck } from './savings-check.js';
import { energyBoard } from './service.js';

const tags = ['boards'];
/** Every board role (tbAdmin, tbCustomer, tbVisualDisplay; admin passes everywhere). */
const READ = { roles: PROJECT_READ_ROLES };

/** The energy board's calls (spec section 9 energy periods): the board's figures and the table's export. */
export const energyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/board/energy/summary',
    {
      config: READ,
      schema: {
        tags,
        summary:
          "A project's consumption for a period (DAY, WEEK, MONTH, YEAR of the project's local calendar) beside the previous one: totals, curve, breakdown by building, floor, meter and channel, largest consumers",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await energyBoard(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.get(
    '/sbuilding/board/energy/savings',
    {
      config: READ,
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
      config: READ,
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
      config: { ...READ, read: true },
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
