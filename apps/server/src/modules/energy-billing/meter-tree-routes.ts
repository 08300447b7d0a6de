import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  energyProjectQuerySchema,
  envelopeSchema,
  idParamsSchema,
  meterNodeCreateBodySchema,
  meterNodeSchema,
  meterNodeUpdateBodySchema,
  meterTreeQuerySchema,
  meterTreeSchemaOut,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createMeterNode,
  deleteMeterNode,
  listMeterNodes,
  meterTree,
  updateMeterNode,
} from './meter-tree.js';
import type { PricedCaches } from './priced-caches.js';

const tags = ['energy'];

/** The meter tree: its nodes and each node's figures for a period; writing a node forgets every priced answer. */
export const meterTreeRoutes: FastifyPluginAsyncZod<{ caches: PricedCaches }> = async (app, { caches }) => {
  app.get(
    '/sbuilding/energy/meter-node/list',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A project's meter tree nodes (buildings, floors, zones, tenant units), in tree order",
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(meterNodeSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listMeterNodes(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/meter-node',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary:
          'Adds a node to the meter tree: its parent, kind, area, the meter channels that measure it or a virtual meter (sum or difference of channels and nodes)',
        body: meterNodeCreateBodySchema,
        response: { 200: envelopeSchema(meterNodeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const node = await createMeterNode(app.db, request.scope(), request.body);
      caches.forgetPriced();
      return ok(request, node);
    },
  );

  app.put(
    '/sbuilding/energy/meter-node',
    {
      config: { access: { action: 'projects:write', fields: { id: 'meterNode' } } },
      schema: {
        tags,
        summary:
          'Updates a node of the meter tree (the whole tree is checked: no cycle, a channel measures one node)',
        body: meterNodeUpdateBodySchema,
        response: { 200: envelopeSchema(meterNodeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const node = await updateMeterNode(app.db, request.scope(), request.body);
      caches.forgetPriced();
      return ok(request, node);
    },
  );

  app.delete(
    '/sbuilding/energy/meter-node/:id',
    {
      config: { access: { action: 'projects:write', on: 'meterNode' } },
      schema: {
        tags,
        summary: 'Deletes a node of the meter tree that has no sub-nodes and that no virtual meter refers to',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteMeterNode(app.db, request.scope(), request.params.id);
      caches.forgetPriced();
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/energy/meter-tree',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "The meter tree for a period: each node's kWh, cost, carbon, kWh/m² and unmetered remainder (its kWh minus its sub-nodes'), and the project's meter channels",
        querystring: meterTreeQuerySchema,
        response: { 200: envelopeSchema(meterTreeSchemaOut), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await meterTree(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );
};
