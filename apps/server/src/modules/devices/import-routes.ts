import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  importBodySchema,
  importCheckSchema,
  importQuerySchema,
  importResultSchema,
  UPLOAD_MAX_BYTES,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';
import { readImportFile, type ImportFile } from './import-file.js';
import { checkImport, runImport } from './import-service.js';
import { templateXlsx } from './import-template.js';

const tags = ['devices'];

/** The import file of a multipart request, read and split into rows (400 for anything else). */
async function readUploadedFile(request: FastifyRequest): Promise<ImportFile> {
  let upload: { bytes: Buffer; filename: string };
  try {
    const part = await request.file();
    if (!part) throw badRequest('file.missing');
    upload = { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? error.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('file.tooLarge');
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('file.missing');
    throw error;
  }
  return readImportFile(upload.bytes, upload.filename);
}

/**
 * Bulk import of devices (issue 4): check a file row by row, import the rows all-or-none or the good
 * ones only, and the template to start from. Registered in the protected context.
 */
export const deviceImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only the check call takes a multipart body.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/sbuilding/device/import/check',
    {
      config: { access: { action: 'devices:write' } },
      schema: {
        tags,
        summary:
          'Checks an import file (multipart part `file`: .xlsx or CSV, comma or semicolon, UTF-8) row by row against the registry, saving nothing; rejected rows come with their reasons and an .xlsx report for /common/download',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: envelopeSchema(importCheckSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const ctx = { db: app.db, scope: request.scope(), lang: request.lang };
      const file = await readUploadedFile(request);
      const { projectId } = request.query;
      return ok(request, await checkImport(ctx, app.storage.exports, projectId, file.columns, file.rows));
    },
  );

  app.put(
    '/sbuilding/device/import',
    {
      config: { access: { action: 'devices:write' } },
      // The rows of a full file (IMPORT_MAX_ROWS) are more than the default 1 MiB of JSON.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Imports checked rows again checked, in one transaction and in file order: mode 'all' saves every row or none (400 naming the first bad line), 'valid' saves the good rows and answers the rejected ones",
        body: importBodySchema,
        response: { 200: envelopeSchema(importResultSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const ctx = { db: app.db, scope: request.scope(), lang: request.lang };
      const { projectId, mode, rows } = request.body;
      const result = await runImport(ctx, projectId, mode, rows);
      // Imported Bluetooth gateways start their initialisation now that the transaction has committed.
      if (result.imported > 0) {
        app.bleInit.resumePending().catch((error: unknown) => {
          request.log.error({ err: error }, 'starting the initialisation of imported gateways');
        });
      }
      return ok(request, result);
    },
  );

  app.get(
    '/sbuilding/device/import/template',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary:
          "The import template as an .xlsx attachment: every column, headed in the request's language, and one valid example row per model",
        response: errorResponses(403),
      },
    },
    async (request, reply) => {
      const body = await templateXlsx(request.lang);
      const fileName = request.lang === 'ZH' ? '设备导入模板.xlsx' : 'device-import-template.xlsx';
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header(
          'Content-Disposition',
          `attachment; filename="device-import-template.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );
};
