import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceGroupSchema,
  envelopeSchema,
  groupCreateBodySchema,
  groupListBodySchema,
  groupSaveBodySchema,
  idParamsSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { createGroup, deleteGroup, getGroup, listGroups, saveGroup } from './group-service.js';

const tags = ['device groups'];
const groupEnvelope = envelopeSchema(deviceGroupSchema);

/** /sbuilding/group/*: device groups of a project. Registered in the protected context. */
export const deviceGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/group/getList',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary:
          "A page of a project's groups, filtered by name (contains), status and category; each row with its device count and first 50 devices",
        body: groupListBodySchema,
        response: { 200: envelopeSchema(pageSchema(deviceGroupSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listGroups(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/group/:id',
    {
      config: { access: { action: 'devices:read', on: 'group' } },
      schema: {
        tags,
        summary: 'One group with all its devices',
        params: idParamsSchema,
        response: { 200: groupEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getGroup(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/group/create',
    {
      config: { access: { action: 'devices:write' } },
      schema: {
        tags,
        summary:
          "Creates a group of devices of the project, all of one category ('Select the same category device'); the name is unique in the project",
        body: groupCreateBodySchema,
        response: { 200: groupEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createGroup(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/group/save/:id',
    {
      config: { access: { action: 'devices:write', on: 'group' } },
      schema: {
        tags,
        summary: 'Saves a group and its devices (in the order given); 409 when it changed since `version`',
        params: idParamsSchema,
        body: groupSaveBodySchema,
        response: { 200: groupEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveGroup(app.db, request.scope(), request.params.id, request.body)),
  );

  app.delete(
    '/sbuilding/group/del/:id',
    {
      config: { access: { action: 'devices:write', on: 'group' } },
      schema: {
        tags,
        summary: 'Deletes a group (its devices stay)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteGroup(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
