import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadQuerySchema } from '@sbuilding/shared';
import { openExport, XLSX_CONTENT_TYPE } from '../../platform/exports.js';
import { errorResponses } from '../../platform/openapi.js';

/** GET /common/download (spec section 7): sends an export written by one of the export calls. */
export const commonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/common/download',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags: ['files'],
        summary:
          'Sends an export as an .xlsx attachment; with delete=true the file is removed once sent. Only names the export calls returned are accepted (400 for a path)',
        querystring: downloadQuerySchema,
        response: errorResponses(400, 404),
      },
    },
    async (request, reply) => {
      const { fileName, delete: remove } = request.query;
      const bytes = await openExport(app.storage.exports, fileName, remove);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('Content-Length', bytes.length)
        .header(
          'Content-Disposition',
          // An ASCII name for old clients (a header cannot carry other characters), the real one in filename*.
          `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(bytes);
    },
  );
};
