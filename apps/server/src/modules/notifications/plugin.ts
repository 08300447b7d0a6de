import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotificationDispatcher } from './dispatcher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook and e-mail notifications of alert changes (issue 7) and scene runs (issue 24). */
    notifications: NotificationDispatcher;
  }
}

/**
 * The notification dispatcher of the process. It starts with the server (`onReady`) but touches the
 * database only once the server is started (`markStarted`), and stops (aborting sends in flight, which stay
 * pending for the next start) when the server closes.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    const dispatcher = new NotificationDispatcher(
      () => app.db,
      () => app.started,
      app.log,
    );
    app.decorate('notifications', dispatcher);
    app.addHook('onReady', async () => {
      dispatcher.start(app.alertEvents, app.sceneEvents);
    });
    app.addHook('onClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'notifications', dependencies: ['database', 'alerts', 'scene-events'] },
);
