import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billFileQuerySchema,
  billNodesSchema,
  billQuerySchema,
  billSchema,
  emissionFactorBodySchema,
  emissionFactorSchema,
  energyBoardCostSchema,
  energyDemandSchema,
  energyProjectQuerySchema,
  energyQuerySchema,
  envelopeSchema,
  idParamsSchema,
  meterNodeCreateBodySchema,
  meterNodeSchema,
  meterNodeUpdateBodySchema,
  meterTreeQuerySchema,
  meterTreeSchemaOut,
  PROJECT_READ_ROLES,
  PROJECT_WRITE_ROLES,
  tariffCreateBodySchema,
  tariffDayQuerySchema,
  tariffDaySchema,
  tariffSchema,
  tariffUpdateBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';
import { billPdf, billXlsx } from './bill-files.js';
import { billNodes, energyBill } from './bills.js';
import { energyBoardCost } from './costs.js';
import { energyDemand } from './demand-places.js';
import {
  createMeterNode,
  deleteMeterNode,
  listMeterNodes,
  meterTree,
  updateMeterNode,
} from './meter-tree.js';
import {
  createTariff,
  deleteFactor,
  deleteTariff,
  listFactors,
  listTariffs,
  putFactor,
  tariffDay,
  updateTariff,
} from './tariffs.js';

const tags = ['energy'];
const READ = { roles: PROJECT_READ_ROLES };
const WRITE = { roles: PROJECT_WRITE_ROLES };

/** Tariffs, emission factors and the energy board's cost (issue 22). */
export const energyBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/energy/tariff/list',
    {
      config: READ,
      schema: {
        tags,
        summary: "A project's dated tariff plans, oldest first (each applies until the next one's date)",
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(tariffSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listTariffs(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/tariff',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Creates a tariff plan: flat, tiered by monthly kWh, or time-of-use (five periods by hour, per season, working and rest days)',
        body: tariffCreateBodySchema,
        response: { 200: envelopeSchema(tariffSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createTariff(app.db, request.scope(), request.body)),
  );

  app.put(
    '/sbuilding/energy/tariff',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Updates a tariff plan',
        body: tariffUpdateBodySchema,
        response: { 200: envelopeSchema(tariffSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await updateTariff(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/energy/tariff/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Deletes a tariff plan (the one before it then applies until the next)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteTariff(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/energy/tariff/day',
    {
      config: READ,
      schema: {
        tags,
        summary:
          "One local day under the project's tariff: the plan in force, whether the calendar makes it a working day, each hour's period and price",
        querystring: tariffDayQuerySchema,
        response: { 200: envelopeSchema(tariffDaySchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await tariffDay(app.db, request.scope(), request.query.projectId, request.query.date)),
  );

  app.get(
    '/sbuilding/energy/emission/list',
    {
      config: READ,
      schema: {
        tags,
        summary: "A project's dated grid emission factors (kgCO2e/kWh), oldest first",
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(emissionFactorSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listFactors(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/emission',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Sets the grid emission factor valid from a date (replaces the one of that date)',
        body: emissionFactorBodySchema,
        response: { 200: envelopeSchema(emissionFactorSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await putFactor(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/energy/emission/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Deletes an emission factor',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteFactor(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/board/energy/cost',
    {
      config: READ,
      schema: {
        tags: ['boards'],
        summary:
          "The energy board's cost and carbon (the summary's query): beside each channel, floor, building and the total, this period and the previous one, split by tariff period",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyBoardCostSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await energyBoardCost(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.get(
    '/sbuilding/board/energy/demand',
    {
      config: READ,
      schema: {
        tags: ['boards'],
        summary:
          "The energy board's peak demand (the summary's query): the period's highest 15-minute average kW and when, of the scope, each building and each floor, up to now while the period runs",
        querystring: energyQuerySchema,
        response: { 200: envelopeSchema(energyDemandSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await energyDemand(app.db, request.scope(), request.query, app.clock.now().getTime())),
  );

  app.get(
    '/sbuilding/energy/bill/nodes',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The buildings, floors and zones of a project a bill can be made for',
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(billNodesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await billNodes(app.db, request.scope(), request.query.projectId)),
  );

  app.get(
    '/sbuilding/energy/bill',
    {
      config: READ,
      schema: {
        tags,
        summary:
          "A month's bill of a building, floor or zone: kWh and cost by tariff period, demand charge, fixed charges, total, carbon, the meters with their readings, the gaps",
        querystring: billQuerySchema,
        response: { 200: envelopeSchema(billSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await energyBill(app.db, request.scope(), request.query)),
  );

  app.get(
    '/sbuilding/energy/bill/file',
    {
      config: READ,
      schema: {
        tags,
        summary: "The month's bill as an .xlsx or a PDF (Noto Sans SC), in the request's language",
        querystring: billFileQuerySchema,
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const bill = await energyBill(app.db, request.scope(), request.query);
      const pdf = request.query.format === 'pdf';
      const body = pdf ? await billPdf(bill, request.lang) : await billXlsx(bill, request.lang);
      const name = `bill_${bill.level}_${bill.nodeId}_${bill.month}.${pdf ? 'pdf' : 'xlsx'}`;
      return reply
        .type(pdf ? 'application/pdf' : XLSX_CONTENT_TYPE)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/sbuilding/energy/meter-node/list',
    {
      config: READ,
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
      config: WRITE,
      schema: {
        tags,
        summary:
          'Adds a node to the meter tree: its parent, kind, area, the meter channels that measure it or a virtual meter (sum or difference of channels and nodes)',
        body: meterNodeCreateBodySchema,
        response: { 200: envelopeSchema(meterNodeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createMeterNode(app.db, request.scope(), request.body)),
  );

  app.put(
    '/sbuilding/energy/meter-node',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Updates a node of the meter tree (the whole tree is checked: no cycle, a channel measures one node)',
        body: meterNodeUpdateBodySchema,
        response: { 200: envelopeSchema(meterNodeSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await updateMeterNode(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/energy/meter-node/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Deletes a node of the meter tree that has no sub-nodes and that no virtual meter refers to',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteMeterNode(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/energy/meter-tree',
    {
      config: READ,
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
