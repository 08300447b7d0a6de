import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  hasAnyRole,
  UPLOAD_MAX_BYTES,
  uploadedFileSchema,
  uploadQuerySchema,
  PROJECT_READ_ROLES,
} from '@sbuilding/shared';
import { bearerToken } from '../sessions/index.js';
import { ok } from '../../platform/envelope.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.js';
import { errorResponses } from '../../platform/openapi.js';
import { EXTENSION_OF } from './store.js';
import { fileById, findFile, storeImage, storeSvg, type FileRow, type Upload } from './service.js';

const tags = ['files'];

/**
 * Served files are inert documents: no script, no fetches (embedded data: pictures excepted), inline
 * styles allowed because SVG plans style themselves, and a sandbox in case one is opened directly.
 */
export const FILE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/** A failure of the multipart reader as an answer the console can show. */
function uploadError(error: unknown): unknown {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, 'file.tooLarge');
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest('file.missing');
  return error;
}

/**
 * The one file part of a multipart request, read into memory (at most UPLOAD_MAX_BYTES). Other modules' upload
 * routes (work-order photos) use it in a context that registers @fastify/multipart.
 */
export async function readUpload(request: FastifyRequest, tenantId: number | undefined): Promise<Upload> {
  try {
    const part = await request.file();
    if (!part) throw badRequest('file.missing');
    return { bytes: await part.toBuffer(), filename: part.filename, tenantId };
  } catch (error) {
    throw uploadError(error);
  }
}

const uploadSchema = (summary: string) => ({
  tags,
  summary,
  description:
    'Body: multipart/form-data with one file part (field name `file`). The answer carries the file id to put in imageId or planId, and a signed url for <img src>.',
  consumes: ['multipart/form-data'],
  querystring: uploadQuerySchema,
  response: { 200: envelopeSchema(uploadedFileSchema), ...errorResponses(400, 403, 404) },
});

/** POST /sbuilding/file/upload/{image|svg}. Registered in the protected context. */
export const fileUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only these two routes accept multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.post(
    '/sbuilding/file/upload/image',
    {
      config: { access: { action: 'projects:write' } },
      schema: uploadSchema(
        'Uploads a picture (one multipart file part): JPG or PNG only, recognised by its bytes; at most 10 MiB',
      ),
    },
    async (request) => {
      const upload = await readUpload(request, request.query.tenantId);
      return ok(request, await storeImage(app.db, request.scope(), app.files, upload));
    },
  );

  app.post(
    '/sbuilding/file/upload/svg',
    {
      config: { access: { action: 'projects:write' } },
      schema: uploadSchema(
        'Uploads a floor plan (one multipart file part): SVG only, sanitized before it is stored; at most 10 MiB',
      ),
    },
    async (request) => {
      const upload = await readUpload(request, request.query.tenantId);
      return ok(request, await storeSvg(app.db, request.scope(), app.files, upload));
    },
  );
};

const fileParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
const fileLinkQuerySchema = z.object({
  exp: z.coerce.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
  sig: z.string({ error: 'invalid' }).max(128, 'invalid').optional(),
});

function dispositionName(row: FileRow): string {
  return row.originalName || `${row.id}.${EXTENSION_OF[row.mime]}`;
}

/**
 * GET /sbuilding/file/{id}. Public in the sense of needing no Authorization header, because `<img src>`
 * cannot send one: the signed link (`exp`, `sig`) that came with the row is the permission. A request
 * without a link may instead carry a bearer token; then the file must be of the caller's tenant.
 */
export const fileServeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/file/:id',
    {
      config: {
        access: { public: "a signed, expiring link (HMAC), or a bearer token of the file's tenant" },
      },
      schema: {
        tags,
        summary:
          'Sends an uploaded file with its stored content type, nosniff and a sandboxing CSP. Authorized by the signed link of the row (exp, sig) or a bearer token of the owning tenant',
        params: fileParamsSchema,
        querystring: fileLinkQuerySchema,
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig } = request.query;
      let row: FileRow;
      if (exp !== undefined || sig !== undefined) {
        const verdict =
          exp !== undefined && sig !== undefined ? app.files.links.verify(id, exp, sig) : 'invalid';
        if (verdict === 'invalid') throw forbidden('file.linkInvalid');
        if (verdict === 'expired') throw forbidden('file.linkExpired');
        row = await fileById(app.db, id);
      } else {
        const token = bearerToken(request);
        const auth = token ? await app.verifyAccessToken(token) : null;
        if (!auth) throw unauthorized();
        if (!hasAnyRole(auth.scope.roles, PROJECT_READ_ROLES)) throw forbidden();
        row = await findFile(app.db, auth.scope, id);
      }
      const bytes = await app.files.store.read(row.storedName);
      if (!bytes) {
        request.log.error({ file: row.id }, 'the bytes of a stored file are missing');
        throw notFound('file.unknown');
      }
      const name = dispositionName(row);
      return reply
        .type(row.mime)
        .header('Content-Length', bytes.length)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', FILE_CSP)
        .header('Cache-Control', 'private, max-age=3600')
        .header(
          'Content-Disposition',
          `inline; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(bytes);
    },
  );
};
