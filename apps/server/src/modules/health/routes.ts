import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../platform/db/client.js';

/** GET /health: 200 {status:"ok"} once start-up is done and the database answers, 503 before. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('ok'),
            code: z.number(),
            msg: z.string(),
            data: z.object({ database: z.string() }),
          }),
          503: z.object({ status: z.literal('starting'), code: z.number(), msg: z.string(), data: z.null() }),
        },
      },
    },
    async (_request, reply) => {
      // `started`, not an open database: the database opens before the seed has run, and a client that
      // trusts /health must find the demo users there.
      const database = app.dbKind;
      if (!app.started || !database)
        return reply.status(503).send({ status: 'starting', code: 503, msg: 'starting', data: null });
      await ping(app.db);
      return { status: 'ok' as const, code: 200, msg: 'ok', data: { database } };
    },
  );
};
