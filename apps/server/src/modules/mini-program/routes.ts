import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMAND_TIMEOUT_MS,
  envelopeSchema,
  idParamsSchema,
  sendCmdResultSchema,
  wxCommandBodySchema,
  wxHallDetailSchema,
  wxHallParamsSchema,
  wxHallSchema,
  wxSceneRunSchema,
  wxSceneSchema,
  wxSummarySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { translate } from '../../platform/i18n/index.js';
import { weatherProvider } from '../scenes/index.js';
import {
  listWxHalls,
  wxCommand,
  wxHallDetail,
  wxRunScene,
  wxScenes,
  wxSummary,
  type WxCaller,
  type WxDeps,
} from './service.js';

const tags = ['mini-program'];

/**
 * /sbuilding/wx/*: the calls of the /wxProgram page, each answering what the page shows for one of the
 * caller's buildings. A weixin customer reaches nothing else of the API (its role is in no other route's
 * roles); these check its buildings on the server, whatever role the browser maps it to.
 */
export const miniProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): WxDeps => ({
    db: app.db,
    channel: app.deviceChannel,
    log: app.controlLog,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    weather: weatherProvider(app.config.scenes.weather),
    events: app.sceneEvents,
    fileUrl: (fileId) => app.files.links.url(fileId),
  });

  app.get(
    '/sbuilding/wx/halls',
    {
      config: { access: { action: 'miniProgram:read' } },
      schema: {
        tags,
        summary: "The caller's buildings open in the mini-program (a weixin customer's own), for the chooser",
        response: { 200: envelopeSchema(z.array(wxHallSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ok(request, await listWxHalls(deps(), request.scope())),
  );

  app.get(
    '/sbuilding/wx/hall/:id',
    {
      config: { access: { action: 'miniProgram:read', on: 'building' } },
      schema: {
        tags,
        summary: 'A building, its rooms by floor with their lights and ACs as they are now, and room air',
        params: wxHallParamsSchema,
        response: { 200: envelopeSchema(wxHallDetailSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await wxHallDetail(deps(), request.scope(), request.params.id)),
  );

  app.get(
    '/sbuilding/wx/hall/:id/summary',
    {
      config: { access: { action: 'miniProgram:read', on: 'building' } },
      schema: {
        tags,
        summary: "A building's air quality now (banded) and its energy today against yesterday at this time",
        params: wxHallParamsSchema,
        response: { 200: envelopeSchema(wxSummarySchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await wxSummary(deps(), request.scope(), request.params.id, app.clock.now().getTime())),
  );

  app.get(
    '/sbuilding/wx/hall/:id/scenes',
    {
      config: { access: { action: 'miniProgram:read', on: 'building' } },
      schema: {
        tags,
        summary: "The scenes the tbAdmin offers to the building's occupants in the mini-program",
        params: wxHallParamsSchema,
        response: { 200: envelopeSchema(z.array(wxSceneSchema)), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await wxScenes(deps(), request.scope(), request.params.id)),
  );

  const callerOf = (request: {
    scope(): WxCaller['scope'];
    lang: WxCaller['lang'];
    auth: { userName: string } | null;
  }): WxCaller => ({ scope: request.scope(), lang: request.lang, userName: request.auth?.userName ?? '' });

  app.post(
    '/sbuilding/wx/device/:id/command',
    {
      config: { access: { action: 'miniProgram:control', on: 'device' } },
      schema: {
        tags,
        summary:
          "Switches a light (on/off, brightness, colour temperature) or an AC (on/off, mode, setpoint, fan) of the caller's building; logged with terminal miniProgram",
        params: idParamsSchema,
        body: wxCommandBodySchema,
        response: {
          200: envelopeSchema(sendCmdResultSchema),
          ...errorResponses(400, 403, 404, 409),
          503: envelopeSchema(sendCmdResultSchema.nullable()),
        },
      },
    },
    async (request) => {
      const result = await wxCommand(
        deps(),
        callerOf(request),
        request.params.id,
        request.body,
        COMMAND_TIMEOUT_MS,
      );
      return { code: 200, msg: translate(request.lang, 'command.success'), data: result };
    },
  );

  app.post(
    '/sbuilding/wx/scene/:id/run',
    {
      config: { access: { action: 'miniProgram:control', on: 'scene' } },
      schema: {
        tags,
        summary: "Runs a scene offered in the caller's building now; its commands are logged as miniProgram",
        params: idParamsSchema,
        response: { 200: envelopeSchema(wxSceneRunSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await wxRunScene(deps(), callerOf(request), request.params.id)),
  );
};
