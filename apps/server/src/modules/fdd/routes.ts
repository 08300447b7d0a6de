import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  fddFindingListBodySchema,
  fddFindingSchema,
  fddRuleListQuerySchema,
  fddRuleSaveBodySchema,
  fddRuleSettingSchema,
  fddSummaryQuerySchema,
  fddSummarySchema,
  fddTransitionBodySchema,
  idParamsSchema,
  pageSchema,
  sendCmdResultSchema,
  versionSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { fixFinding, workOrderFromFinding } from './actions.js';
import { notifyFindings } from './events.js';
import {
  findingOf,
  findingsSummary,
  listFindings,
  listRules,
  saveRule,
  transitionFinding,
} from './service.js';

const tags = ['fault-detection'];

/** Fault detection's calls (issue 38): findings, their moves, one-click fixes and work orders, rules, summary. */
export const fddRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/fdd/finding/getList',
    {
      config: { access: { action: 'faults:read' } },
      schema: {
        tags,
        summary: "A page of a project's findings by status, building and rule, the costliest per day first",
        body: fddFindingListBodySchema,
        response: { 200: envelopeSchema(pageSchema(fddFindingSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listFindings(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/fdd/finding/:id',
    {
      config: { access: { action: 'faults:read', on: 'fddFinding' } },
      schema: {
        tags,
        summary: 'One finding: its rule, device, place, status, waste so far and per day, evidence and fix',
        params: idParamsSchema,
        response: { 200: envelopeSchema(fddFindingSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await findingOf(app.db, request.scope(), request.params.id)),
  );

  app.post(
    '/sbuilding/fdd/finding/transition/:id',
    {
      config: { access: { action: 'faults:write', on: 'fddFinding' } },
      schema: {
        tags,
        summary: 'Acknowledges, marks fixed, dismisses (saying why: not a fault) or reopens a finding',
        params: idParamsSchema,
        body: fddTransitionBodySchema,
        response: { 200: envelopeSchema(fddFindingSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const moved = await transitionFinding(
        app.db,
        request.scope(),
        request.params.id,
        request.body,
        app.clock.now(),
      );
      // A person saying it is fixed is a fix the project's channels hear of, as the rule's own is.
      if (moved.status === 'fixed') await notifyFindings(app, [{ id: moved.id, event: 'faultFixed' }]);
      return ok(request, moved);
    },
  );

  app.post(
    '/sbuilding/fdd/finding/fix/:id',
    {
      config: { access: { action: 'faults:write', on: 'fddFinding' } },
      schema: {
        tags,
        summary:
          "Sends the finding's one-click fix to its device (the caller must be allowed to switch devices); the rule checks it at once and marks it fixed when the fault is gone",
        params: idParamsSchema,
        body: z.object({ version: versionSchema.optional() }).optional().default({}),
        response: {
          200: envelopeSchema(fddFindingSchema),
          ...errorResponses(400, 403, 404, 409),
          // The device did not take the command: each device's outcome, as sendCmd answers.
          503: envelopeSchema(sendCmdResultSchema.nullable()),
        },
      },
    },
    async (request) => ok(request, await fixFinding(app, request, request.params.id, request.body.version)),
  );

  app.post(
    '/sbuilding/fdd/finding/workOrder/:id',
    {
      config: { access: { action: 'faults:write', on: 'fddFinding' } },
      schema: {
        tags,
        summary: 'Makes a work order of a finding at its device (or answers the one already made)',
        params: idParamsSchema,
        response: {
          200: envelopeSchema(z.object({ workOrderId: z.number().int() })),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => ok(request, await workOrderFromFinding(app, request, request.params.id)),
  );

  app.get(
    '/sbuilding/fdd/rule/list',
    {
      config: { access: { action: 'faults:read' } },
      schema: {
        tags,
        summary: "Every rule with the project's switch, thresholds and detection delay",
        querystring: fddRuleListQuerySchema,
        response: { 200: envelopeSchema(z.array(fddRuleSettingSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listRules(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/fdd/rule/save/:id',
    {
      config: { access: { action: 'faults:write', on: 'project' } },
      schema: {
        tags,
        summary: "Saves one rule's switch and thresholds for the project {id}",
        params: idParamsSchema,
        body: fddRuleSaveBodySchema,
        response: { 200: envelopeSchema(fddRuleSettingSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveRule(app.db, request.scope(), request.params.id, request.body)),
  );

  app.get(
    '/sbuilding/fdd/summary',
    {
      config: { access: { action: 'faults:read' } },
      schema: {
        tags,
        summary: "The waste of a project's findings this month (or year): in all, by rule and by building",
        querystring: fddSummaryQuerySchema,
        response: { 200: envelopeSchema(fddSummarySchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await findingsSummary(app.db, request.scope(), request.query, app.clock.now())),
  );
};
