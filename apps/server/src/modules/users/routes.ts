import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeSchema,
  passwordChangeBodySchema,
  profileBodySchema,
  profileResponseSchema,
  userSchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { sessionIdOf } from '../sessions/index.js';
import { changePassword, getProfile, updateProfile } from './service.js';

/** The caller's own profile (spec section 5, Profile). Registered in the protected context. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/system/user/profile',
    {
      config: { access: { action: 'account:read' } },
      schema: {
        tags: ['profile'],
        summary: "The caller's profile, role group and tenant name",
        response: { 200: envelopeSchema(profileResponseSchema) },
      },
    },
    async (request) => ok(request, await getProfile(app.db, request.scope())),
  );

  app.put(
    '/system/user/profile',
    {
      config: { access: { action: 'account:write' } },
      schema: {
        tags: ['profile'],
        summary: "Changes the caller's nickname, e-mail, phone and sex",
        body: profileBodySchema,
        response: { 200: envelopeSchema(userSchema) },
      },
    },
    async (request) => ok(request, await updateProfile(app.db, request.scope(), request.body)),
  );

  app.put(
    '/system/user/profile/updatePwd',
    {
      config: { access: { action: 'account:write' } },
      schema: {
        tags: ['profile'],
        summary:
          "Changes the caller's password; ends the user's other sessions (a session only, not an API key)",
        body: passwordChangeBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await changePassword(app.db, request.scope(), sessionIdOf(request), request.body);
      return ok(request, null);
    },
  );
};
