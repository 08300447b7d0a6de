import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  alertCountsSchema,
  alertDetailSchema,
  alertFilterSchema,
  alertIgnoreAllResultSchema,
  alertIgnoreBodySchema,
  alertListBodySchema,
  alertProcessBodySchema,
  alertSchema,
  envelopeSchema,
  exportResultSchema,
  idParamsSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok, okJson } from '../../platform/envelope.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
import { errorResponses } from '../../platform/openapi.js';
import { exportAlerts } from './export.js';
import { alertDetail, countAlerts, handleAlert, ignoreAll, listAlerts } from './service.js';

const tags = ['alerts'];
/** How long the alarm board's list and counts are shared between viewers who see the same rows. */
const BOARD_CACHE_MS = 2_000;

/** The alarm board's calls (spec sections 3-5): list, counts, detail, process, ignore, ignore all, export. */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  // The alarm board on many screens: one computation per filter every few seconds (platform/shared-cache.ts),
  // forgotten the moment an alert changes on this node (its screens are told to ask again: they must not get
  // the answer from before the change). Another node's change shows within BOARD_CACHE_MS.
  const listCache = new SharedCache<string>(BOARD_CACHE_MS);
  const countsCache = new SharedCache<string>(BOARD_CACHE_MS);
  const stopClearing = app.alertEvents.onChange(() => {
    listCache.clear();
    countsCache.clear();
  });
  app.addHook('onClose', async () => stopClearing());
  app.post(
    '/sbuilding/alert/getList',
    {
      config: { access: { action: 'alerts:read' } },
      schema: {
        tags,
        summary: "A page of a project's alerts matching the filter, newest first",
        body: alertListBodySchema,
        response: { 200: envelopeSchema(pageSchema(alertSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const page = await listCache.get(`${scopeKey(scope)}:${JSON.stringify(request.body)}`, async () =>
        JSON.stringify(pageSchema(alertSchema).parse(await listAlerts(app.db, scope, request.body))),
      );
      return okJson(request, reply, page);
    },
  );

  app.post(
    '/sbuilding/alert/counts',
    {
      config: { access: { action: 'alerts:read' } },
      schema: {
        tags,
        summary: 'How many alerts of the filter there are, by level',
        body: alertFilterSchema,
        response: { 200: envelopeSchema(alertCountsSchema), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const counts = await countsCache.get(`${scopeKey(scope)}:${JSON.stringify(request.body)}`, async () =>
        JSON.stringify(alertCountsSchema.parse(await countAlerts(app.db, scope, request.body))),
      );
      return okJson(request, reply, counts);
    },
  );

  app.get(
    '/sbuilding/alert/:id',
    {
      config: { access: { action: 'alerts:read', on: 'alert' } },
      schema: {
        tags,
        summary: 'One alert with its history (who, when, from what to what, solution), oldest first',
        params: idParamsSchema,
        response: { 200: envelopeSchema(alertDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await alertDetail(app.db, request.scope(), request.params.id)),
  );

  app.post(
    '/sbuilding/alert/process/:id',
    {
      config: { access: { action: 'alerts:handle', on: 'alert' } },
      schema: {
        tags,
        summary:
          'Alerting to processed with a solution and a date (both required); 409 when the alert changed since `version`',
        params: idParamsSchema,
        body: alertProcessBodySchema,
        response: { 200: envelopeSchema(alertSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { version, solution, date } = request.body;
      const alert = await handleAlert(app.db, app.alertEvents, request.scope(), request.params.id, version, {
        to: 'processed',
        solution,
        date,
      });
      return ok(request, alert);
    },
  );

  app.post(
    '/sbuilding/alert/ignore/:id',
    {
      config: { access: { action: 'alerts:handle', on: 'alert' } },
      schema: {
        tags,
        summary: 'Alerting to ignored; 409 when the alert changed since `version`',
        params: idParamsSchema,
        body: alertIgnoreBodySchema,
        response: { 200: envelopeSchema(alertSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const alert = await handleAlert(
        app.db,
        app.alertEvents,
        request.scope(),
        request.params.id,
        request.body.version,
        { to: 'ignored' },
      );
      return ok(request, alert);
    },
  );

  app.post(
    '/sbuilding/alert/ignoreAll',
    {
      config: { access: { action: 'alerts:handle' } },
      schema: {
        tags,
        summary: 'Ignores every alerting alert matching the filter; answers how many',
        body: alertFilterSchema,
        response: { 200: envelopeSchema(alertIgnoreAllResultSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      ok(request, { count: await ignoreAll(app.db, app.alertEvents, request.scope(), request.body) }),
  );

  app.post(
    '/sbuilding/alert/export',
    {
      config: { access: { action: 'alerts:read' } },
      schema: {
        tags,
        summary: 'Writes the alerts of the filter to an .xlsx; download it with GET /common/download',
        body: alertFilterSchema,
        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const fileName = await exportAlerts(
        app.db,
        request.scope(),
        request.body,
        request.lang,
        app.storage.exports,
      );
      return ok(request, { fileName });
    },
  );
};
