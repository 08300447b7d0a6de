import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertDetector } from './detection.js';
import { AlertEvents } from './events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert changes, told after commit (the socket pushes the badge from them). */
    alertEvents: AlertEvents;
    /** Offline detection; main.ts gives its `onPresence` to the device link. */
    alertDetector: AlertDetector;
  }
}

/** The alert machinery of the process: the change events and the detector that feeds them. */
export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new AlertEvents();
    app.decorate('alertEvents', events);
    app.decorate('alertDetector', new AlertDetector(() => app.db, events, app.log));
    app.addHook('onClose', async () => {
      app.alertDetector.stop();
      await app.alertDetector.idle();
    });
  },
  { name: 'alerts', dependencies: ['database'] },
);
