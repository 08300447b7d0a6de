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
import { ok, okJson } from '../../platform/envelope.js';
import { XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';
import { scopeKey, SharedCache } from '../../platform/shared-cache.js';
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
/**
 * How long a cost or bill answer is shared between callers who see the same rows (same scope key, same query,
 * same minute), then served stale while the next one is computed: 200 viewers of a campus's cost cost one
 * computation, not 200 (platform/shared-cache.ts). A tariff, factor or meter node written here clears them at once; late
 * readings and calendar changes show within the minute (the minute is in the key).
 */
export const COST_CACHE_MS = 10_000;
export const COST_STALE_MS = 20_000;

/** Tariffs, emission factors and the energy board's cost (issue 22). */
export const energyBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const costCache = new SharedCache<string>(COST_CACHE_MS, undefined, undefined, COST_STALE_MS);
  const billCache = new SharedCache<string>(COST_CACHE_MS, undefined, undefined, COST_STALE_MS);
  // Files are larger: fewer kept.
  const fileCache = new SharedCache<Buffer>(COST_CACHE_MS, 100, undefined, COST_STALE_MS);
  /**
   * A plan, a factor or a meter tree node changed (a node's bill is priced on its channels): every priced
   * answer goes (they are keyed by scope, not by project alone).
   */
  const forgetPriced = () => {
    costCache.clear();
    billCache.clear();
    fileCache.clear();
  };
  const minuteOf = () => Math.floor(app.clock.now().getTime() / 60_000);
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
    async (request) => {
      const tariff = await createTariff(app.db, request.scope(), request.body);
      forgetPriced();
      return ok(request, tariff);
    },
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
    async (request) => {
      const tariff = await updateTariff(app.db, request.scope(), request.body);
      forgetPriced();
      return ok(request, tariff);
    },
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
      forgetPriced();
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
    async (request) => {
      const factor = await putFactor(app.db, request.scope(), request.body);
      forgetPriced();
      return ok(request, factor);
    },
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
      forgetPriced();
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
    async (request, reply) => {
      const scope = request.scope();
      const { projectId, period, anchor, buildingId } = request.query;
      // The minute is part of the key: a running period is compared up to the same minute.
      const now = app.clock.now().getTime();
      const key = `${scopeKey(scope)}:${projectId}:${period}:${anchor ?? ''}:${buildingId ?? ''}:${Math.floor(now / 60_000)}`;
      const body = await costCache.get(key, async () =>
        JSON.stringify(energyBoardCostSchema.parse(await energyBoardCost(app.db, scope, request.query, now))),
      );
      return okJson(request, reply, body);
    },
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
    async (request, reply) => {
      const scope = request.scope();
      const { projectId, month, level, nodeId } = request.query;
      const key = `${scopeKey(scope)}:${projectId}:${month}:${level}:${nodeId}:${minuteOf()}`;
      const body = await billCache.get(key, async () =>
        JSON.stringify(billSchema.parse(await energyBill(app.db, scope, request.query))),
      );
      return okJson(request, reply, body);
    },
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
      const scope = request.scope();
      const { projectId, month, level, nodeId, format } = request.query;
      const pdf = format === 'pdf';
      // The file is in the request's language: part of the key.
      const key = `${scopeKey(scope)}:${projectId}:${month}:${level}:${nodeId}:${format}:${request.lang}:${minuteOf()}`;
      const body = await fileCache.get(key, async () => {
        const bill = await energyBill(app.db, scope, request.query);
        return pdf ? await billPdf(bill, request.lang) : await billXlsx(bill, request.lang);
      });
      const name = `bill_${level}_${nodeId}_${month}.${pdf ? 'pdf' : 'xlsx'}`;
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
    async (request) => {
      const node = await createMeterNode(app.db, request.scope(), request.body);
      forgetPriced();
      return ok(request, node);
    },
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
    async (request) => {
      const node = await updateMeterNode(app.db, request.scope(), request.body);
      forgetPriced();
      return ok(request, node);
    },
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
      forgetPriced();
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
