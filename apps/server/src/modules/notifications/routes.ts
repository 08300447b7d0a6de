import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  channelCreateBodySchema,
  channelListBodySchema,
  channelTestResultSchema,
  channelUpdateBodySchema,
  deliveryListBodySchema,
  envelopeSchema,
  idParamsSchema,
  notificationChannelSchema,
  notificationDeliverySchema,
  pageSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import {
  createChannel,
  deleteChannel,
  listChannels,
  listDeliveries,
  testChannel,
  updateChannel,
} from './service.js';

const tags = ['notifications'];

/** Notification channels and their delivery log, under /sbuilding/notification. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/notification/channel/list',
    {
      config: { access: { action: 'notifications:read' } },
      schema: {
        tags,
        summary: "A project's webhook and e-mail channels, by name (secrets never included)",
        body: channelListBodySchema,
        response: {
          200: envelopeSchema(z.array(notificationChannelSchema)),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => ok(request, await listChannels(app.db, request.scope(), request.body.projectId)),
  );

  app.post(
    '/sbuilding/notification/channel',
    {
      config: { access: { action: 'notifications:write' } },
      schema: {
        tags,
        summary:
          'Creates a channel: webhook (http/https URL, optional HMAC secret) or e-mail (1-20 recipients)',
        body: channelCreateBodySchema,
        response: { 200: envelopeSchema(notificationChannelSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createChannel(app.db, request.scope(), request.body)),
  );

  app.put(
    '/sbuilding/notification/channel',
    {
      config: { access: { action: 'notifications:write', fields: { id: 'channel' } } },
      schema: {
        tags,
        summary:
          'Updates a channel; a blank secret keeps the stored one (clearSecret removes it); 409 when stale',
        body: channelUpdateBodySchema,
        response: { 200: envelopeSchema(notificationChannelSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await updateChannel(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/notification/channel/:id',
    {
      config: { access: { action: 'notifications:write', on: 'channel' } },
      schema: {
        tags,
        summary: 'Deletes a channel with its delivery log',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteChannel(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/notification/channel/test/:id',
    {
      config: { access: { action: 'notifications:write', on: 'channel' } },
      schema: {
        tags,
        summary: 'Sends a test message now (once, not logged) and answers the outcome',
        params: idParamsSchema,
        response: { 200: envelopeSchema(channelTestResultSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await testChannel(app.db, request.scope(), request.params.id, app.notifications.settings.timeoutMs),
      ),
  );

  app.post(
    '/sbuilding/notification/delivery/list',
    {
      config: { access: { action: 'notifications:read' } },
      schema: {
        tags,
        summary: "A page of a project's delivery log, newest first, filtered by channel and status",
        body: deliveryListBodySchema,
        response: {
          200: envelopeSchema(pageSchema(notificationDeliverySchema)),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) => ok(request, await listDeliveries(app.db, request.scope(), request.body)),
  );
};
