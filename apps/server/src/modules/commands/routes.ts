import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMMAND_TIMEOUT_MS,
  controlLogEntrySchema,
  controlLogListBodySchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  sendCmdBodySchema,
  sendCmdResultSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { badRequest } from '../../platform/errors.js';
import { errorResponses } from '../../platform/openapi.js';
import { translate } from '../../platform/i18n/index.js';
import { findDevice } from '../devices/index.js';
import type { DeviceChannel } from '../../mqtt/index.js';
import { listControlLog } from './control-log.js';
import { sendCommand } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The broker devices are reached through; null until it runs (and in tests that do not start one). */
    deviceChannel: DeviceChannel | null;
  }
}

const tags = ['commands'];

function userNameOf(request: FastifyRequest): string {
  return request.auth?.userName ?? '';
}
/** A command some device did not take: the outcome of each device as data. */
const failedSchema = envelopeSchema(sendCmdResultSchema.nullable());

/**
 * Commands (spec section 7 dev-rpccmd) and the control log. Every reading role may call them: whether the
 * caller may switch anything is the device control permission, answered with 'No operation permission !'.
 */
export const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, channel: app.deviceChannel, log: app.controlLog });
  app.post(
    '/sbuilding/dev-rpccmd/sendCmd',
    {
      // The permission is checked before the body is read (sessions/plugin.ts), in the spec's words.
      config: { access: { action: 'devices:control', notFound: 'command.notFound' } },
      schema: {
        tags,
        summary:
          "Sends a catalogue command to a device or to every device of a group and waits for the replies; 503 with each device's outcome when any was not set",
        body: sendCmdBodySchema,
        response: {
          200: envelopeSchema(sendCmdResultSchema),
          ...errorResponses(400, 403, 404),
          503: failedSchema,
        },
      },
    },
    async (request) => {
      const result = await sendCommand(
        deps(),
        { scope: request.scope(), lang: request.lang, userName: userNameOf(request) },
        // A command sent with an API key is logged as coming from a remote system (spec §3 terminal sources).
        request.auth?.apiKey ? { ...request.body, terminal: 'remote' } : request.body,
        COMMAND_TIMEOUT_MS,
      );
      return { code: 200, msg: translate(request.lang, 'command.success'), data: result };
    },
  );

  app.post(
    '/sbuilding/dev-rpccmd/reboot-ba/:id',
    {
      // Before the device is looked up: a caller who may not control devices does not learn which are gateways.
      config: { access: { action: 'devices:control', on: 'device', notFound: 'command.notFound' } },
      schema: {
        tags,
        summary: 'Reboots a Bluetooth gateway (its mesh devices are unreachable until it is back)',
        params: idParamsSchema,
        response: {
          200: envelopeSchema(sendCmdResultSchema),
          ...errorResponses(400, 403, 404),
          503: failedSchema,
        },
      },
    },
    async (request) => {
      const scope = request.scope();
      const device = await findDevice(app.db, scope, request.params.id);
      if (device.category !== 'bleGateway') throw badRequest('device.notBleGateway');
      const result = await sendCommand(
        deps(),
        { scope, lang: request.lang, userName: userNameOf(request) },
        {
          deviceId: device.id,
          method: 'reboot',
          params: {},
          terminal: request.auth?.apiKey ? 'remote' : 'admin',
        },
        COMMAND_TIMEOUT_MS,
      );
      return { code: 200, msg: translate(request.lang, 'command.success'), data: result };
    },
  );

  app.post(
    '/sbuilding/control-log/getList',
    {
      config: { access: { action: 'devices:read' } },
      schema: {
        tags,
        summary: "A page of a project's control log (commands and device-side changes), newest first",
        body: controlLogListBodySchema,
        response: { 200: envelopeSchema(pageSchema(controlLogEntrySchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      // This process's commands answered before their lines were written: let those land first.
      await app.controlLog.flushed();
      return ok(request, await listControlLog(app.db, request.scope(), request.body));
    },
  );
};
