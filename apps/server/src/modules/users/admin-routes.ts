import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  envelopeSchema,
  idParamsSchema,
  pageSchema,
  userBlacklistBodySchema,
  userCreateBodySchema,
  userHallOptionSchema,
  userHallOptionsQuerySchema,
  userListBodySchema,
  userResetPwdBodySchema,
  userSaveBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import { sessionIdOf } from '../sessions/index.js';
import { hallOptions } from '../buildings/index.js';
import {
  blacklistUser,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  resetPassword,
  saveUser,
} from './admin-service.js';

const tags = ['users'];

/** A weixin customer's buildings: another tenant's answers as an unknown one does, in the same words. */
const HALLS = { hallIds: { kind: 'building', notFound: 'user.unknownHall' } } as const;

/** User administration within the caller's tenant (all tenants for admin). Registered in the protected context. */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sbuilding/user/getList',
    {
      config: { access: { action: 'users:read' } },
      schema: {
        tags,
        summary: "A page of the caller's tenant's users (an admin may name tenantId), newest first",
        body: userListBodySchema,
        response: { 200: envelopeSchema(pageSchema(adminUserSchema)), ...errorResponses(400, 403) },
      },
    },
    async (request) => ok(request, await listUsers(app.db, request.scope(), request.body)),
  );

  app.get(
    '/sbuilding/user/hallOptions',
    {
      config: { access: { action: 'users:read' } },
      schema: {
        tags,
        summary:
          "The buildings a weixin customer can belong to: the caller's tenant's (an admin names tenantId), with their project",
        querystring: userHallOptionsQuerySchema,
        response: { 200: envelopeSchema(z.array(userHallOptionSchema)), ...errorResponses(400, 403) },
      },
    },
    // The answer's schema keeps the option's fields only.
    async (request) => ok(request, await hallOptions(app.db, request.scope(), request.query.tenantId)),
  );

  app.get(
    '/sbuilding/user/:id',
    {
      config: { access: { action: 'users:read', on: 'user' } },
      schema: {
        tags,
        summary: 'One user (never its password hash)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await getUser(app.db, request.scope(), request.params.id)),
  );

  app.put(
    '/sbuilding/user/create',
    {
      config: { access: { action: 'users:write', fields: HALLS } },
      schema: {
        tags,
        summary:
          "Creates a user in the caller's tenant (an admin names deptId; only an admin gives role admin)",
        body: userCreateBodySchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await createUser(app.db, request.scope(), request.body)),
  );

  app.post(
    '/sbuilding/user/save/:id',
    {
      config: { access: { action: 'users:write', on: 'user', fields: HALLS } },
      schema: {
        tags,
        summary:
          'Saves a user; 409 when it changed since the client read `version`. Nobody changes their own role or blacklists themselves',
        params: idParamsSchema,
        body: userSaveBodySchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await saveUser(app.db, request.scope(), request.params.id, request.body)),
  );

  app.post(
    '/sbuilding/user/resetPwd/:id',
    {
      config: { access: { action: 'users:write', on: 'user', fields: HALLS } },
      schema: {
        tags,
        summary: "Sets a user's password and ends its sessions",
        params: idParamsSchema,
        body: userResetPwdBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await resetPassword(app.db, request.scope(), id, request.body.password, sessionIdOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/sbuilding/user/blacklist/:id',
    {
      config: { access: { action: 'users:write', on: 'user', fields: HALLS } },
      schema: {
        tags,
        summary: 'Blacklists a user (its sessions end, it cannot sign in) or lifts it',
        params: idParamsSchema,
        body: userBlacklistBodySchema,
        response: { 200: envelopeSchema(adminUserSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await blacklistUser(app.db, request.scope(), request.params.id, request.body.blacklisted)),
  );

  app.delete(
    '/sbuilding/user/del/:id',
    {
      config: { access: { action: 'users:write', on: 'user', fields: HALLS } },
      schema: {
        tags,
        summary: 'Deletes a user (kept as deleted so its history keeps its author); its sessions end',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteUser(app.db, request.scope(), request.params.id);
      return ok(request, null);
    },
  );
};
