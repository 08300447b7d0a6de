import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acBoardQuerySchema,
  acBoardSchema,
  airBoardQuerySchema,
  airBoardSchema,
  airTrendQuerySchema,
  airTrendSchema,
  envelopeSchema,
  lightBoardQuerySchema,
  lightBoardSchema,
  spaceBoardQuerySchema,
  spaceBoardSchema,
} from '@sbuilding/shared';
import { ok, okJson } from '../../platform/envelope.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
import { errorResponses } from '../../platform/openapi.js';
import { airTrend, sharedAirBoard } from './air.js';
import { acBoard, lightBoard } from './service.js';
import { sharedSpaceBoard } from './space.js';

const tags = ['boards'];
/** How long a board's answer is shared between viewers. */
export const BOARD_CACHE_MS = 2_000;
/**
 * How much longer the last answer is still given at once while one viewer's call recomputes it (the
 * others do not wait for it: platform/shared-cache.ts); live changes arrive over the socket meanwhile.
 */
export const BOARD_STALE_MS = 10_000;

/**
 * The light, AC, air-quality and space boards' starting picture; live changes follow over the socket, commands
 * go to sendCmd.
 */
export const boardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shared for a few seconds by every viewer who sees the same rows (platform/shared-cache.ts, scopeKey);
  // live changes arrive over the socket meanwhile. 200 wall screens on a board cost one computation per
  // period, their own right check included.
  const airCache = new SharedCache<string>(BOARD_CACHE_MS, undefined, undefined, BOARD_STALE_MS);
  const spaceCache = new SharedCache<string>(BOARD_CACHE_MS, undefined, undefined, BOARD_STALE_MS);
  const lightCache = new SharedCache<string>(BOARD_CACHE_MS, undefined, undefined, BOARD_STALE_MS);
  const acCache = new SharedCache<string>(BOARD_CACHE_MS, undefined, undefined, BOARD_STALE_MS);
  app.get(
    '/sbuilding/board/light',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "A building's lights and wall panels with their floor, plan mark, online flag and latest state (on/off, brightness 0-255, colour temperature, buttons), lights on per floor, and the light groups of its project",
        querystring: lightBoardQuerySchema,
        response: { 200: envelopeSchema(lightBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const key = `${scopeKey(scope)}:${request.query.buildingId}`;
      const board = await lightCache.get(key, async () =>
        JSON.stringify(lightBoardSchema.parse(await lightBoard(app.db, scope, request.query))),
      );
      return okJson(request, reply, board);
    },
  );

  app.get(
    '/sbuilding/board/ac',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "A project's (or one building's) AC units with room temperature, setpoint, mode, fan speed, on/off, online flag and whether the model has auto mode; units running; the AC groups",
        querystring: acBoardQuerySchema,
        response: { 200: envelopeSchema(acBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const key = `${scopeKey(scope)}:${request.query.projectId}:${request.query.buildingId ?? ''}`;
      const board = await acCache.get(key, async () =>
        JSON.stringify(acBoardSchema.parse(await acBoard(app.db, scope, request.query))),
      );
      return okJson(request, reply, board);
    },
  );

  app.get(
    '/sbuilding/board/air',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "A project's (or one building's) air and temperature sensors with place, online flag and latest CO2, CH2O, temperature and humidity, each banded Good / Moderate / Unhealthy; every zone with its sensors' means (none: 'Air device not found'); the thresholds in force (system config sbuilding.air.*)",
        querystring: airBoardQuerySchema,
        response: { 200: envelopeSchema(airBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      okJson(request, reply, await sharedAirBoard(app.db, request.scope(), request.query, airCache)),
  );

  app.get(
    '/sbuilding/board/air/trend',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "Hourly means of CO2, CH2O, temperature and humidity over the last 24 hours or 7 days, of one sensor (deviceId) or of a zone's sensors (zoneId), from the hourly rollups",
        querystring: airTrendQuerySchema,
        response: { 200: envelopeSchema(airTrendSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await airTrend(app.db, request.scope(), request.query)),
  );

  app.get(
    '/sbuilding/board/space',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "A project's (or one building's) zones with PIR sensors: occupied or vacant now (latest presence within sbuilding.space.presenceMinutes), and utilisation by local day and hour over the last 7 days from the hourly rollups",
        querystring: spaceBoardQuerySchema,
        response: { 200: envelopeSchema(spaceBoardSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) =>
      okJson(request, reply, await sharedSpaceBoard(app.db, request.scope(), request.query, spaceCache)),
  );
};
