import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMAND_TIMEOUT_MS,
  envelopeSchema,
  idParamsSchema,
  noonNapCreateBodySchema,
  noonNapOptionsSchema,
  noonNapProjectSchema,
  noonNapSaveBodySchema,
  noonNapSchema,
  pageSchema,
  sceneEnableBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createNoonNap,
  deleteNoonNap,
  listNoonNaps,
  noonNapOptions,
  saveNoonNap,
  setNoonNapEnabled,
} from './noon-nap-service.js';
import type { SceneDeps } from './service.js';

const tags = ['scenes'];
const napEnvelope = envelopeSchema(noonNapSchema);

/** /sbuilding/noonNap/*: noon naps of a project (/noonNap is tbAdmin's, spec section 2). */
/**
 * The NAP work time is checked by the service within the nap's project (itself checked), where an unknown one
 * is answered in the spec's words ("Choose one of the project's NAP work times").
 */
const NAP_TIME = { workTimeId: null };

export const noonNapRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SceneDeps => ({
    db: app.db,
    channel: app.deviceChannel,
    log: app.controlLog,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    clock: app.clock,
  });

  app.post(
    '/sbuilding/noonNap/getList',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary: "The project's noon naps, each with its NAP window (from the work time) and last run",
        body: noonNapProjectSchema,
        response: { 200: envelopeSchema(pageSchema(noonNapSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listNoonNaps(app.db, request.scope(), request.body.projectId)),
  );

  app.get(
    '/sbuilding/noonNap/options',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary: "What a noon nap chooses from: the project's NAP work times and its zones",
        querystring: noonNapProjectSchema,
        response: { 200: envelopeSchema(noonNapOptionsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await noonNapOptions(app.db, request.scope(), request.query.projectId)),
  );

  app.put(
    '/sbuilding/noonNap/create',
    {
      config: { access: { action: 'automation:write', fields: NAP_TIME } },
      schema: {
        tags,
        summary:
          'Creates a noon nap; refused when the project has no NAP work time (spec section 5); the name is unique in the project',
        body: noonNapCreateBodySchema,
        response: { 200: napEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await createNoonNap(app.db, request.scope(), request.body, app.clock.now())),
  );

  app.post(
    '/sbuilding/noonNap/save/:id',
    {
      config: { access: { action: 'automation:write', on: 'noonNap', fields: NAP_TIME } },
      schema: {
        tags,
        summary: 'Saves a noon nap; 409 when it changed since `version`',
        params: idParamsSchema,
        body: noonNapSaveBodySchema,
        response: { 200: napEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveNoonNap(app.db, request.scope(), request.params.id, request.body, app.clock.now()),
      ),
  );

  app.post(
    '/sbuilding/noonNap/enable/:id',
    {
      config: { access: { action: 'automation:write', on: 'noonNap', fields: NAP_TIME } },
      schema: {
        tags,
        summary: 'Enables or disables a noon nap (the console confirms first); a nap on now still restores',
        params: idParamsSchema,
        body: sceneEnableBodySchema,
        response: { 200: napEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await setNoonNapEnabled(
          app.db,
          request.scope(),
          request.params.id,
          request.body.enabled,
          app.clock.now(),
        ),
      ),
  );

  app.delete(
    '/sbuilding/noonNap/:id',
    {
      config: { access: { action: 'automation:write', on: 'noonNap', fields: NAP_TIME } },
      schema: {
        tags,
        summary:
          'Deletes a noon nap; its runs stay in the scheduling log. During its nap, what it changed is put back first',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteNoonNap(deps(), request.scope(), request.params.id, app.clock.now());
      return ok(request, null);
    },
  );
};
