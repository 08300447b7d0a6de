import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, testClockBodySchema, testClockSchema } from '@sbuilding/shared';
import { ok } from './platform/envelope.js';
import { isTestClock } from './platform/clock.js';

/**
 * `POST /test/clock` (TEST_CLOCK=1 only: app.ts registers it then and never otherwise): browser tests set the
 * time the scene scheduler, noon naps and AC automation read, instead of waiting real minutes.
 */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  if (!isTestClock(clock)) return;
  app.post(
    '/test/clock',
    {
      config: { access: { action: 'automation:write' } },
      schema: {
        tags: ['test'],
        summary: 'Tests only (TEST_CLOCK=1): sets or advances the clock automation reads',
        body: testClockBodySchema,
        response: { 200: envelopeSchema(testClockSchema) },
      },
    },
    async (request) => {
      const { now, advanceMs } = request.body;
      const at =
        now !== undefined ? clock.set(now) : advanceMs !== undefined ? clock.advance(advanceMs) : clock.now();
      return ok(request, { now: at.toISOString() });
    },
  );
};
