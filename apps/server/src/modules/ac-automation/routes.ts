import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acAutomationActiveBodySchema,
  acAutomationCreateBodySchema,
  acAutomationExplanationSchema,
  acAutomationListBodySchema,
  acAutomationSaveBodySchema,
  acAutomationSavingsBodySchema,
  acAutomationSavingsSchema,
  acAutomationSchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  type AcAutomationExplanation,
  acAutomationSavingsEvidenceBodySchema,
  savingsEvidenceSchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import type { Scope } from '../../platform/tenancy.js';
import { weatherProvider, type WeatherProvider } from '../scenes/index.js';
import { decideAc } from './evaluator.js';
import { configOf, gatherInputs } from './inputs.js';
import { acAutomationSavings, acAutomationSavingsEvidence } from './savings.js';
import {
  createAutomation,
  deleteAutomation,
  findAutomation,
  getAutomation,
  listAutomations,
  saveAutomation,
  setAutomationActive,
} from './service.js';

const tags = ['acAutomation'];
const automationEnvelope = envelopeSchema(acAutomationSchema);

/** POST /sbuilding/acAutomation/explain/{id}: what the config wants now and what it read; nothing sent. */
export async function explainAutomation(
  db: Db,
  scope: Scope,
  id: number,
  now: Date,
  weather: WeatherProvider,
): Promise<AcAutomationExplanation> {
  const row = await findAutomation(db, scope, id);
  const { inputs, localTime } = await gatherInputs(db, row, now, { weather });
  const { desired, inTiming, occupied } = decideAc(configOf(row), inputs);
  return {
    now: now.toISOString(),
    localTime,
    workday: inputs.workday,
    desired,
    inputs: {
      motionCount: inputs.motionCount,
      occupied,
      vacantSince: inputs.vacantSince?.toISOString() ?? null,
      outdoorTemp: inputs.outdoorTemp,
      roomTemp: inputs.roomTemp,
      inNap: inputs.inNap,
      inTiming,
    },
  };
}

/**
 * /sbuilding/acAutomation/*: AC automation configs of a project (spec section 3), tbAdmin's like the other
 * scene screens (admin passes every role check), tenant-scoped (another tenant's ids answer 404).
 */
export const acAutomationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/acAutomation/getList',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary: "A page of a project's AC automation configs (AC or group name contains)",
        body: acAutomationListBodySchema,
        response: { 200: envelopeSchema(pageSchema(acAutomationSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listAutomations(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/acAutomation/:id',
    {
      config: { access: { action: 'automation:read', on: 'acAutomation' } },
      schema: {
        tags,
        summary: 'One AC automation config, its AC or group and zone named',
        params: idParamsSchema,
        response: { 200: automationEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getAutomation(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/acAutomation/create',
    {
      config: { access: { action: 'automation:write' } },
      schema: {
        tags,
        summary: 'Creates an AC automation config; one per AC or group in a project',
        body: acAutomationCreateBodySchema,
        response: { 200: automationEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createAutomation(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/acAutomation/save/:id',
    {
      config: { access: { action: 'automation:write', on: 'acAutomation' } },
      schema: {
        tags,
        summary: 'Saves an AC automation config; 409 when it changed since `version`',
        params: idParamsSchema,
        body: acAutomationSaveBodySchema,
        response: { 200: automationEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveAutomation(app.db, request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/acAutomation/active/:id',
    {
      config: { access: { action: 'automation:write', on: 'acAutomation' } },
      schema: {
        tags,
        summary: 'Makes an AC automation config active or inactive (the console confirms first)',
        params: idParamsSchema,
        body: acAutomationActiveBodySchema,
        response: { 200: automationEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await setAutomationActive(app.db, request.scope(), request.params.id, request.body.active)),
  );

  app.delete(
    '/sbuilding/acAutomation/:id',
    {
      config: { access: { action: 'automation:write', on: 'acAutomation' } },
      schema: {
        tags,
        summary: 'Deletes an AC automation config; what it did stays in the scheduling log',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteAutomation(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/acAutomation/explain/:id',
    {
      config: { access: { action: 'automation:read', on: 'acAutomation' } },
      schema: {
        tags,
        summary:
          'What the AC automation wants now (on/off, mode, setpoint, fan) and what it read; nothing is sent',
        params: idParamsSchema,
        response: { 200: envelopeSchema(acAutomationExplanationSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await explainAutomation(
          app.db,
          request.scope(),
          request.params.id,
          app.clock.now(),
          weatherProvider(app.config.scenes.weather),
        ),
      ),
  );

  app.post(
    '/sbuilding/acAutomation/savings/evidence',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary:
          "One AC automation's savings over a period (default 30 days), each with its evidence: the unit's reported state before and after the command, when, until its next change, and the draws",
        body: acAutomationSavingsEvidenceBodySchema,
        response: { 200: envelopeSchema(savingsEvidenceSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await acAutomationSavingsEvidence(
          app.db,
          request.scope(),
          request.body.acAutomationId,
          { from: request.body.from, to: request.body.to },
          app.clock.now(),
        ),
      ),
  );

  app.post(
    '/sbuilding/acAutomation/savings',
    {
      config: { access: { action: 'automation:read' } },
      schema: {
        tags,
        summary:
          'Energy each AC automation saved over a period (default 30 days): for each unit it commanded that reported a lower-drawing state after than before, the difference of draw until its next reported change',
        body: acAutomationSavingsBodySchema,
        response: { 200: envelopeSchema(acAutomationSavingsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await acAutomationSavings(app.db, request.scope(), request.body.projectId, {
          from: request.body.from,
          to: request.body.to,
        }),
      ),
  );
};
