import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/env.js';
import type { Db } from '../platform/db/client.js';
import {
  ACTIVITY_WRITE_S,
  gatherMsFor,
  maxBatchRowsFor,
  TelemetryWriter,
} from '../modules/telemetry/index.js';
import { PortInUseError, startEmbeddedBroker, type DeviceChannel, type EmbeddedBroker } from './broker.js';
import { linkClientId, startExternalLink } from './external.js';
import type { DeviceChange } from './inbox.js';
import { loadBrokerSecret } from '../platform/auth/secret.js';
import { DeviceDirectory, type PresenceListener } from './directory.js';
import type { TelemetryBus } from '../realtime/index.js';
import { INVALIDATE, type Bus } from '../platform/cluster/index.js';
import { ClusterDevices, exchange, relayReplies } from './cluster.js';
import type { Metrics } from '../platform/metrics.js';

export { PortInUseError };

export interface DeviceLink {
  /** The embedded broker; null with an external one (MQTT_URL). */
  broker: EmbeddedBroker | null;
  /** What the command path sends through: the embedded broker, or the link to the external one. */
  channel: DeviceChannel;
  /**
   * Call first when the server stops: devices dropped from then on (by the broker closing, by the built-in
   * simulator stopping) keep their online state for the next start to judge (DeviceDirectory.holdPresence).
   */
  holdPresence(): void;
  close(): Promise<void>;
}

export interface DeviceLinkOptions {
  /** Where readings are pushed live (the console's socket). */
  bus?: TelemetryBus | undefined;
  /** Told of devices going online and offline (alerts). */
  onPresence?: PresenceListener | undefined;
  /** The database in use: the telemetry writer gathers readings longer on PGlite (gatherMsFor). */
  database?: 'pglite' | 'postgres';
  /** Told of a change made at a device with its terminal source (the control log records it). */
  onDeviceChange?: ((change: DeviceChange) => Promise<void>) | undefined;
  /** The external broker's shared secret (app.secrets); MQTT_BROKER_SECRET or DATA_DIR's when absent. */
  brokerSecret?: string | undefined;
  /**
   * The cluster seam: commands reach devices held by other nodes through it, presence is kept on it, and
   * gateway children and device tokens are forgotten on every node when they change.
   */
  cluster?: Bus | undefined;
  /** The app's figures (GET /metrics): connections, messages, acknowledgements, the writer's commits. */
  metrics?: Metrics | undefined;
}

/**
 * Starts the device side of the server: the embedded broker on MQTT_PORT (or, with MQTT_URL, the link to
 * an external broker; it waits until that broker answers) and the sweep that takes silent
 * devices offline after DEVICE_OFFLINE_MINUTES. Throws PortInUseError when the port is taken.
 */
export async function startDeviceLink(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  {
    bus,
    onPresence,
    database = 'postgres',
    onDeviceChange,
    brokerSecret,
    cluster,
    metrics,
  }: DeviceLinkOptions = {},
): Promise<DeviceLink> {
  const directory = new DeviceDirectory(db, onPresence);
  let channelNow: DeviceChannel | null = null;
  // Presence and commands through the holding node: the embedded broker's devices (an external broker's
  // are reachable from every node through that broker).
  const devices = cluster && !config.mqttUrl ? new ClusterDevices(cluster, () => channelNow, log) : null;
  const writer = new TelemetryWriter(db, {
    gatherMs: gatherMsFor(database),
    maxBatchRows: maxBatchRowsFor(database),
    activityWriteS: Math.min(ACTIVITY_WRITE_S, (config.deviceOfflineMinutes * 60) / 4),
    onReceived: (rows) => bus?.publish(rows),
    onCameOnline: (ids) => onPresence?.(ids.map((deviceId) => ({ deviceId, online: true }))),
    onBatch: (rows, ms) => {
      metrics?.telemetry.batches.inc();
      metrics?.telemetry.rows.inc(rows);
      metrics?.telemetry.commitSeconds.observe(ms / 1000);
    },
  });
  let broker: EmbeddedBroker | null = null;
  let channel: DeviceChannel & { close(): Promise<void> };
  if (config.mqttUrl) {
    channel = await startExternalLink({
      url: config.mqttUrl,
      secret: brokerSecret ?? loadBrokerSecret(config),
      clientId: linkClientId(config.port),
      log,
      directory,
      writer,
      onDeviceChange,
      offlineMinutes: config.deviceOfflineMinutes,
    });
  } else {
    broker = await startEmbeddedBroker({
      port: config.mqttPort,
      host: config.host,
      log,
      directory,
      writer,
      onDeviceChange,
      ...(devices ? { presence: devices } : {}),
      ...(metrics ? { metrics: metrics.mqtt } : {}),
    });
    channel = broker;
  }
  channelNow = channel;
  if (devices) channel.elsewhere = (rpc, timeoutMs) => devices.call(rpc, timeoutMs);
  const stopRelay = cluster && config.mqttUrl ? relayReplies(cluster, channel) : null;
  if (cluster && config.mqttUrl) {
    // Another node has heard from the device lately (its row is online): send through the broker here.
    const external = channel;
    external.elsewhere = async (rpc, timeoutMs) =>
      (await directory.isOnline(rpc.viaId))
        ? exchange(external, rpc, timeoutMs)
        : { ok: false, reason: 'unreachable' };
  }
  // A gateway's devices or a device's token changed on some node: forget them here too.
  const stopInvalidations = cluster?.subscribe(INVALIDATE, ({ cache, keys }) => {
    if (cache === 'gatewayChildren') {
      if (keys.length === 0) directory.forget();
      for (const id of keys) directory.forget(Number(id));
    }
    if (cache === 'deviceTokens') for (const id of keys) channel.disconnect(Number(id));
  });
  const startedAt = Date.now();
  const sweepEveryMs = Math.min(60_000, (config.deviceOfflineMinutes * 60_000) / 4);
  const sweep = setInterval(() => {
    directory
      .expireSilent(config.deviceOfflineMinutes, startedAt)
      .then((count) => {
        if (count > 0) log.info({ count }, 'silent devices marked offline');
      })
      .catch((error: unknown) => log.error({ err: error }, 'offline sweep failed'));
  }, sweepEveryMs);
  sweep.unref();
  return {
    broker,
    channel,
    holdPresence: () => directory.holdPresence(),
    close: async () => {
      directory.holdPresence();
      clearInterval(sweep);
      stopInvalidations?.();
      stopRelay?.();
      devices?.close();
      await channel.close();
    },
  };
}

// What other parts of the server use of this one.
export { brokerAuthRoutes } from './broker-routes.js';
export type { DeviceChannel } from './broker.js';
export { exchange } from './cluster.js';
export type { DeviceRpc, DeviceRpcOutcome } from './rpc.js';
export type { PresenceChange, PresenceListener } from './directory.js';
