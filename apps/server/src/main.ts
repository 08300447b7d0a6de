import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/env.js';
import { DataDirInUseError } from './platform/db/embedded.js';
import { NatsUnreachableError } from './platform/cluster/index.js';
import path from 'node:path';
import { seedBuiltIns, seedDemo } from './modules/seed/index.js';
import { PortInUseError, startDeviceLink } from './mqtt/index.js';
import { startBuiltInSimulator } from './simulator-host.js';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { startSceneAutomation } from './modules/scenes/index.js';
import { startAcAutomation } from './modules/ac-automation/index.js';
import { settleDemandBefore, startDemandSplitting } from './modules/energy-billing/index.js';
import { startTelemetryRetention } from './modules/telemetry/index.js';
import { weatherProvider } from './modules/scenes/index.js';
import { logDeviceChange } from './modules/commands/index.js';
import { BLE_INIT_LEASE_MS } from './modules/devices/index.js';
import type { Metrics } from './platform/metrics.js';

/** Feeds a scheduler's passes to GET /metrics. */
const schedulerPass =
  (metrics: Metrics, kind: 'scenes' | 'acAutomation') =>
  (ms: number, ok: boolean): void => {
    metrics.automation.passes.inc({ kind, outcome: ok ? 'ok' : 'failed' });
    metrics.automation.passSeconds.observe({ kind }, ms / 1000);
  };

/** Starts the server: listen first (so /health can say 503), then open the database and the rest. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (error instanceof NatsUnreachableError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      app.log.fatal(`Port ${config.port} is already in use: set PORT to a free port`);
      process.exit(1);
    }
    throw error;
  }
  let db;
  try {
    db = await app.openDb({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
      // The embedded database's thread gone: nothing can be stored any more, so stop and say why.
      onEmbeddedCrash: (error) => {
        app.log.fatal({ err: error }, 'the embedded database stopped');
        process.exit(1);
      },
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      app.log.fatal(error.message);
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  app.log.info({ database: app.dbKind }, 'database ready');
  if (config.seedDemo) {
    await seedDemo(db, app.log, app.files.store, {
      automations: config.seedDemoAutomations,
      now: app.clock.now(),
    });
  } else {
    await seedBuiltIns(db);
  }
  let deviceLink;
  try {
    deviceLink = await startDeviceLink(config, db, app.log, {
      bus: app.telemetryBus,
      onPresence: app.alertDetector.onPresence,
      database: app.dbKind,
      onDeviceChange: (change) => logDeviceChange(db, change),
      brokerSecret: app.secrets.brokerSecret(),
      cluster: app.cluster,
      metrics: app.metrics,
    });
    app.deviceChannel = deviceLink.channel;
  } catch (error) {
    if (error instanceof PortInUseError) {
      app.log.fatal(error.message);
      await app.close();
      process.exit(1);
    }
    throw error;
  }
  app.markStarted();
  // Timed scenes (due runs missed while the server was down are run or recorded as missed) and device triggers.
  const stopScenes = startSceneAutomation(
    () => ({
      db,
      channel: app.deviceChannel,
      log: app.controlLog,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      weather: weatherProvider(config.scenes.weather),
      clock: app.clock,
      events: app.sceneEvents,
    }),
    app.telemetryBus,
    app.log,
    { ...config.scenes, clock: app.clock, onPass: schedulerPass(app.metrics, 'scenes') },
  );
  // AC automation: every config at each pass (timing, vacancy, weather) and motion readings as they come.
  const stopAcAutomation = startAcAutomation(
    () => ({
      db,
      channel: app.deviceChannel,
      log: app.controlLog,
      commandTimeoutMs: COMMAND_TIMEOUT_MS,
      weather: weatherProvider(config.scenes.weather),
      clock: app.clock,
    }),
    app.telemetryBus,
    app.log,
    { tickMs: config.scenes.tickMs, clock: app.clock, onPass: schedulerPass(app.metrics, 'acAutomation') },
  );
  // Peak demand: yesterday's and today's quarter hours of every meter split ahead of the bills.
  const stopDemandSplitting = startDemandSplitting({ db: () => db, log: app.log, intervalMs: 5 * 60_000 });
  // Raw telemetry retention: monthly partitions made ahead, expired readings removed once a day on one node,
  // after the meters' demand quarters of the expiring days are split.
  const stopRetention = startTelemetryRetention({
    db: () => db,
    kind: app.dbKind ?? 'pglite',
    days: config.telemetryRetentionDays,
    clock: app.clock,
    log: app.log,
    beforeExpire: (untilMs) => settleDemandBefore(db, untilMs, app.clock.now().getTime()),
  });
  // Bluetooth gateway initialisations interrupted by the last stop carry on, and so, once their leases run
  // out, do those of a node that died (each job runs on one node at a time: its lease in the database).
  void app.bleInit
    .resumePending()
    .catch((error: unknown) => app.log.error({ err: error }, 'resuming gateway initialisations'));
  const stopBleSweep = app.bleInit.sweepEvery(BLE_INIT_LEASE_MS / 2);
  app.log.info({ url: `http://localhost:${config.port}` }, 'sbuilding is ready');
  // A parent that started this process with an IPC channel (a test, a supervisor) hears it without polling.
  process.send?.({ type: 'ready', url: `http://${config.host}:${config.port}` });

  // The simulator comes alive in the background, in a thread of its own (simulator-host.ts sets
  // app.simulator once it runs): on a first start it writes a year of history first.
  const broker = deviceLink.broker;
  const simulatorAbort = new AbortController();
  const simulatorStarting =
    config.simulator && broker
      ? startBuiltInSimulator(app, config, broker.port, simulatorAbort.signal).catch((error: unknown) => {
          // The campus stays usable without it; the log says why it is not alive.
          app.log.error({ err: error }, 'the building simulator did not start');
          return null;
        })
      : Promise.resolve(null);
  void simulatorStarting.then((simulator) => {
    // The campus is alive (its devices connected): a parent still listening (a test) hears it.
    if (config.simulator && process.connected) process.send?.({ type: 'simulator', running: !!simulator });
  });
  // The tariff splits are warmed once start-up and the first start's history are done (on PGlite it shares
  // the server's thread: warming beside the history would slow sign-in), then every 15 minutes.
  if (config.energyWarmSplits) void simulatorStarting.then(() => app.splitWarmer.start());

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Devices dropped by our own shutdown have not failed: they keep their state, and the next start
    // gives them the offline window to come back (an alert for those that do not).
    deviceLink.holdPresence();
    app.alertDetector.stop();
    stopBleSweep();
    await stopScenes();
    await stopAcAutomation();
    await stopDemandSplitting();
    await app.splitWarmer.stop();
    await stopRetention();
    // Cuts a first start's history short, or stops the running simulator; its thread ends either way.
    simulatorAbort.abort();
    await (await simulatorStarting)?.stop();
    await deviceLink.close();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
