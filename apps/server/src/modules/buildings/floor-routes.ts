import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  floorCreateBodySchema,
  floorListBodySchema,
  floorSaveBodySchema,
  floorSchema,
  idParamsSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createFloor, deleteFloor, getFloor, listFloors, saveFloor } from './floor-service.js';

const tags = ['buildings'];

/** Floors of a building. Registered in the protected context. */
export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/floor/getList',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A page of a building's floors in their sort order, filtered by name (contains)",
        body: floorListBodySchema,
        response: { 200: envelopeSchema(pageSchema(floorSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listFloors(app.db, request.scope(), request.body, app.files.links)),
  );

  app.get(
    '/sbuilding/floor/:id',
    {
      config: { access: { action: 'projects:read', on: 'floor' } },
      schema: {
        tags,
        summary: 'One floor, with signed links to its image and plan and the plan view box',
        params: idParamsSchema,
        response: { 200: envelopeSchema(floorSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getFloor(app.db, request.scope(), request.params.id, app.files.links)),
  );

  app.put(
    '/sbuilding/floor/create',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary: 'Creates a floor in a building; imageId and planId name uploads of the same tenant',
        body: floorCreateBodySchema,
        response: { 200: envelopeSchema(floorSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createFloor(app.db, request.scope(), request.body, app.files.links)),
  );

  app.post(
    '/sbuilding/floor/save/:id',
    {
      config: { access: { action: 'projects:write', on: 'floor' } },
      schema: {
        tags,
        summary: 'Saves a floor; 409 when it changed since the client read `version`',
        params: idParamsSchema,
        body: floorSaveBodySchema,
        response: { 200: envelopeSchema(floorSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveFloor(app.db, request.scope(), request.params.id, request.body, app.files.links)),
  );

  app.delete(
    '/sbuilding/floor/del/:id',
    {
      config: { access: { action: 'projects:write', on: 'floor' } },
      schema: {
        tags,
        summary:
          'Deletes a floor holding nothing; 409 (floor.hasChildren) naming its zones, devices and marks',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteFloor(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
