import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  idParamsSchema,
  invitationCreateBodySchema,
  invitationCreatedSchema,
  invitationRowSchema,
  pageSchema,
  ssoAuthorizeResponseSchema,
  ssoIdentitiesResponseSchema,
  ssoLinkBodySchema,
  ssoListBodySchema,
  ssoProviderCreateBodySchema,
  ssoProviderRowSchema,
  ssoProviderSaveBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { startFlow } from './flows.js';
import { listOwnIdentities, unlinkOwnIdentity } from './identities.js';
import { createInvitation, listInvitations, revokeInvitation } from './invitations.js';
import {
  createProvider,
  deleteProvider,
  getProvider,
  listProviders,
  saveProvider,
} from './provider-admin.js';
import { sessionIdOf } from '../sessions/index.js';
import { bindBrowser } from './browser-binding.js';
import { flowDepsOf, requestOriginOf } from './public-routes.js';

const tags = ['single sign-on'];

/** The signed-in user's identities, and tenant providers and invitations in the console. Protected context. */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = flowDepsOf(app);

  app.get(
    '/sso/identities',
    {
      config: { access: { action: 'account:read' } },
      schema: {
        tags,
        summary: "The caller's linked identities, and the providers it may link",
        response: { 200: envelopeSchema(ssoIdentitiesResponseSchema), ...errorResponses() },
      },
    },
    async (request) => ok(request, await listOwnIdentities(deps(request), request.scope())),
  );

  app.delete(
    '/sso/identities/:id',
    {
      config: { access: { action: 'account:write', on: 'identity' } },
      schema: {
        tags,
        summary: "Unlinks one of the caller's identities",
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(404) },
      },
    },
    async (request) => {
      await unlinkOwnIdentity(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sso/link',
    {
      config: { access: { action: 'identities:write' } },
      schema: {
        tags,
        summary: 'Starts linking another identity to the caller: the provider’s authorization URL',
        body: ssoLinkBodySchema,
        response: { 200: envelopeSchema(ssoAuthorizeResponseSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // The flow is bound to the caller's session (sessionIdOf refuses an API key) and to this browser:
      // the link completes only for both, whatever the route's declaration says.
      const start = {
        purpose: 'link' as const,
        userId: request.scope().userId,
        sessionId: sessionIdOf(request),
      };
      const browserHash = bindBrowser(request, reply, app.config.publicUrl);
      return ok(request, {
        url: await startFlow(
          deps(request),
          request.body.provider,
          start,
          browserHash,
          requestOriginOf(request),
        ),
      });
    },
  );

  app.post(
    '/sbuilding/sso/provider/getList',
    {
      config: { access: { action: 'users:read' } },
      schema: {
        tags,
        summary: "A page of the caller's tenant's identity providers (an admin may name tenantId)",
        body: ssoListBodySchema,
        response: { 200: envelopeSchema(pageSchema(ssoProviderRowSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listProviders(deps(request), request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/sso/provider/:id',
    {
      config: { access: { action: 'users:read', on: 'ssoProvider' } },
      schema: {
        tags,
        summary: 'One identity provider (never its client secret)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(ssoProviderRowSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getProvider(deps(request), request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/sso/provider/create',
    {
      config: { access: { action: 'users:write' } },
      schema: {
        tags,
        summary:
          'Adds an identity provider to the caller’s tenant (an admin names tenantId); the secret is sealed',
        body: ssoProviderCreateBodySchema,
        response: { 200: envelopeSchema(ssoProviderRowSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createProvider(deps(request), request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/sso/provider/save/:id',
    {
      config: { access: { action: 'users:write', on: 'ssoProvider' } },
      schema: {
        tags,
        summary: 'Saves an identity provider; an empty client secret keeps the stored one',
        params: idParamsSchema,
        body: ssoProviderSaveBodySchema,
        response: { 200: envelopeSchema(ssoProviderRowSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await saveProvider(deps(request), request.scope(), request.params.id, request.body)),
  );

  app.delete(
    '/sbuilding/sso/provider/del/:id',
    {
      config: { access: { action: 'users:write', on: 'ssoProvider' } },
      schema: {
        tags,
        summary: 'Deletes an identity provider and every identity linked through it',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteProvider(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/invitation/getList',
    {
      config: { access: { action: 'users:read' } },
      schema: {
        tags,
        summary: "A page of the caller's tenant's invitations, newest first (an admin may name tenantId)",
        body: ssoListBodySchema,
        response: { 200: envelopeSchema(pageSchema(invitationRowSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listInvitations(app.db, request.scope(), request.body)),
  );

  app.put(
    '/sbuilding/invitation/create',
    {
      config: { access: { action: 'users:write' } },
      schema: {
        tags,
        summary: 'A registration invitation with a role and an expiry; its token is answered once',
        body: invitationCreateBodySchema,
        response: { 200: envelopeSchema(invitationCreatedSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createInvitation(app.db, request.scope(), request.body)),
  );

  app.delete(
    '/sbuilding/invitation/del/:id',
    {
      config: { access: { action: 'users:write', on: 'invitation' } },
      schema: {
        tags,
        summary: 'Revokes an unused invitation: its link stops working',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await revokeInvitation(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
