import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  reportProjectQuerySchema,
  reportScheduleCreateBodySchema,
  reportScheduleSchema,
  reportScheduleUpdateBodySchema,
  reportSendSchema,
  sharedViewSchema,
  shareLinkCreateBodySchema,
  shareLinkSchema,
  shareTokenParamsSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createSchedule,
  createShare,
  deleteSchedule,
  findSchedule,
  listSchedules,
  listSends,
  listShares,
  revokeShare,
  sharedFile,
  sharedView,
  updateSchedule,
} from './service.js';

const tags = ['energy'];

/** Scheduled energy reports and share links (issue 22), under /sbuilding/energy/report. */
/**
 * A schedule's channels are checked by the service within the schedule's project (itself checked), which
 * names an unknown one: 'Notification channel 7 is not one of this project's channels'.
 */
const CHANNELS = { channelIds: null };

export const energyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now().getTime();

  app.get(
    '/sbuilding/energy/report/schedule/list',
    {
      config: { access: { action: 'notifications:read' } },
      schema: {
        tags,
        summary: "A project's report schedules, by name",
        querystring: reportProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(reportScheduleSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listSchedules(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/report/schedule',
    {
      config: { access: { action: 'notifications:write', fields: CHANNELS } },
      schema: {
        tags,
        summary:
          'Creates a weekly (Mondays) or monthly (the 1st) schedule sending the energy report and/or bills through channels',
        body: reportScheduleCreateBodySchema,
        response: { 200: envelopeSchema(reportScheduleSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createSchedule(app.db, request.scope(), request.body, now())),
  );

  app.put(
    '/sbuilding/energy/report/schedule',
    {
      config: { access: { action: 'notifications:write', fields: { id: 'reportSchedule', ...CHANNELS } } },
      schema: {
        tags,
        summary: 'Updates a schedule (a changed frequency or hour moves its next run)',
        body: reportScheduleUpdateBodySchema,
        response: { 200: envelopeSchema(reportScheduleSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await updateSchedule(app.db, request.scope(), request.body, now())),
  );

  app.delete(
    '/sbuilding/energy/report/schedule/:id',
    {
      config: { access: { action: 'notifications:write', on: 'reportSchedule' } },
      schema: {
        tags,
        summary: 'Deletes a schedule and its send history',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteSchedule(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/energy/report/schedule/:id/send',
    {
      config: { access: { action: 'notifications:write', on: 'reportSchedule' } },
      schema: {
        tags,
        summary:
          'Sends the schedule now (the last whole week or month) to its channels; answers once sent, with the history rows',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.array(reportSendSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const schedule = await findSchedule(app.db, request.scope(), request.params.id);
      await app.energyReports.sendNow(schedule);
      const sends = await listSends(app.db, request.scope(), schedule.projectId);
      return ok(
        request,
        sends.filter((s) => s.scheduleId === schedule.id && s.manual).slice(0, schedule.channelIds.length),
      );
    },
  );

  app.get(
    '/sbuilding/energy/report/send/list',
    {
      config: { access: { action: 'notifications:read' } },
      schema: {
        tags,
        summary: "The project's send history, newest first (the last 200)",
        querystring: reportProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(reportSendSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listSends(app.db, request.scope(), request.query.projectId)),
  );

  app.get(
    '/sbuilding/energy/report/share/list',
    {
      config: { access: { action: 'notifications:read' } },
      schema: {
        tags,
        summary: "The project's share links, newest first (their tokens are never shown again)",
        querystring: reportProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(shareLinkSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listShares(app.db, request.scope(), request.query.projectId, now())),
  );

  app.post(
    '/sbuilding/energy/report/share',
    {
      config: { access: { action: 'notifications:write' } },
      schema: {
        tags,
        summary:
          'Creates a read-only link to a report or a bill that works without a session until it expires or is revoked; the answer carries its token (once)',
        body: shareLinkCreateBodySchema,
        response: { 200: envelopeSchema(shareLinkSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createShare(app.db, request.scope(), request.body, now())),
  );

  app.post(
    '/sbuilding/energy/report/share/:id/revoke',
    {
      config: { access: { action: 'notifications:write', on: 'shareLink' } },
      schema: {
        tags,
        summary: 'Revokes a share link: it stops working at once',
        params: idParamsSchema,
        response: { 200: envelopeSchema(shareLinkSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await revokeShare(app.db, request.scope(), request.params.id, now())),
  );
};

/** The share link's own call, reachable without a session: it answers only for a valid token. */
export const publicShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/public/share/:token',
    {
      config: {
        access: { public: 'an unguessable share token, unexpired, unrevoked, of an enabled tenant' },
      },
      schema: {
        tags,
        summary:
          'What a share link opens (its report or bill, nothing else); 404 for a token unknown, expired or revoked',
        security: [],
        params: shareTokenParamsSchema,
        response: { 200: envelopeSchema(sharedViewSchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return ok(request, await sharedView(app.db, request.params.token, app.clock.now().getTime()));
    },
  );

  app.get(
    '/sbuilding/public/share/:token/file',
    {
      config: {
        access: { public: 'an unguessable share token, unexpired, unrevoked, of an enabled tenant' },
      },
      schema: {
        tags,
        summary:
          "What a share link opens as a file in the request's language: a bill as PDF or .xlsx, a report as PDF; 404 as the link's own call",
        security: [],
        params: shareTokenParamsSchema,
        // The language in the query too: the share page offers the file as a plain link, which sends no header.
        querystring: z.object({ format: z.enum(['pdf', 'xlsx']), lang: z.enum(['EN', 'ZH']).optional() }),
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      const { format, lang = request.lang } = request.query;
      const file = await sharedFile(app.db, request.params.token, format, lang, app.clock.now().getTime());
      return reply
        .type(format === 'pdf' ? 'application/pdf' : XLSX_CONTENT_TYPE)
        .header(
          'Content-Disposition',
          // An ASCII name for old clients (a header cannot carry other characters), the real one in filename*.
          `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('Cache-Control', 'no-store')
        .header('Referrer-Policy', 'no-referrer')
        .send(file.body);
    },
  );
};
