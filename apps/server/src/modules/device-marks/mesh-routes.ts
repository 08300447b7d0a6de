import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  idParamsSchema,
  meshListBodySchema,
  meshSaveBodySchema,
  meshVersionDetailSchema,
  meshVersionSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { getMeshVersion, listMeshVersions, saveMeshVersion } from './mesh-service.js';

const tags = ['mesh'];

/** Mesh network versions of a building (meshConfig). Registered in the protected context. */
export const meshRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/mesh/getList',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary:
          "A page of a building's mesh versions, newest first, with counts of added, removed and changed marks",
        body: meshListBodySchema,
        response: { 200: envelopeSchema(pageSchema(meshVersionSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listMeshVersions(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/mesh/:id',
    {
      config: { access: { action: 'devices:read', on: 'meshVersion' } },
      schema: {
        tags,
        summary: 'One mesh version with what changed against the one before',
        params: idParamsSchema,
        response: { 200: envelopeSchema(meshVersionDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getMeshVersion(app.db, request.scope(), request.params.id)),
  );

  app.post(
    '/sbuilding/mesh/save/:id',
    {
      config: { access: { action: 'devices:write', on: 'meshVersion' } },
      schema: {
        tags,
        summary: "Saves a mesh version's description",
        params: idParamsSchema,
        body: meshSaveBodySchema,
        response: { 200: envelopeSchema(meshVersionDetailSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await saveMeshVersion(app.db, request.scope(), request.params.id, request.body.description),
      ),
  );
};
