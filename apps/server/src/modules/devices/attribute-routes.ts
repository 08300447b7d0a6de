import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ac20BatchBodySchema,
  deviceAttributesBodySchemaFor,
  deviceAttributesSchema,
  envelopeSchema,
  idParamsSchema,
  type ModelId,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { getDeviceAttributes, saveAc20Batch, saveDeviceAttributes } from './device-attributes.js';

const tags = ['devices'];

/** The model-specific save calls of spec section 7. */
const MODEL_SAVES: { url: string; model: ModelId }[] = [
  { url: '/sbuilding/dev-client-attr/save-s2/:id', model: 's2' },
  { url: '/sbuilding/dev-client-attr/save-e90/:id', model: 'e90' },
  { url: '/sbuilding/dev-client-attr/save-kxx/v2/:id', model: 'kxx' },
];

/** Client attributes (sensor and dimming parameters) with the record of who changed what. */
export const attributeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/dev-client-attr/get/:id',
    {
      config: { access: { action: 'devices:read', on: 'device' } },
      schema: {
        tags,
        summary: "A device's saved client attributes and the last 50 changes, newest first",
        params: idParamsSchema,
        response: { 200: envelopeSchema(deviceAttributesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getDeviceAttributes(app.db, request.scope(), request.params.id)),
  );

  for (const save of MODEL_SAVES) {
    app.post(
      save.url,
      {
        config: { access: { action: 'devices:write', on: 'device' } },
        schema: {
          tags,
          summary: `Saves client attributes of a ${save.model} device (absent keys stay, null resets to the default)`,
          params: idParamsSchema,
          body: deviceAttributesBodySchemaFor(save.model),
          response: { 200: envelopeSchema(deviceAttributesSchema), ...errorResponses(400, 403, 404) },
        },
      },
      async (request) =>
        ok(
          request,
          await saveDeviceAttributes(app.db, request.scope(), request.params.id, request.body, save.model),
        ),
    );
  }

  app.post(
    '/sbuilding/dev-client-attr/save/:id',
    {
      config: { access: { action: 'devices:write', on: 'device' } },
      schema: {
        tags,
        summary: "Saves client attributes of a device of any model, read against the model's attributes",
        params: idParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(deviceAttributesSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await saveDeviceAttributes(app.db, request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/dev-client-attr/save-ac20/batch',
    {
      config: { access: { action: 'devices:write', fields: { ids: 'device' } } },
      schema: {
        tags,
        summary:
          'Saves the same attributes on many AC controllers; all must be ac20s of the caller, or none is saved',
        body: ac20BatchBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await saveAc20Batch(app.db, request.scope(), request.body);
      return ok(request, null);
    },
  );
};
