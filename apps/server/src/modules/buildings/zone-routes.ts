import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  zoneCreateBodySchema,
  zoneListBodySchema,
  zoneSaveBodySchema,
  zoneSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createZone, deleteZone, getZone, listZones, saveZone } from './zone-service.js';

const tags = ['buildings'];

/** Zones (sectors) of a floor. Registered in the protected context. */
export const zoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/sector/getList',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A page of a floor's zones, filtered by name (contains) and type",
        body: zoneListBodySchema,
        response: { 200: envelopeSchema(pageSchema(zoneSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listZones(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/sector/:id',
    {
      config: { access: { action: 'projects:read', on: 'zone' } },
      schema: {
        tags,
        summary: 'One zone',
        params: idParamsSchema,
        response: { 200: envelopeSchema(zoneSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getZone(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/sector/create',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary:
          'Creates a zone on a floor; type is a value of the sb_zone_type dictionary, shape a rect or polygon in plan units',
        body: zoneCreateBodySchema,
        response: { 200: envelopeSchema(zoneSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createZone(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/sector/save/:id',
    {
      config: { access: { action: 'projects:write', on: 'zone' } },
      schema: {
        tags,
        summary: 'Saves a zone; 409 when it changed since the client read `version`',
        params: idParamsSchema,
        body: zoneSaveBodySchema,
        response: { 200: envelopeSchema(zoneSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveZone(app.db, request.scope(), request.params.id, request.body)),
  );

  app.delete(
    '/sbuilding/sector/del/:id',
    {
      config: { access: { action: 'projects:write', on: 'zone' } },
      schema: {
        tags,
        summary: 'Deletes a zone holding no device; 409 (zone.hasChildren) naming the devices it holds',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteZone(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
