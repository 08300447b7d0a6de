import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  workOrderAlertParamsSchema,
  workOrderCommentBodySchema,
  workOrderCreateBodySchema,
  workOrderDetailSchema,
  workOrderListBodySchema,
  workOrderSaveBodySchema,
  workOrderSchema,
  workOrderTransitionBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { workOrderFromAlert } from './alert-link.js';
import { listWorkOrders, workOrderDetail } from './read.js';
import { commentWorkOrder, createWorkOrder, saveWorkOrder } from './service.js';
import { transitionWorkOrder } from './transition.js';

const tags = ['work-orders'];
/** The assignee is a user of the tenant: the policy resolves it like any other row (404 for another tenant's). */
const assignee = { assigneeId: 'user' } as const;

/** The work orders' own calls (issue 37): create, list, detail, edit, move, comment, and one from an alert. */
export const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.workOrders.deps();

  app.put(
    '/sbuilding/workorder/create',
    {
      config: { access: { action: 'workOrders:write', fields: assignee } },
      schema: {
        tags,
        summary:
          "A work order at a place of the project (building, floor, room, device), due by its priority's service level; assigned at once with an assignee",
        body: workOrderCreateBodySchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createWorkOrder(deps(), request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/workorder/getList',
    {
      config: { access: { action: 'workOrders:read', fields: assignee } },
      schema: {
        tags,
        summary:
          "A page of a project's work orders, newest first, by status, priority, source, assignee (or the caller's own: mine), building, overdue",
        body: workOrderListBodySchema,
        response: { 200: envelopeSchema(pageSchema(workOrderSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listWorkOrders(deps(), request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/workorder/:id',
    {
      config: { access: { action: 'workOrders:read', on: 'workOrder' } },
      schema: {
        tags,
        summary:
          'One work order with its pictures, history, comments, linked alert and the moves the caller may make now',
        params: idParamsSchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await workOrderDetail(deps(), request.scope(), request.params.id)),
  );

  app.post(
    '/sbuilding/workorder/save/:id',
    {
      config: { access: { action: 'workOrders:write', on: 'workOrder', fields: assignee } },
      schema: {
        tags,
        summary:
          'Edits a work order at the version read (a tbAdmin any; its reporter while it is new); 409 when it changed since',
        params: idParamsSchema,
        body: workOrderSaveBodySchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveWorkOrder(deps(), request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/workorder/transition/:id',
    {
      config: { access: { action: 'workOrders:write', on: 'workOrder' } },
      schema: {
        tags,
        summary:
          'Moves a work order along its flow (`to`: a status): a tbAdmin any move, the assignee their own work, the reporter closes or reopens their own; 403 otherwise',
        params: idParamsSchema,
        body: workOrderTransitionBodySchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await transitionWorkOrder(deps(), request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/workorder/comment/:id',
    {
      config: { access: { action: 'workOrders:write', on: 'workOrder' } },
      schema: {
        tags,
        summary: 'Adds a comment (with pictures the caller uploaded) to a work order',
        params: idParamsSchema,
        body: workOrderCommentBodySchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await commentWorkOrder(deps(), request.scope(), request.params.id, request.body)),
  );

  app.put(
    '/sbuilding/workorder/fromAlert/:alertId',
    {
      config: { access: { action: 'workOrders:write', params: { alertId: 'alert' } } },
      schema: {
        tags,
        summary:
          "The alert's work order (place, device and priority from the alert), made on the first call; the same one after",
        params: workOrderAlertParamsSchema,
        response: { 200: envelopeSchema(workOrderDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await workOrderFromAlert(deps(), request.scope(), request.params.alertId, request.lang)),
  );
};
