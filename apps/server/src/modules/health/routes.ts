import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../platform/db/client.js';

/**
 * GET /health: 200 {status:"ok"} once start-up is done and the database answers, 503 before. On a cluster
 * node (NATS_URL), 503 {status:"unavailable", msg: why} while NATS is lost (the client reconnects on its
 * own; the node keeps storing telemetry meanwhile).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: { public: 'tells only whether the server is ready, nothing of any tenant' } },
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('ok'),
            code: z.number(),
            msg: z.string(),
            data: z.object({ database: z.string(), node: z.string().optional() }),
          }),
          503: z.object({
            status: z.enum(['starting', 'unavailable']),
            code: z.number(),
            msg: z.string(),
            data: z.null(),
          }),
        },
      },
    },
    async (_request, reply) => {
      // `started`, not an open database: the database opens before the seed has run, and a client that
      // trusts /health must find the demo users there.
      const database = app.dbKind;
      if (!app.started || !database)
        return reply.status(503).send({ status: 'starting', code: 503, msg: 'starting', data: null });
      const cluster = app.cluster.status();
      if (!cluster.connected)
        return reply.status(503).send({ status: 'unavailable', code: 503, msg: cluster.reason, data: null });
      await ping(app.db);
      const node = app.cluster.kind === 'nats' ? { node: app.cluster.nodeId } : {};
      return { status: 'ok' as const, code: 200, msg: 'ok', data: { database, ...node } };
    },
  );
};
