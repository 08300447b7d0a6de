import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, sceneWeekBodySchema, sceneWeekSchema } from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { sceneWeek } from './week-service.js';

/** POST /sbuilding/scene/week: the week view of /timeMgmt (tbAdmin's, like every scene screen). */
export const sceneWeekRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/scene/week',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags: ['scenes'],
        summary:
          "The timed runs of a project's enabled scenes over 7 local days from `from`, each judged by the scene engine (calendar, effective dates, weekdays, time range, limits), and each day's work-time windows",
        body: sceneWeekBodySchema,
        response: { 200: envelopeSchema(sceneWeekSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await sceneWeek(app.db, request.scope(), request.body.projectId, request.body.from)),
  );
};
