import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  markBindBodySchema,
  markCreateBodySchema,
  markListBodySchema,
  markMoveBodySchema,
  markSaveBodySchema,
  markSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { bindMark, createMark, deleteMark, listMarks, moveMark, saveMark } from './mark-service.js';

const tags = ['device marks'];
const markEnvelope = envelopeSchema(markSchema);

/** Marks on floor plans (DeviceMark). Registered in the protected context. */
export const markRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/mark/getList',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary: "Every mark of a floor, with its bound device's name, model, category and online state",
        body: markListBodySchema,
        response: { 200: envelopeSchema(z.array(markSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listMarks(app.db, request.scope(), request.body.floorId)),
  );

  app.put(
    '/sbuilding/mark/create',
    {
      config: { access: { action: 'devices:write' } },
      schema: {
        tags,
        summary: 'Places a mark on a floor, optionally bound to a device; records a mesh version',
        body: markCreateBodySchema,
        response: { 200: markEnvelope, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createMark(app.db, request.scope(), request.body, request.lang)),
  );

  app.post(
    '/sbuilding/mark/save/:id',
    {
      config: { access: { action: 'devices:write', on: 'mark' } },
      schema: {
        tags,
        summary:
          'Saves a mark; records a mesh version when a mesh field changed; 409 when it changed since `version`',
        params: idParamsSchema,
        body: markSaveBodySchema,
        response: { 200: markEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveMark(app.db, request.scope(), request.params.id, request.body, request.lang)),
  );

  app.post(
    '/sbuilding/mark/move/:id',
    {
      config: { access: { action: 'devices:write', on: 'mark' } },
      schema: {
        tags,
        summary: 'Moves a mark on the plan (a drag); the mesh network is unchanged; 409 when stale',
        params: idParamsSchema,
        body: markMoveBodySchema,
        response: { 200: markEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await moveMark(app.db, request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/mark/bind/:id',
    {
      config: { access: { action: 'devices:write', on: 'mark' } },
      schema: {
        tags,
        summary:
          "Binds a mark to a device of its building (placing the device on the mark's floor) or unbinds it with null",
        params: idParamsSchema,
        body: markBindBodySchema,
        response: { 200: markEnvelope, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await bindMark(app.db, request.scope(), request.params.id, request.body, request.lang)),
  );

  app.delete(
    '/sbuilding/mark/del/:id',
    {
      config: { access: { action: 'devices:write', on: 'mark' } },
      schema: {
        tags,
        summary: 'Deletes a mark; records a mesh version',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteMark(app.db, request.scope(), request.params.id, request.lang);
      return ok(request, null);
    },
  );
};
