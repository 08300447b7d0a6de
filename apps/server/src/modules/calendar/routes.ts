import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  projectCalendarSchema,
  vacationsBodySchema,
  vacationsQuerySchema,
  workTimeCreateBodySchema,
  workTimeListQuerySchema,
  workTimeSchema,
  workTimeUpdateBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { getCalendar, replaceCalendar } from './vacations-service.js';
import { createWorkTime, deleteWorkTime, listWorkTimes, updateWorkTime } from './work-time-service.js';

const tags = ['calendar'];

/** A project's calendar (holidays, extra working days) and work times (spec section 7). */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/vacations/:id',
    {
      config: { access: { action: 'projects:read', on: 'project' } },
      schema: {
        tags,
        summary:
          "Holidays and extra working days of project {id} in `year` (the project's current year when absent)",
        params: idParamsSchema,
        querystring: vacationsQuerySchema,
        response: { 200: envelopeSchema(projectCalendarSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getCalendar(app.db, request.scope(), request.params.id, request.query.year)),
  );

  app.post(
    '/sbuilding/vacations',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary:
          "Replaces a project's days of one year at once; `version` is the one read (0 for a year never saved), 409 when stale",
        body: vacationsBodySchema,
        response: { 200: envelopeSchema(projectCalendarSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await replaceCalendar(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/work/rest/list',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: 'All work times of a project in start order, optionally of one zone type or time type',
        querystring: workTimeListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(workTimeSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const rows = await listWorkTimes(app.db, request.scope(), request.query);
      return ok(request, { rows, total: rows.length });
    },
  );

  app.post(
    '/sbuilding/work/rest',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary: 'Creates a work time',
        body: workTimeCreateBodySchema,
        response: { 200: envelopeSchema(workTimeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createWorkTime(app.db, request.scope(), request.body)),
  );

  app.put(
    '/sbuilding/work/rest',
    {
      config: { access: { action: 'projects:write', fields: { id: 'workTime' } } },
      schema: {
        tags,
        summary: 'Updates a work time; 409 when it changed since the client read `version`',
        body: workTimeUpdateBodySchema,
        response: { 200: envelopeSchema(workTimeSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await updateWorkTime(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/work/rest/:id',
    {
      config: { access: { action: 'projects:write', on: 'workTime' } },
      schema: {
        tags,
        summary: 'Deletes a work time',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteWorkTime(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
