import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  captchaResponseSchema,
  envelopeSchema,
  loginBodySchema,
  loginResponseSchema,
  routeRecordSchema,
  userInfoSchema,
} from '@sbuilding/shared';
import { sessionIdOf } from '../sessions/index.js';
import { revokeSession } from '../sessions/index.js';
import { ok } from '../../platform/envelope.js';
import { createCaptcha, isCaptchaEnabled } from './captcha.js';
import { sweepExpired } from './housekeeping.js';
import { getInfo, getRouters, login } from './service.js';

/** Sign-in calls reachable without a session (spec section 7, Session). */
export const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captchaImage',
    {
      config: { access: { public: 'the sign-in captcha itself' } },
      schema: {
        tags: ['session'],
        summary: 'A single-use captcha image (SVG) and its id, or captchaEnabled false',
        security: [],
        response: { 200: envelopeSchema(captchaResponseSchema) },
      },
    },
    async (request, reply) => {
      // Each image is single-use: a cached one would be a stale, already consumed answer.
      reply.header('Cache-Control', 'no-store');
      if (!(await isCaptchaEnabled(app.db, app.config.captchaEnabled))) {
        return ok(request, { captchaEnabled: false });
      }
      await sweepExpired(app.db, request.log);
      return ok(request, { captchaEnabled: true, ...(await createCaptcha(app.db)) });
    },
  );

  app.post(
    '/login',
    {
      config: { access: { public: 'the captcha, the lockout and the password' } },
      schema: {
        tags: ['session'],
        summary: 'Signs in with username, password and the captcha answer; answers a session token',
        security: [],
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
    },
    async (request) => {
      const { token } = await login(
        { db: app.db, config: app.config, log: request.log, issueToken: app.issueAccessToken },
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      );
      return ok(request, { token });
    },
  );
};

/** Session calls of a signed-in user. Registered in the protected context. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getInfo',
    {
      config: { access: { action: 'account:read' } },
      schema: {
        tags: ['session'],
        summary: 'The caller: user, roles and permissions',
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (request) => ok(request, await getInfo(app.db, request.scope())),
  );

  app.get(
    '/getRouters',
    {
      config: { access: { action: 'account:read' } },
      schema: {
        tags: ['session'],
        summary: "The console's menu: the route tree the caller's roles may see",
        response: { 200: envelopeSchema(z.array(routeRecordSchema)) },
      },
    },
    async (request) => ok(request, getRouters(request.scope())),
  );

  app.post(
    '/logout',
    {
      config: { access: { action: 'account:write' } },
      schema: { tags: ['session'], summary: 'Ends the session', response: { 200: envelopeSchema(z.null()) } },
    },
    async (request) => {
      await revokeSession(app.db, sessionIdOf(request));
      return ok(request, null);
    },
  );
};
