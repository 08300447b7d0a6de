import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AlertDetector } from './detection.js';
import { AlertEvents } from './events.js';
import { RuleEvaluator } from './rules.js';
import { closeAlertsOfDevice, openAlertsByLevel } from './service.js';
import { INVALIDATE } from '../../platform/cluster/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert changes, told after commit (the socket pushes the badge from them). */
    alertEvents: AlertEvents;
    /** Offline detection; main.ts gives its `onPresence` to the device link. */
    alertDetector: AlertDetector;
    /** Threshold rules, evaluated on the telemetry bus; told of rule changes by the rule calls. */
    ruleEvaluator: RuleEvaluator;
  }
}

/** The alert machinery of the process: the change events and the detectors that feed them. */
export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new AlertEvents();
    app.decorate('alertEvents', events);
    // A device gets the grace to connect after the server's start and its own creation (no false alerts
    // while the simulator or the real devices connect at start).
    const graceMs = app.config.deviceConnectGraceMinutes * 60_000;
    app.decorate('alertDetector', new AlertDetector(() => app.db, events, app.log, { graceMs }));
    app.decorate('ruleEvaluator', new RuleEvaluator(() => app.db, events, app.log));
    // GET /metrics asks at each scrape how many alerts are open, by level.
    app.metrics.probes.openAlerts = () => openAlertsByLevel(app.db);
    // A deleted device's open alerts close with 'device deletion' in its transaction; told once committed.
    app.deviceHooks.add(async ({ tx, scope, deviceId, deleted }) => {
      if (!deleted) return;
      const closed = await closeAlertsOfDevice(tx, scope, deviceId);
      return () => events.emit(closed);
    });
    // A project's rules changed on some node (rule-routes.ts): every node reloads them.
    const stopInvalidations = app.cluster.subscribe(INVALIDATE, ({ cache, keys }) => {
      if (cache === 'rules') for (const id of keys) void app.ruleEvaluator.reloadProject(Number(id));
    });
    let stopRules = () => {};
    // The telemetry bus belongs to the socket plugin, registered after this one: subscribe once all are.
    // The rules are read once the database is (main.ts listens before it opens the database).
    app.addHook('onReady', async () => {
      stopRules = app.telemetryBus.onUpdate(app.ruleEvaluator.onUpdate);
      app.whenStarted(() => app.ruleEvaluator.start());
    });
    app.addHook('onClose', async () => {
      stopInvalidations();
      stopRules();
      app.ruleEvaluator.stop();
      app.alertDetector.stop();
      await Promise.all([app.alertDetector.idle(), app.ruleEvaluator.idle()]);
    });
  },
  { name: 'alerts', dependencies: ['database', 'device-hooks', 'metrics'] },
);
