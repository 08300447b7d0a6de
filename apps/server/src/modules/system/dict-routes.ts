import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dictDataCreateBodySchema,
  dictDataListQuerySchema,
  dictDataUpdateBodySchema,
  dictTypeParamsSchema,
  envelopeSchema,
  exportResultSchema,
  idParamsSchema,
  pageSchema,
  sysDictDataSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createDictData,
  deleteDictData,
  dictDataOfType,
  exportDictData,
  getDictData,
  listDictData,
  updateDictData,
} from './dict-service.js';

const tags = ['system dictionaries'];

/** /system/dict/data exactly as spec section 7 lists it. */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/dict/data/list',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: 'A page of dictionary rows, filtered by type, label (contains) and status',
        querystring: dictDataListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(sysDictDataSchema)), ...errorResponses(400) },
      },
    },
    async (request) => ok(request, await listDictData(app.db, request.query)),
  );

  app.get(
    '/system/dict/data/export',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: 'Writes the rows matching the filter to an .xlsx; download it with GET /common/download',
        querystring: dictDataListQuerySchema,
        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const fileName = await exportDictData(app.db, request.query, request.lang, app.storage.exports);
      return ok(request, { fileName });
    },
  );

  app.get(
    '/system/dict/data/type/:type',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary:
          'The enabled options of one dictionary in sort order (an option list: dictLabel English, dictLabelZh Chinese)',
        params: dictTypeParamsSchema,
        response: { 200: envelopeSchema(z.array(sysDictDataSchema)), ...errorResponses(400) },
      },
    },
    async (request) => ok(request, await dictDataOfType(app.db, request.params.type)),
  );

  app.get(
    '/system/dict/data/:id',
    {
      config: { access: { action: 'reference:read', on: 'unscoped' } },
      schema: {
        tags,
        summary: 'One dictionary row by its dictCode',
        params: idParamsSchema,
        response: { 200: envelopeSchema(sysDictDataSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => ok(request, await getDictData(app.db, request.params.id)),
  );

  app.post(
    '/system/dict/data',
    {
      config: { access: { action: 'reference:write' } },
      schema: {
        tags,
        summary: 'Creates a dictionary row; 400 when its type already has the value',
        body: dictDataCreateBodySchema,
        response: { 200: envelopeSchema(sysDictDataSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await createDictData(app.db, request.body)),
  );

  app.put(
    '/system/dict/data',
    {
      config: { access: { action: 'reference:write' } },
      schema: {
        tags,
        summary: 'Updates a dictionary row; 409 when it changed since the client read `version`',
        body: dictDataUpdateBodySchema,
        response: { 200: envelopeSchema(sysDictDataSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await updateDictData(app.db, request.body)),
  );

  app.delete(
    '/system/dict/data/:id',
    {
      config: { access: { action: 'reference:write', on: 'unscoped' } },
      schema: {
        tags,
        summary: 'Deletes a dictionary row',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteDictData(app.db, request.params.id);
      return ok(request, null);
    },
  );
};
