import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billFileQuerySchema,
  billNodesSchema,
  billQuerySchema,
  billSchema,
  energyProjectQuerySchema,
  envelopeSchema,
} from '@sbuilding/shared';
import { okJson } from '../../platform/envelope.js';
import { XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';
import { scopeKey } from '../../platform/shared-cache.js';
import { billPdf, billXlsx } from './bill-files.js';
import { billFileNameOf, billNodes, energyBill } from './bills.js';
import type { PricedCaches } from './priced-caches.js';

const tags = ['energy'];

/** A month's bill of a building, floor, zone or meter tree node, and the same bill as a file (shared answers). */
export const billRoutes: FastifyPluginAsyncZod<{ caches: PricedCaches }> = async (app, { caches }) => {
  const minuteOf = () => Math.floor(app.clock.now().getTime() / 60_000);
  app.get(
    '/sbuilding/energy/bill/nodes',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: 'The buildings, floors and zones of a project a bill can be made for',
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(billNodesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = request.scope();
      const { projectId } = request.query;
      const body = await caches.nodes.get(`${scopeKey(scope)}:${projectId}`, async () =>
        JSON.stringify(billNodesSchema.parse(await billNodes(app.db, scope, projectId))),
      );
      return okJson(request, reply, body);
    },
  );

  app.get(
    '/sbuilding/energy/bill',
    {
      config: { access: { action: 'projects:read' } },
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
      const body = await caches.bill.get(key, async () =>
        JSON.stringify(billSchema.parse(await energyBill(app.db, scope, request.query))),
      );
      return okJson(request, reply, body);
    },
  );

  app.get(
    '/sbuilding/energy/bill/file',
    {
      config: { access: { action: 'projects:read' } },
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
      const body = await caches.file.get(key, async () => {
        const bill = await energyBill(app.db, scope, request.query);
        return pdf ? await billPdf(bill, request.lang) : await billXlsx(bill, request.lang);
      });
      // The name the console saves it under too: a floor's says its building (shared `billFileName`).
      const name = await billFileNameOf(app.db, scope, request.query, format);
      return reply
        .type(pdf ? 'application/pdf' : XLSX_CONTENT_TYPE)
        .header(
          'Content-Disposition',
          // An ASCII name for old clients (a header cannot carry other characters), the real one in filename*.
          `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};
