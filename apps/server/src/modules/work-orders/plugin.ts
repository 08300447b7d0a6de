import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertLink } from './alert-link.js';
import { WorkOrderRunner } from './runner.js';
import type { WorkOrderDeps } from './support.js';

/** The work-order machinery of a process (issue 37). */
export interface WorkOrdersRuntime {
  /** What the services need: the database, the app clock, the dispatcher's kick, file links, alert events. */
  deps(): WorkOrderDeps;
  /** Escalation and maintenance plans; `tick()` runs a round at once (tests). */
  runner: WorkOrderRunner;
  /** Follows alert changes: the automatic rule, an alert resolving itself; `idle()` for tests. */
  alertLink: AlertLink;
}

declare module 'fastify' {
  interface FastifyInstance {
    workOrders: WorkOrdersRuntime;
  }
}

/**
 * Decorates `app.workOrders`; on `onReady` it follows the alert events and starts the runner (which touches
 * the database only once the server is started), and stops both on close.
 */
export const workOrdersPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = (): WorkOrderDeps => ({
      db: app.db,
      clock: app.clock,
      notify: () => app.notifications.kick(),
      fileUrl: (fileId) => app.files.links.url(fileId),
      alertEvents: app.alertEvents,
    });
    const runner = new WorkOrderRunner(deps, () => app.started, app.log);
    const alertLink = new AlertLink(deps, app.log);
    app.decorate('workOrders', { deps, runner, alertLink });
    let stopFollowing = () => {};
    app.addHook('onReady', async () => {
      stopFollowing = app.alertEvents.onChange(alertLink.onChange);
      runner.start();
    });
    app.addHook('onClose', async () => {
      stopFollowing();
      await runner.stop();
      await alertLink.idle();
    });
  },
  { name: 'work-orders', dependencies: ['database', 'alerts', 'notifications', 'files'] },
);
