import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bleGatewayCreatedSchema,
  bleGatewayInitSchema,
  deviceBodyEnvelopeSchema,
  deviceCreateBodySchemaFor,
  deviceModelParamsSchema,
  deviceSchema,
  envelopeSchema,
  idParamsSchema,
  type ModelId,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { getBleGatewayInit } from './ble-gateway-init.js';
import { createBleGateway, createDevice } from './device-service.js';

const tags = ['devices'];

/** The model-specific create calls of spec section 7, each with its model's full body. */
const MODEL_CALLS: { url: string; model: ModelId; summary: string }[] = [
  {
    url: '/sbuilding/device/create-ac20',
    model: 'ac20',
    summary: 'Registers an AC controller (indoor unit) on an AC gateway',
  },
  { url: '/sbuilding/device/create-cc10', model: 'cc10', summary: 'Registers an AC gateway' },
  { url: '/sbuilding/4G-device/create-gw', model: 'gw4g', summary: 'Registers a 4G gateway' },
  {
    url: '/sbuilding/4G-device/create-ammeter',
    model: 'ammeter4g',
    summary: 'Registers one channel of a 4G ammeter behind a 4G gateway',
  },
  {
    url: '/sbuilding/4G-device/create-sair',
    model: 'sair4g',
    summary: 'Registers an air-quality sensor (4G)',
  },
];

/** Registering devices, and the Bluetooth gateway's initialisation job. */
export const createRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const call of MODEL_CALLS) {
    app.put(
      call.url,
      {
        config: { access: { action: 'devices:write' } },
        schema: {
          tags,
          summary: call.summary,
          body: deviceCreateBodySchemaFor(call.model),
          response: { 200: envelopeSchema(deviceSchema), ...errorResponses(400, 403, 404) },
        },
      },
      async (request) =>
        ok(request, await createDevice(app.db, request.scope(), call.model, request.body, app.files.links)),
    );
  }

  app.put(
    '/sbuilding/device/create/:model',
    {
      config: { access: { action: 'devices:write' } },
      schema: {
        tags,
        summary:
          "Registers a device of any model: the registry fields and the model's create fields (GET /sbuilding/common/getDevCatalogue); a Bluetooth gateway starts its initialisation",
        params: deviceModelParamsSchema,
        body: deviceBodyEnvelopeSchema,
        response: { 200: envelopeSchema(deviceSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { model } = request.params;
      const device = await createDevice(app.db, request.scope(), model, request.body, app.files.links);
      if (model === 'ba') void app.bleInit.start(device.id);
      return ok(request, device);
    },
  );

  app.put(
    '/sbuilding/device/createBleGateway/:id',
    {
      config: { access: { action: 'devices:write', on: 'floor' } },
      schema: {
        tags,
        summary:
          'Registers a Bluetooth gateway on the floor `id` and starts its initialisation job (poll queryInitBleGatewayStatus)',
        params: idParamsSchema,
        body: deviceCreateBodySchemaFor('ba').omit({ buildingId: true, floorId: true }),
        response: { 200: envelopeSchema(bleGatewayCreatedSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const scope = request.scope();
      const device = await createBleGateway(app.db, scope, request.params.id, request.body, app.files.links);
      const init = await getBleGatewayInit(app.db, scope, device.id, request.lang);
      void app.bleInit.start(device.id);
      return ok(request, { device, init });
    },
  );

  app.get(
    '/sbuilding/device/queryInitBleGatewayStatus/:id',
    {
      config: { access: { action: 'devices:read', on: 'device' } },
      schema: {
        tags,
        summary: "The state of a Bluetooth gateway's initialisation: pending, initialising, ready or failed",
        params: idParamsSchema,
        response: { 200: envelopeSchema(bleGatewayInitSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getBleGatewayInit(app.db, request.scope(), request.params.id, request.lang)),
  );
};
