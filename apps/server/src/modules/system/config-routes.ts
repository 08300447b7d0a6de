import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configCreateBodySchema,
  configListQuerySchema,
  configUpdateBodySchema,
  envelopeSchema,
  exportResultSchema,
  idParamsSchema,
  pageSchema,
  smtpSettingsBodySchema,
  smtpSettingsOrNullSchema,
  smtpSettingsSchema,
  sysConfigSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { clearConfigCache } from './config-cache.js';
import { getConfigValue } from './config.js';
import {
  createConfig,
  deleteConfig,
  exportConfigs,
  getConfig,
  listConfigs,
  updateConfig,
} from './config-service.js';
import { readSmtpSettings, saveSmtpSettings } from './smtp.js';

const tags = ['system config'];

/** /system/config exactly as spec section 7 lists it. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/config/list',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: 'A page of settings, filtered by name and key (contains) and type',
        querystring: configListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(sysConfigSchema)), ...errorResponses(400) },
      },
    },
    async (request) => ok(request, await listConfigs(app.db, request.query)),
  );

  app.get(
    '/system/config/export',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: 'Writes the settings matching the filter to an .xlsx; download it with GET /common/download',
        querystring: configListQuerySchema,
        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const fileName = await exportConfigs(app.db, request.query, request.lang, app.storage.exports);
      return ok(request, { fileName });
    },
  );

  app.get(
    '/system/config/configKey/:key',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: "A setting's value as `data` ('' when the key is not configured); cached for 30 s",
        params: z.object({ key: z.string().min(1).max(100) }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => ok(request, (await getConfigValue(app.db, request.params.key)) ?? ''),
  );

  app.delete(
    '/system/config/clearCache',
    {
      config: { access: { action: 'reference:write' } },
      schema: {
        tags,
        summary: "Empties this server's 30 s cache of setting values",
        response: { 200: envelopeSchema(z.null()), ...errorResponses(403) },
      },
    },
    async (request) => {
      clearConfigCache(app.db);
      return ok(request, null);
    },
  );

  app.get(
    '/system/config/smtp',
    {
      config: { access: { action: 'platform:read' } },
      schema: {
        tags,
        summary:
          'The SMTP server of e-mail notifications (null when not set); the password is never returned',
        response: { 200: envelopeSchema(smtpSettingsOrNullSchema), ...errorResponses(403) },
      },
    },
    async (request) => ok(request, await readSmtpSettings(app.db)),
  );

  app.put(
    '/system/config/smtp',
    {
      config: { access: { action: 'platform:write' } },
      schema: {
        tags,
        summary: 'Sets the SMTP server of e-mail notifications; a blank password keeps the stored one',
        body: smtpSettingsBodySchema,
        response: { 200: envelopeSchema(smtpSettingsSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await saveSmtpSettings(app.db, request.body)),
  );

  app.get(
    '/system/config/:id',
    {
      config: { access: { action: 'reference:read', on: 'unscoped' } },
      schema: {
        tags,
        summary: 'One setting',
        params: idParamsSchema,
        response: { 200: envelopeSchema(sysConfigSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => ok(request, await getConfig(app.db, request.params.id)),
  );

  app.post(
    '/system/config',
    {
      config: { access: { action: 'reference:write' } },
      schema: {
        tags,
        summary: 'Creates a setting; 400 when the key exists',
        body: configCreateBodySchema,
        response: { 200: envelopeSchema(sysConfigSchema), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await createConfig(app.db, request.body)),
  );

  app.put(
    '/system/config',
    {
      config: { access: { action: 'reference:write' } },
      schema: {
        tags,
        summary: 'Updates a setting; 409 when it changed since the client read `version`',
        body: configUpdateBodySchema,
        response: { 200: envelopeSchema(sysConfigSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await updateConfig(app.db, request.body)),
  );

  app.delete(
    '/system/config/:id',
    {
      config: { access: { action: 'reference:write', on: 'unscoped' } },
      schema: {
        tags,
        summary: "Deletes a setting; built-in ('Y') settings answer 400",
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteConfig(app.db, request.params.id);
      return ok(request, null);
    },
  );
};
