import { INVALIDATE } from '../../platform/cluster/index.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertRuleCreateBodySchema,
  alertRuleEnableBodySchema,
  alertRuleListBodySchema,
  alertRuleSchema,
  alertRuleUpdateBodySchema,
  envelopeSchema,
  idParamsSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createRule,
  deleteRule,
  enableRule,
  listRules,
  updateRule,
  type RulesChanged,
} from './rule-service.js';

const tags = ['alerts'];

/** Threshold alert rules of a project: list, add, edit, switch on/off, delete. */
export const alertRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  // The evaluator of every node reloads the project's rules (alerts plugin, through the cluster seam); a
  // failed reload is logged by it, never answered.
  const changed: RulesChanged = (projectId) =>
    app.cluster.publish(INVALIDATE, { cache: 'rules', keys: [projectId] });

  app.post(
    '/sbuilding/alert/rule/getList',
    {
      config: { access: { action: 'alerts:read' } },
      schema: {
        tags,
        summary: "A project's threshold alert rules, by name",
        body: alertRuleListBodySchema,
        response: { 200: envelopeSchema(z.array(alertRuleSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listRules(app.db, request.scope(), request.body.projectId)),
  );

  app.post(
    '/sbuilding/alert/rule/add',
    {
      config: { access: { action: 'alertRules:write' } },
      schema: {
        tags,
        summary: 'Adds a threshold alert rule to a project',
        body: alertRuleCreateBodySchema,
        response: { 200: envelopeSchema(alertRuleSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createRule(app.db, changed, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/alert/rule/edit/:id',
    {
      config: { access: { action: 'alertRules:write', on: 'alertRule' } },
      schema: {
        tags,
        summary: 'Changes a rule (not its project); 409 when it changed since `version`',
        params: idParamsSchema,
        body: alertRuleUpdateBodySchema,
        response: { 200: envelopeSchema(alertRuleSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await updateRule(app.db, changed, request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/alert/rule/enable/:id',
    {
      config: { access: { action: 'alertRules:write', on: 'alertRule' } },
      schema: {
        tags,
        summary: 'Switches a rule on or off; 409 when it changed since `version`',
        params: idParamsSchema,
        body: alertRuleEnableBodySchema,
        response: { 200: envelopeSchema(alertRuleSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const { version, enabled } = request.body;
      const rule = await enableRule(app.db, changed, request.scope(), request.params.id, version, enabled);
      return ok(request, rule);
    },
  );

  app.delete(
    '/sbuilding/alert/rule/:id',
    {
      config: { access: { action: 'alertRules:write', on: 'alertRule' } },
      schema: {
        tags,
        summary: 'Deletes a rule; its alerts stay, open ones for a person to handle',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteRule(app.db, changed, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
