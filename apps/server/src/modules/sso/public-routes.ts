import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  registerBodySchema,
  registrationInfoSchema,
  registrationQuerySchema,
  ssoAuthorizeBodySchema,
  ssoAuthorizeResponseSchema,
  ssoBindBodySchema,
  ssoCallbackBodySchema,
  ssoCallbackResponseSchema,
  ssoProvidersQuerySchema,
  ssoProvidersResponseSchema,
  ssoSignedInResponseSchema,
  ssoTicketQuerySchema,
  ssoTicketResponseSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { createSealer } from '../../platform/auth/sealing.js';
import { bearerToken } from '../sessions/index.js';
import { bindIdentity, register, registrationInfo, ticketInfo } from './accounts.js';
import { bindBrowser, browserHashOf } from './browser-binding.js';
import { completeFlow, startFlow, type FlowDeps } from './flows.js';
import { createProviderKeys } from './provider-keys.js';
import { publicOptions } from './providers.js';

const tags = ['single sign-on'];

/**
 * The browser's Origin header, only to tell a person who opened the console at another address than
 * PUBLIC_URL where single sign-on works; the callback's address never comes from the request.
 */
export const requestOriginOf = (request: FastifyRequest): string | undefined => request.headers.origin;

export const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** The flows' dependencies for one request. The sealer's and the provider keys' keys are derived once per app. */
export function flowDepsOf(app: FastifyInstance): (request: FastifyRequest) => FlowDeps {
  const sealer = createSealer(app.secrets, 'sso');
  const keys = createProviderKeys(app.secrets);
  return (request) => ({
    db: app.db,
    config: app.config,
    sealer,
    keys,
    log: request.log,
    issueToken: app.issueAccessToken,
  });
}

/**
 * The session of the request's bearer token, for the callback of a link (a public route: nothing else
 * reads the token there). An API key, or an ended session, is no session.
 */
async function sessionOfBearer(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const auth = await app.verifyAccessToken(token);
  return auth && !auth.apiKey ? auth.sessionId : null;
}

/**
 * Sign-in through identity providers, /bind and invited /register: reachable without a session (spec
 * section 2). Every one of them ends, when it signs someone in, in the same session as POST /login.
 */
export const publicSsoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = flowDepsOf(app);

  app.get(
    '/sso/providers',
    {
      config: { access: { public: "the login page's sign-in buttons" } },
      schema: {
        tags,
        security: [],
        summary:
          "The identity providers the login page offers (the platform's, and the tenant provider its login link names), and whether invited registration is on",
        querystring: ssoProvidersQuerySchema,
        response: { 200: envelopeSchema(ssoProvidersResponseSchema) },
      },
    },
    async (request) => ok(request, await publicOptions(deps(request), request.query.sso)),
  );

  app.post(
    '/sso/authorize',
    {
      config: { access: { public: "starts a provider's sign-in; the provider authenticates the person" } },
      schema: {
        tags,
        security: [],
        summary:
          'Starts a sign-in (or, with an invitation, a registration) with a provider: its authorization URL',
        body: ssoAuthorizeBodySchema,
        response: { 200: envelopeSchema(ssoAuthorizeResponseSchema) },
      },
    },
    async (request, reply) => {
      const { provider, redirect, invitation } = request.body;
      const start = invitation
        ? { purpose: 'register' as const, invitation }
        : { purpose: 'login' as const, redirect };
      const browserHash = bindBrowser(request, reply, app.config.publicUrl);
      return ok(request, {
        url: await startFlow(deps(request), provider, start, browserHash, requestOriginOf(request)),
      });
    },
  );

  app.post(
    '/sso/callback',
    {
      config: {
        access: {
          public: "the flow's state, PKCE and nonce, accepted once, and the browser that started it",
        },
      },
      schema: {
        tags,
        security: [],
        summary: "Finishes a provider's round trip with the query /auth-redirect received",
        body: ssoCallbackBodySchema,
        response: { 200: envelopeSchema(ssoCallbackResponseSchema) },
      },
    },
    async (request) => {
      const caller = {
        browserHash: browserHashOf(request, app.config.publicUrl),
        sessionId: await sessionOfBearer(app, request),
      };
      return ok(request, await completeFlow(deps(request), request.body.search, caller, metaOf(request)));
    },
  );

  app.get(
    '/sso/ticket',
    {
      config: { access: { public: 'a one-time ticket of a finished sign-in flow' } },
      schema: {
        tags,
        security: [],
        summary: 'The identity waiting on /bind or /register',
        querystring: ssoTicketQuerySchema,
        response: { 200: envelopeSchema(ssoTicketResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await ticketInfo(deps(request), request.query.ticket, browserHashOf(request, app.config.publicUrl)),
      ),
  );

  app.post(
    '/sso/bind',
    {
      config: { access: { public: "the account's password (captcha and lockout) with the flow's ticket" } },
      schema: {
        tags,
        security: [],
        summary: 'Links the waiting identity to an existing account (its username and password) and signs in',
        body: ssoBindBodySchema,
        response: { 200: envelopeSchema(ssoSignedInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await bindIdentity(
          deps(request),
          request.body,
          browserHashOf(request, app.config.publicUrl),
          metaOf(request),
        ),
      ),
  );

  app.get(
    '/register/invitation',
    {
      config: { access: { public: 'an unused, unexpired invitation token' } },
      schema: {
        tags,
        security: [],
        summary: 'The tenant and role an invitation (or a waiting identity) registers into',
        querystring: registrationQuerySchema,
        response: { 200: envelopeSchema(registrationInfoSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await registrationInfo(deps(request), request.query, browserHashOf(request, app.config.publicUrl)),
      ),
  );

  app.post(
    '/register',
    {
      config: { access: { public: 'an unused, unexpired invitation token, accepted once' } },
      schema: {
        tags,
        security: [],
        summary: 'Creates an invited account (linking a waiting identity) and signs it in',
        body: registerBodySchema,
        response: { 200: envelopeSchema(ssoSignedInResponseSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await register(
          deps(request),
          request.body,
          browserHashOf(request, app.config.publicUrl),
          metaOf(request),
        ),
      ),
  );
};
