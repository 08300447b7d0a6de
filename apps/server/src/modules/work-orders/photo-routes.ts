import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, UPLOAD_MAX_BYTES, uploadedFileSchema, uploadQuerySchema } from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { readUpload, storeImage } from '../files/index.js';

const schema = (summary: string) => ({
  tags: ['work-orders'],
  summary,
  description:
    'Body: multipart/form-data with one file part (field name `file`). The answer carries the file id to put in photoIds; only its uploader may attach it.',
  consumes: ['multipart/form-data'],
  querystring: uploadQuerySchema,
  response: { 200: envelopeSchema(uploadedFileSchema), ...errorResponses(400, 403, 404) },
});

/**
 * Pictures of reports and comments, uploaded by whoever may write work orders (technicians included) or report
 * from the mini-program: the files module's picture rules (JPG or PNG by its bytes, re-encoded so no metadata
 * stays, at most 10 MiB). Multipart parsing is registered for these two routes only.
 */
export const workOrderPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  app.post(
    '/sbuilding/workorder/upload/photo',
    {
      config: { access: { action: 'workOrders:write' } },
      schema: schema('Uploads a picture for a work order or a comment (one multipart file part)'),
    },
    async (request) => {
      const upload = await readUpload(request, request.query.tenantId);
      return ok(request, await storeImage(app.db, request.scope(), app.files, upload));
    },
  );

  app.post(
    '/sbuilding/wx/workorder/upload/photo',
    {
      config: { access: { action: 'miniProgram:control' } },
      schema: schema(
        "Uploads a picture for an occupant's report from the mini-program (one multipart file part)",
      ),
    },
    async (request) => {
      const upload = await readUpload(request, request.query.tenantId);
      return ok(request, await storeImage(app.db, request.scope(), app.files, upload));
    },
  );
};
