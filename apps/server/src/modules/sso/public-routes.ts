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
  ssoProvidersResponseSchema,
  ssoSignedInResponseSchema,
  ssoTicketQuerySchema,
  ssoTicketResponseSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { createSealer } from '../../platform/auth/sealing.js';
import { bindIdentity, register, registrationInfo, ticketInfo } from './accounts.js';
import { completeFlow, startFlow, type FlowDeps } from './flows.js';
import { publicOptions } from './providers.js';

const tags = ['single sign-on'];
const config = { public: true };

/** This site as the browser reached it (X-Forwarded-Proto/Host behind a proxy): the callback's origin. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const metaOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** The flows' dependencies for one request. The sealer's key is derived once per app. */
export function flowDepsOf(app: FastifyInstance): (request: FastifyRequest) => FlowDeps {
  const sealer = createSealer(app.secrets, 'sso');
  return (request) => ({
    db: app.db,
    config: app.config,
    sealer,
    log: request.log,
    issueToken: app.issueAccessToken,
  });
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
      config,
      schema: {
        tags,
        security: [],
        summary: 'The identity providers the login page offers, and whether invited registration is on',
        response: { 200: envelopeSchema(ssoProvidersResponseSchema) },
      },
    },
    async (request) => ok(request, await publicOptions(deps(request))),
  );

  app.post(
    '/sso/authorize',
    {
      config,
      schema: {
        tags,
        security: [],
        summary:
          'Starts a sign-in (or, with an invitation, a registration) with a provider: its authorization URL',
        body: ssoAuthorizeBodySchema,
        response: { 200: envelopeSchema(ssoAuthorizeResponseSchema) },
      },
    },
    async (request) => {
      const { provider, redirect, invitation } = request.body;
      const start = invitation
        ? { purpose: 'register' as const, invitation }
        : { purpose: 'login' as const, redirect };
      return ok(request, { url: await startFlow(deps(request), provider, start, originOf(request)) });
    },
  );

  app.post(
    '/sso/callback',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: "Finishes a provider's round trip with the query /auth-redirect received",
        body: ssoCallbackBodySchema,
        response: { 200: envelopeSchema(ssoCallbackResponseSchema) },
      },
    },
    async (request) => ok(request, await completeFlow(deps(request), request.body.search, metaOf(request))),
  );

  app.get(
    '/sso/ticket',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'The identity waiting on /bind or /register',
        querystring: ssoTicketQuerySchema,
        response: { 200: envelopeSchema(ssoTicketResponseSchema) },
      },
    },
    async (request) => ok(request, await ticketInfo(deps(request), request.query.ticket)),
  );

  app.post(
    '/sso/bind',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Links the waiting identity to an existing account (its username and password) and signs in',
        body: ssoBindBodySchema,
        response: { 200: envelopeSchema(ssoSignedInResponseSchema) },
      },
    },
    async (request) => ok(request, await bindIdentity(deps(request), request.body, metaOf(request))),
  );

  app.get(
    '/register/invitation',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'The tenant and role an invitation (or a waiting identity) registers into',
        querystring: registrationQuerySchema,
        response: { 200: envelopeSchema(registrationInfoSchema) },
      },
    },
    async (request) => ok(request, await registrationInfo(deps(request), request.query)),
  );

  app.post(
    '/register',
    {
      config,
      schema: {
        tags,
        security: [],
        summary: 'Creates an invited account (linking a waiting identity) and signs it in',
        body: registerBodySchema,
        response: { 200: envelopeSchema(ssoSignedInResponseSchema) },
      },
    },
    async (request) => ok(request, await register(deps(request), request.body, metaOf(request))),
  );
};
