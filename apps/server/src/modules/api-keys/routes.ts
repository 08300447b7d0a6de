import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyCreateBodySchema,
  apiKeyCreatedSchema,
  apiKeyListBodySchema,
  apiKeySchema,
  envelopeSchema,
  idParamsSchema,
  isBuildingBound,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { forbidden } from '../../platform/errors.js';
import { errorResponses } from '../../platform/openapi.js';
import { createApiKey, deleteApiKey, listApiKeys } from './service.js';

const tags = ['api keys'];

/**
 * API keys for machines. Managed with a session only (`sessionOnly`): a key cannot make or revoke keys,
 * so a leaked key cannot outlive its revocation. Weixin customers act only through the mini program: no keys.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest (after the protected context's session check), so the body is not read for such a caller.
  app.addHook('onRequest', async (request) => {
    if (isBuildingBound(request.scope().roles)) throw forbidden();
  });
  app.put(
    '/sbuilding/api-key/create',
    {
      config: { access: { action: 'apiKeys:write' } },
      schema: {
        tags,
        summary:
          'Creates an API key (read-only or read-write, optionally limited to projects, 1-365 days); the key is in this answer only',
        body: apiKeyCreateBodySchema,
        response: { 200: envelopeSchema(apiKeyCreatedSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await createApiKey(
          app.db,
          { scope: request.scope(), userName: request.auth?.userName ?? '' },
          request.body,
        ),
      ),
  );

  app.post(
    '/sbuilding/api-key/getList',
    {
      config: { access: { action: 'apiKeys:read' } },
      schema: {
        tags,
        summary:
          "The caller's API keys (administrators: a user's, or the tenant's), with last use and from where",
        body: apiKeyListBodySchema,
        response: { 200: envelopeSchema(pageSchema(apiKeySchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listApiKeys(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/api-key/del/:id',
    {
      config: { access: { action: 'apiKeys:write', on: 'apiKey' } },
      schema: {
        tags,
        summary: 'Revokes an API key at once, on every node',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteApiKey(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
