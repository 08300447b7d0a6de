import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyFindings } from './events.js';
import { FddRunner } from './runner.js';

/** The fault detection of a process (issue 38). */
export interface FddRuntime {
  /** Runs each project's rules once a minute; `tick()` runs the due ones at once (tests). */
  runner: FddRunner;
}

declare module 'fastify' {
  interface FastifyInstance {
    fdd: FddRuntime;
  }
}

/** Decorates `app.fdd`; the runner starts once the server is started and stops on close. */
export const fddPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new FddRunner(
      () => app.db,
      app.clock,
      () => app.started,
      app.log,
      (_, result) =>
        void notifyFindings(app, [
          ...result.raised.map((id) => ({ id, event: 'faultRaised' as const })),
          ...result.cleared.map((id) => ({ id, event: 'faultFixed' as const })),
        ]),
      { tickMs: app.config.fddTickSeconds * 1000 },
    );
    app.decorate('fdd', { runner });
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'fdd', dependencies: ['database', 'notifications'] },
);
