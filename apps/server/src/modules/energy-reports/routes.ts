import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  PROJECT_WRITE_ROLES,
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
  sharedView,
  updateSchedule,
} from './service.js';

const tags = ['energy'];
/**
 * Schedules name the project's notification channels and share links open the project's figures to anyone
 * holding them: the tenant's administrator manages both (admin passes), as he manages the channels.
 */
const MANAGE = { roles: PROJECT_WRITE_ROLES };

/** Scheduled energy reports and share links (issue 22), under /sbuilding/energy/report. */
export const energyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now().getTime();

  app.get(
    '/sbuilding/energy/report/schedule/list',
    {
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: MANAGE,
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
      config: { public: true },
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
};
