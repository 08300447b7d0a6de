import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buildingCreateBodySchema,
  buildingListBodySchema,
  buildingSaveBodySchema,
  buildingSchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  qrCodeQuerySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createHall, deleteHall, getHall, hallQrCode, listHalls, saveHall } from './hall-service.js';

const tags = ['buildings'];

/** Buildings (halls) of a project. Readers and writers are the project's. Registered in the protected context. */
export const hallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/hall/getList',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A page of a project's buildings, filtered by name (contains)",
        body: buildingListBodySchema,
        response: { 200: envelopeSchema(pageSchema(buildingSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listHalls(app.db, request.scope(), request.body, app.files.links)),
  );

  app.get(
    '/sbuilding/hall/:id',
    {
      config: { access: { action: 'projects:read', on: 'building' } },
      schema: {
        tags,
        summary: 'One building',
        params: idParamsSchema,
        response: { 200: envelopeSchema(buildingSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getHall(app.db, request.scope(), request.params.id, app.files.links)),
  );

  app.get(
    '/sbuilding/hall/:id/qrcode',
    {
      config: { access: { action: 'projects:read', on: 'building' } },
      schema: {
        tags,
        summary:
          'The QR code that opens the building in the mini-program ({origin}/wxProgram?hallId={id}), as a PNG attachment or, with format=svg, an SVG; 409 while the binding is off',
        params: idParamsSchema,
        querystring: qrCodeQuerySchema,
        response: errorResponses(400, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const qr = await hallQrCode(
        app.db,
        request.scope(),
        request.params.id,
        { protocol: request.protocol, host: request.host },
        request.query.format,
      );
      return reply
        .type(qr.contentType)
        .header('Content-Disposition', `attachment; filename="${qr.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-cache')
        .send(qr.body);
    },
  );

  app.put(
    '/sbuilding/hall/create',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary: "Creates a building in a project (in the project's tenant)",
        body: buildingCreateBodySchema,
        response: { 200: envelopeSchema(buildingSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createHall(app.db, request.scope(), request.body, app.files.links)),
  );

  app.post(
    '/sbuilding/hall/save/:id',
    {
      config: { access: { action: 'projects:write', on: 'building' } },
      schema: {
        tags,
        summary: 'Saves a building; 409 when it changed since the client read `version`',
        params: idParamsSchema,
        body: buildingSaveBodySchema,
        response: { 200: envelopeSchema(buildingSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveHall(app.db, request.scope(), request.params.id, request.body, app.files.links)),
  );

  app.delete(
    '/sbuilding/hall/del/:id',
    {
      config: { access: { action: 'projects:write', on: 'building' } },
      schema: {
        tags,
        summary: 'Deletes a building holding nothing; 409 (building.hasChildren) naming what it still holds',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteHall(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
