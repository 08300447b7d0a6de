import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMAND_TIMEOUT_MS,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  sceneCreateBodySchema,
  sceneEnableBodySchema,
  sceneExplanationSchema,
  sceneListBodySchema,
  sceneRunListBodySchema,
  sceneRunSchema,
  sceneSaveBodySchema,
  sceneSavingsBodySchema,
  sceneSavingsEvidenceBodySchema,
  savingsEvidenceSchema,
  sceneSavingsSchema,
  sceneSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { explainScene } from './evaluate.js';
import { executeScene } from './run.js';
import { listRuns } from './runs.js';
import {
  createScene,
  deleteScene,
  getScene,
  listScenes,
  saveScene,
  setSceneEnabled,
  type SceneDeps,
} from './service.js';
import { sceneSavings, sceneSavingsEvidence } from './savings.js';
import { weatherProvider } from './weather.js';

const tags = ['scenes'];
const sceneEnvelope = envelopeSchema(sceneSchema);

/**
 * /sbuilding/scene/*: scenes of a project and their scheduling log. The scene screens are tbAdmin's (spec
 * section 2 and 6; admin passes every role check).
 */
export const sceneRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SceneDeps => ({
    db: app.db,
    channel: app.deviceChannel,
    log: app.controlLog,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    weather: weatherProvider(app.config.scenes.weather),
    clock: app.clock,
    events: app.sceneEvents,
  });

  app.post(
    '/sbuilding/scene/getList',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary:
          "A page of a project's scenes, filtered by name (contains) and trigger type, each with its last run",
        body: sceneListBodySchema,
        response: { 200: envelopeSchema(pageSchema(sceneSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listScenes(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/scene/:id',
    {
      config: { access: { action: 'automation:read', on: 'scene' } },
      schema: {
        tags,
        summary: 'One scene with its targets named and its last run',
        params: idParamsSchema,
        response: { 200: sceneEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getScene(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/scene/create',
    {
      config: { access: { action: 'automation:write' } },
      schema: {
        tags,
        summary:
          "Creates a scene (spec section 5 rules: 'ExecuteTime is exist !', 'Execute Action is required!', 'Select Target!', 'Select the same category device'); the name is unique in the project",
        body: sceneCreateBodySchema,
        response: { 200: sceneEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createScene(app.db, request.scope(), request.body, app.clock.now())),
  );

  app.post(
    '/sbuilding/scene/save/:id',
    {
      config: { access: { action: 'automation:write', on: 'scene' } },
      schema: {
        tags,
        summary: 'Saves a scene; 409 when it changed since `version`',
        params: idParamsSchema,
        body: sceneSaveBodySchema,
        response: { 200: sceneEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveScene(app.db, request.scope(), request.params.id, request.body, app.clock.now())),
  );

  app.post(
    '/sbuilding/scene/enable/:id',
    {
      config: { access: { action: 'automation:write', on: 'scene' } },
      schema: {
        tags,
        summary: 'Enables or disables a scene (the console confirms first)',
        params: idParamsSchema,
        body: sceneEnableBodySchema,
        response: { 200: sceneEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await setSceneEnabled(
          app.db,
          request.scope(),
          request.params.id,
          request.body.enabled,
          app.clock.now(),
        ),
      ),
  );

  app.delete(
    '/sbuilding/scene/:id',
    {
      config: { access: { action: 'automation:write', on: 'scene' } },
      schema: {
        tags,
        summary: 'Deletes a scene; its runs stay in the scheduling log',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteScene(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/scene/explain/:id',
    {
      config: { access: { action: 'automation:read', on: 'scene' } },
      schema: {
        tags,
        summary:
          'What the scene would do now: every check and condition with the live value it read, and the commands it would send; nothing is sent',
        params: idParamsSchema,
        response: { 200: envelopeSchema(sceneExplanationSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await explainScene(
          app.db,
          request.scope(),
          request.params.id,
          app.clock.now(),
          deps().weather,
          (id) => Boolean(app.deviceChannel?.isConnected(id)),
        ),
      ),
  );

  app.post(
    '/sbuilding/scene/execute/:id',
    {
      config: { access: { action: 'automation:write', on: 'scene' } },
      schema: {
        tags,
        summary:
          "Runs the scene now (the operator's order: its checks are recorded, not applied); answers the run with each device's result",
        params: idParamsSchema,
        response: { 200: envelopeSchema(sceneRunSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await executeScene(deps(), request.scope(), request.params.id, {
          lang: request.lang,
          userName: request.auth?.userName ?? '',
        }),
      ),
  );

  app.post(
    '/sbuilding/scene/runs',
    {
      // /job/log is a session page (spec section 2): every reading role sees the log.
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "The scheduling log (/job/log): a page of a project's scene runs and skips with trigger, outcome, reason, duration and the commands sent, newest first",
        body: sceneRunListBodySchema,
        response: { 200: envelopeSchema(pageSchema(sceneRunSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await app.controlLog.flushed();
      return ok(request, await listRuns(app.db, request.scope(), request.body));
    },
  );

  app.post(
    '/sbuilding/scene/savings/evidence',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary:
          "One scene's savings over a period (default 30 days), each with its evidence: the device's reported state before and after the command, when, until its next change, and the draws",
        body: sceneSavingsEvidenceBodySchema,
        response: { 200: envelopeSchema(savingsEvidenceSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await sceneSavingsEvidence(
          app.db,
          request.scope(),
          request.body.sceneId,
          { from: request.body.from, to: request.body.to },
          app.clock.now(),
        ),
      ),
  );

  app.post(
    '/sbuilding/scene/savings',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary:
          "Energy each of a project's scenes saved over a period (default 30 days): for each device a run commanded that reported a lower-drawing state after than before, the difference of draw until its next reported change",
        body: sceneSavingsBodySchema,
        response: { 200: envelopeSchema(sceneSavingsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await sceneSavings(app.db, request.scope(), request.body.projectId, {
          from: request.body.from,
          to: request.body.to,
        }),
      ),
  );
};
