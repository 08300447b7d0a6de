import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { assertDeclared } from '../../platform/access.js';
import { authorize, checkRows, protectedAccessOf } from './policy.js';

/**
 * The access policy at the root of the app, so that the declaration decides and not the context a route
 * happens to be registered in: every route must declare `config.access` (checked as it is registered:
 * an undeclared route stops the start); a protected route's caller is authenticated (401) and authorized
 * for the route's action (403) in onRequest, and every row it names is compared with the caller's limits
 * (404) once the input is validated. Register it before any route.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', assertDeclared);
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const access = protectedAccessOf(request);
      if (!access) return;
      await app.authenticate(request, reply);
      authorize(request, access);
    });
    app.addHook('preHandler', async (request: FastifyRequest) => {
      const access = protectedAccessOf(request);
      if (access) await checkRows(app.db, request, access);
    });
  },
  { name: 'access', dependencies: ['auth', 'database'] },
);
