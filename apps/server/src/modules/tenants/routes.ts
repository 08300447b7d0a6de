import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  tenantCreateBodySchema,
  tenantListBodySchema,
  tenantSaveBodySchema,
  tenantSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createTenant, deleteTenant, getTenant, listTenants, saveTenant } from './service.js';

const tags = ['tenants'];

/** Tenants and their first administrators. Registered in the protected context. */
export const tenantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/tenant/getList',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary: 'A page of tenants with their administrators and user and project counts',
        body: tenantListBodySchema,
        response: { 200: envelopeSchema(pageSchema(tenantSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listTenants(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/tenant/:id',
    {
      config: { access: { action: 'platform:read', on: 'tenant' } },
      schema: {
        tags,
        summary: 'One tenant',
        params: idParamsSchema,
        response: { 200: envelopeSchema(tenantSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getTenant(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/tenant/create',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags,
        summary: 'Creates a tenant and its first administrator (role tbAdmin) together, or neither',
        body: tenantCreateBodySchema,
        response: { 200: envelopeSchema(tenantSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await createTenant(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/tenant/save/:id',
    {
      config: { access: { action: 'platform:write', on: 'tenant' } },
      schema: {
        tags,
        summary:
          "Saves a tenant; 409 when it changed since the client read `version`. Status '1' (disabled) ends its users' sessions and keeps them from signing in",
        params: idParamsSchema,
        body: tenantSaveBodySchema,
        response: { 200: envelopeSchema(tenantSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveTenant(app.db, request.scope(), request.params.id, request.body)),
  );

  app.delete(
    '/sbuilding/tenant/del/:id',
    {
      config: { access: { action: 'platform:write', on: 'tenant' } },
      schema: {
        tags,
        summary: 'Deletes a tenant that holds nothing; 409 while it has users, projects or files',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteTenant(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
