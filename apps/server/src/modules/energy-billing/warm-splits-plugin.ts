import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SplitWarmer } from './warm-splits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Warms the tariff splits in the background (issue 22): main.ts starts it after start-up; tests start it
     * and wait for `idle()`. Stopped when the app closes.
     */
    splitWarmer: SplitWarmer;
  }
}

/** The split warmer of the process: made here, started by main.ts (not by tests unless asked), stopped on close. */
export const splitWarmerPlugin = fp(
  async (app: FastifyInstance) => {
    const warmer = new SplitWarmer(
      () => app.db,
      () => app.dbKind,
      app.clock,
      app.log,
    );
    app.decorate('splitWarmer', warmer);
    // Before the database closes (its onClose hook): the step under way finishes on an open pool.
    app.addHook('preClose', async () => {
      await warmer.stop();
    });
  },
  { name: 'split-warmer', dependencies: ['database'] },
);
