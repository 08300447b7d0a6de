import { INVALIDATE } from '../../platform/cluster/index.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceBodyEnvelopeSchema,
  deviceCredentialsSchema,
  deviceInfoSchema,
  deviceListBodySchema,
  deviceSchema,
  devicesByFloorSchema,
  deviceWithTelemetrySchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { requeueFailedInit } from './ble-gateway-init.js';
import { getCredentials, replaceCredentials } from './device-attributes.js';
import {
  deleteDevice,
  getDeviceInfo,
  listDevices,
  listDevicesByFloor,
  listDevicesOfZone,
  listDevicesWithTelemetry,
  saveDevice,
} from './device-service.js';

const tags = ['devices'];

/** Reading, saving and deleting registered devices, and their credentials. */
export const registryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/device/getDeviceInfoById/:id',
    {
      config: { access: { action: 'devices:read', on: 'device' } },
      schema: {
        tags,
        summary: 'One device with its latest telemetry and the groups it is in',
        params: idParamsSchema,
        response: { 200: envelopeSchema(deviceInfoSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await getDeviceInfo(app.db, request.scope(), request.params.id, app.files.links)),
  );

  app.post(
    '/sbuilding/device/getList',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary:
          'A page of devices by project, building, floor, zone, gateway, category, model, online state and name (contains; also matches MAC and code)',
        body: deviceListBodySchema,
        response: { 200: envelopeSchema(pageSchema(deviceSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listDevices(app.db, request.scope(), request.body, app.files.links)),
  );

  app.post(
    '/sbuilding/device/getList/v2',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary: 'As getList, each row with its latest telemetry',
        body: deviceListBodySchema,
        response: { 200: envelopeSchema(pageSchema(deviceWithTelemetrySchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      ok(request, await listDevicesWithTelemetry(app.db, request.scope(), request.body, app.files.links)),
  );

  app.post(
    '/sbuilding/device/getList/v3',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary:
          'Every matching device (at most 2000, paging ignored) with telemetry, grouped by floor (floor order) and zone (name)',
        body: deviceListBodySchema,
        response: { 200: envelopeSchema(devicesByFloorSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) =>
      ok(request, await listDevicesByFloor(app.db, request.scope(), request.body, app.files.links)),
  );

  app.get(
    '/sbuilding/device/getListBySector/:id',
    {
      config: { access: { action: 'devices:read', on: 'zone' } },
      schema: {
        tags,
        summary: 'The devices of a zone (sector) with their latest telemetry',
        params: idParamsSchema,
        response: {
          200: envelopeSchema(z.array(deviceWithTelemetrySchema)),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) =>
      ok(request, await listDevicesOfZone(app.db, request.scope(), request.params.id, app.files.links)),
  );

  app.post(
    '/sbuilding/device/save/:id',
    {
      config: { access: { action: 'devices:write', on: 'device' } },
      schema: {
        tags,
        summary:
          "Saves a device: the registry fields and its model's create fields (GET /sbuilding/common/getDevCatalogue) and `version`; 409 when stale",
        params: idParamsSchema,
        body: deviceBodyEnvelopeSchema,
        response: { 200: envelopeSchema(deviceSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      const device = await saveDevice(
        app.db,
        request.scope(),
        request.params.id,
        request.body,
        app.deviceHooks,
        app.files.links,
        request.lang,
      );
      // A gateway whose initialisation failed (placed on no floor, say) tries again once saved.
      if (device.model === 'ba' && (await requeueFailedInit(app.db, device.id)))
        void app.bleInit.start(device.id);
      return ok(request, device);
    },
  );

  app.delete(
    '/sbuilding/device/del/:id',
    {
      config: { access: { action: 'devices:write', on: 'device' } },
      schema: {
        tags,
        summary: 'Deletes a device (unbinding its plan mark); a gateway with devices behind it is refused',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteDevice(app.db, request.scope(), request.params.id, app.deviceHooks, request.lang);
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/device/credentials/:id',
    {
      config: { access: { action: 'deviceSecrets:read', on: 'device' } },
      schema: {
        tags,
        summary: "The device's access token (its MQTT username)",
        params: idParamsSchema,
        response: { 200: envelopeSchema(deviceCredentialsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getCredentials(app.db, request.scope(), request.params.id)),
  );

  app.post(
    '/sbuilding/device/credentials/:id',
    {
      config: { access: { action: 'deviceSecrets:write', on: 'device' } },
      schema: {
        tags,
        summary: 'Replaces the access token; the old one stops working at once',
        params: idParamsSchema,
        response: { 200: envelopeSchema(deviceCredentialsSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const credentials = await replaceCredentials(app.db, request.scope(), request.params.id);
      // The old token stops working at once: a connection made with it is closed too, on whichever node
      // holds it (each node's device link hears the invalidation; this one closes its own at once).
      app.deviceChannel?.disconnect(request.params.id);
      app.cluster.publish(INVALIDATE, { cache: 'deviceTokens', keys: [request.params.id] });
      return ok(request, credentials);
    },
  );
};
