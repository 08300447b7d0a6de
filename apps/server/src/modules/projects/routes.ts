import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  projectCreateBodySchema,
  projectListBodySchema,
  projectSaveBodySchema,
  projectSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createProject, deleteProject, getProject, listProjects, saveProject } from './service.js';

const tags = ['projects'];

/** Projects (spec section 7), within the caller's tenant. Registered in the protected context. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/project/getList',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A page of the caller's projects, filtered by name (contains) and status",
        body: projectListBodySchema,
        response: { 200: envelopeSchema(pageSchema(projectSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listProjects(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/project/:id',
    {
      config: { access: { action: 'projects:read', on: 'project' } },
      schema: {
        tags,
        summary: 'One project',
        params: idParamsSchema,
        response: { 200: envelopeSchema(projectSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getProject(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/project/create',
    {
      config: { access: { action: 'projects:create' } },
      schema: {
        tags,
        summary: "Creates a project in the caller's tenant (an admin names the tenant with tenantId)",
        body: projectCreateBodySchema,
        response: { 200: envelopeSchema(projectSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createProject(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/project/save/:id',
    {
      config: { access: { action: 'projects:write', on: 'project' } },
      schema: {
        tags,
        summary: 'Saves a project; 409 when it changed since the client read `version`',
        params: idParamsSchema,
        body: projectSaveBodySchema,
        response: { 200: envelopeSchema(projectSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveProject(app.db, request.scope(), request.params.id, request.body)),
  );

  app.delete(
    '/sbuilding/project/del/:id',
    {
      config: { access: { action: 'projects:write', on: 'project' } },
      schema: {
        tags,
        summary: 'Deletes an empty project; 409 while it still holds buildings, work times or calendar days',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      await deleteProject(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
