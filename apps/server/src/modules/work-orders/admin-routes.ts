import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  exportResultSchema,
  workOrderAssigneeSchema,
  workOrderAssignBodySchema,
  workOrderAssignResultSchema,
  workOrderFilterSchema,
  workOrderProjectQuerySchema,
  workOrderSettingsBodySchema,
  workOrderSettingsSchema,
  workOrderStatsQuerySchema,
  workOrderStatsSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { exportWorkOrders } from './export.js';
import { listAssignees } from './read.js';
import { assignWorkOrders } from './service.js';
import { getSettings, saveSettings } from './settings-service.js';
import { workOrderStats } from './stats.js';

const tags = ['work-orders'];

/** The board card, the export, bulk assignment, the assignee list, the project's settings. */
export const workOrderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.workOrders.deps();

  app.get(
    '/sbuilding/workorder/stats',
    {
      config: { access: { action: 'workOrders:read' } },
      schema: {
        tags,
        summary:
          'The board card: open and overdue now; resolved, mean time to acknowledge and to resolve, share within the service level; by building and by month',
        querystring: workOrderStatsQuerySchema,
        response: { 200: envelopeSchema(workOrderStatsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await workOrderStats(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.post(
    '/sbuilding/workorder/export',
    {
      config: { access: { action: 'workOrders:read', fields: { assigneeId: 'user' } } },
      schema: {
        tags,
        summary: 'Writes the work orders of the filter to an .xlsx; download it with GET /common/download',
        body: workOrderFilterSchema,
        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const filter = { ...request.body, pageNum: 1, pageSize: 500 };
      const fileName = await exportWorkOrders(
        deps(),
        request.scope(),
        filter,
        request.lang,
        app.storage.exports,
      );
      return ok(request, { fileName });
    },
  );

  app.post(
    '/sbuilding/workorder/assign',
    {
      config: { access: { action: 'workOrders:manage', fields: { ids: 'workOrder', assigneeId: 'user' } } },
      schema: {
        tags,
        summary:
          'Gives the open work orders among `ids` to one assignee (new ones become assigned); answers how many',
        body: workOrderAssignBodySchema,
        response: { 200: envelopeSchema(workOrderAssignResultSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, { count: await assignWorkOrders(deps(), request.scope(), request.body) }),
  );

  app.get(
    '/sbuilding/workorder/assignees',
    {
      config: { access: { action: 'workOrders:read' } },
      schema: {
        tags,
        summary: "Who the project's work orders may be given to: the tenant's tbAdmin and tbCustomer users",
        querystring: workOrderProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(workOrderAssigneeSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listAssignees(app.db, request.scope(), request.query.projectId)),
  );

  app.get(
    '/sbuilding/workorder/settings',
    {
      config: { access: { action: 'workOrders:read' } },
      schema: {
        tags,
        summary:
          "The project's service levels and its rule for work orders from alerts (defaults until saved)",
        querystring: workOrderProjectQuerySchema,
        response: { 200: envelopeSchema(workOrderSettingsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getSettings(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/workorder/settings',
    {
      config: { access: { action: 'workOrders:manage' } },
      schema: {
        tags,
        summary:
          "Replaces the project's service levels and automatic rule at the version read (0 the first time); 409 when stale",
        body: workOrderSettingsBodySchema,
        response: { 200: envelopeSchema(workOrderSettingsSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveSettings(app.db, request.scope(), request.body)),
  );
};
