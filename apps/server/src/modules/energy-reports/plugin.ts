import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReportRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the report schedules when due (issue 22); `tick()` runs a round at once (tests). */
    energyReports: ReportRunner;
  }
}

/** The report runner of the process: starts with the server (`onReady`), stops when it closes. */
export const energyReportsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new ReportRunner(
      () => app.db,
      app.clock,
      () => app.started,
      app.config.publicUrl,
      app.log,
    );
    app.decorate('energyReports', runner);
    app.addHook('onReady', async () => {
      runner.start();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });
  },
  { name: 'energy-reports', dependencies: ['database'] },
);
