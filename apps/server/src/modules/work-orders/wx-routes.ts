import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  wxWorkOrderCreateBodySchema,
  wxWorkOrderListQuerySchema,
  wxWorkOrderSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { wxCreateWorkOrder, wxListWorkOrders } from './wx-service.js';

const tags = ['mini-program'];

/** An occupant's reports from the mini-program: made in their buildings, and only their own followed. */
export const wxWorkOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => app.workOrders.deps();

  app.put(
    '/sbuilding/wx/workorder/create',
    {
      config: { access: { action: 'miniProgram:control' } },
      schema: {
        tags,
        summary:
          "Reports a problem in one of the caller's buildings (the room, what is wrong, pictures the caller uploaded): a work order",
        body: wxWorkOrderCreateBodySchema,
        response: { 200: envelopeSchema(wxWorkOrderSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await wxCreateWorkOrder(deps(), request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/wx/workorders',
    {
      config: { access: { action: 'miniProgram:read' } },
      schema: {
        tags,
        summary: "The caller's own reports with their status, newest first (in one building with hallId)",
        querystring: wxWorkOrderListQuerySchema,
        response: { 200: envelopeSchema(z.array(wxWorkOrderSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await wxListWorkOrders(deps(), request.scope(), request.query.hallId)),
  );
};
