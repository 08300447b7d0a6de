import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  genDbTableSchema,
  genListQuerySchema,
  genPreviewSchema,
  genSaveBodySchema,
  genSyncResultSchema,
  genTableDetailSchema,
  genTableIdParamsSchema,
  genTableIdsParamsSchema,
  genTableNameParamsSchema,
  genTablesQuerySchema,
  genTableSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { generateCode, zipOf } from './generator/index.js';
import {
  deleteGenTables,
  getGenTable,
  generationInput,
  getGenTableByName,
  importTables,
  listDbTables,
  listGenTables,
  saveGenTable,
  syncGenTable,
} from './service.js';

const tags = ['code generation'];
const ZIP = 'application/zip';

/** /tool/gen/* as RuoYi's generator has them. Registered in the protected context. */
export const codegenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tool/gen/list',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary: 'A page of imported tables, filtered by name and comment (contains)',
        querystring: genListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(genTableSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listGenTables(app.db, request.query)),
  );

  app.get(
    '/tool/gen/db/list',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary: 'A page of the database tables not yet imported, filtered by name and comment (contains)',
        querystring: genListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(genDbTableSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listDbTables(app.db, request.query)),
  );

  app.post(
    '/tool/gen/importTable',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags,
        summary:
          'Imports tables of the database (`tables=a,b`) with settings read from their columns; all or none',
        querystring: genTablesQuerySchema,
        response: { 200: envelopeSchema(z.array(genTableSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      ok(request, await importTables(app.db, request.query.tables, request.auth?.userName ?? 'admin')),
  );

  app.get(
    '/tool/gen/preview/:tableId',
    {
      config: { access: { action: 'platform:read', params: { tableId: 'unscoped' } } },
      schema: {
        tags,
        summary: 'The code the generator writes for a table: file path → content',
        params: genTableIdParamsSchema,
        response: { 200: envelopeSchema(genPreviewSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await generateCode(await generationInput(app.db, await getGenTable(app.db, request.params.tableId))),
      ),
  );

  app.get(
    '/tool/gen/download/:tableName',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary: "A zip of one table's generated code, paths from the repository root",
        params: genTableNameParamsSchema,
        response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const detail = await getGenTableByName(app.db, request.params.tableName);
      const zip = await zipOf([await generateCode(await generationInput(app.db, detail))]);
      return reply
        .type(ZIP)
        .header('Content-Disposition', `attachment; filename="${detail.info.tableName}.zip"`)
        .send(zip);
    },
  );

  app.get(
    '/tool/gen/batchGenCode',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary: 'A zip of the generated code of several tables (`tables=a,b`)',
        querystring: genTablesQuerySchema,
        response: { 200: z.any().describe('application/zip'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const files = [];
      for (const name of request.query.tables)
        files.push(await generateCode(await generationInput(app.db, await getGenTableByName(app.db, name))));
      return reply
        .type(ZIP)
        .header('Content-Disposition', 'attachment; filename="sbuilding-gen.zip"')
        .send(await zipOf(files));
    },
  );

  app.get(
    '/tool/gen/synchDb/:tableName',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags,
        summary: 'Picks up the columns added to the table since its import and drops those removed',
        params: genTableNameParamsSchema,
        response: { 200: envelopeSchema(genSyncResultSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await syncGenTable(app.db, request.params.tableName)),
  );

  app.get(
    '/tool/gen/:tableId',
    {
      config: { access: { action: 'platform:read', params: { tableId: 'unscoped' } } },
      schema: {
        tags,
        summary: "A table's settings and one row per column: `{info, rows}`",
        params: genTableIdParamsSchema,
        response: { 200: envelopeSchema(genTableDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getGenTable(app.db, request.params.tableId)),
  );

  app.put(
    '/tool/gen',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags,
        summary: "Saves a table's settings and its columns'; 409 when it changed since `version`",
        body: genSaveBodySchema,
        response: { 200: envelopeSchema(genTableDetailSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveGenTable(app.db, request.body)),
  );

  app.delete(
    '/tool/gen/:tableIds',
    {
      config: { access: { action: 'platform:write', params: { tableIds: 'unscoped' } } },
      schema: {
        tags,
        summary: 'Removes imported tables (`1,2`) from the generator; the database tables stay',
        params: genTableIdsParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteGenTables(app.db, request.params.tableIds);
      return ok(request, null);
    },
  );
};
