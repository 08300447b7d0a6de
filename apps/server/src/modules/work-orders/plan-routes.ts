import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  maintenancePlanCreateBodySchema,
  maintenancePlanListBodySchema,
  maintenancePlanSaveBodySchema,
  maintenancePlanSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createPlan, deletePlan, listPlans, savePlan } from './plan-service.js';

const tags = ['work-orders'];
const assignee = { assigneeId: 'user' } as const;

/** Maintenance plans: read by whoever reads work orders, changed by the project administrator. */
export const maintenancePlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/sbuilding/workorder/plan/create',
    {
      config: { access: { action: 'workOrders:manage', fields: assignee } },
      schema: {
        tags,
        summary:
          'A maintenance plan: a device category (optionally in one building) or a list of devices, every n days, weeks or months; each run makes one work order per device',
        body: maintenancePlanCreateBodySchema,
        response: { 200: envelopeSchema(maintenancePlanSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createPlan(app.db, request.scope(), request.body, app.clock.now())),
  );

  app.post(
    '/sbuilding/workorder/plan/getList',
    {
      config: { access: { action: 'workOrders:read' } },
      schema: {
        tags,
        summary: "The project's maintenance plans, by name, with their next run",
        body: maintenancePlanListBodySchema,
        response: { 200: envelopeSchema(z.array(maintenancePlanSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listPlans(app.db, request.scope(), request.body.projectId)),
  );

  app.post(
    '/sbuilding/workorder/plan/save/:id',
    {
      config: { access: { action: 'workOrders:manage', on: 'maintenancePlan', fields: assignee } },
      schema: {
        tags,
        summary:
          'Edits a maintenance plan at the version read (a new timing moves its next run); 409 when stale',
        params: idParamsSchema,
        body: maintenancePlanSaveBodySchema,
        response: { 200: envelopeSchema(maintenancePlanSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await savePlan(app.db, request.scope(), request.params.id, request.body, app.clock.now())),
  );

  app.delete(
    '/sbuilding/workorder/plan/del/:id',
    {
      config: { access: { action: 'workOrders:manage', on: 'maintenancePlan' } },
      schema: {
        tags,
        summary: 'Deletes a maintenance plan; the work orders it made stay',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deletePlan(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
