import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../platform/env.js';
import type { Db } from '../platform/db/client.js';
import { TelemetryWriter } from '../modules/telemetry/writer.js';
import { PortInUseError, startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { DeviceDirectory } from './directory.js';
import { logDeviceChange } from '../modules/commands/control-log.js';
import type { TelemetryBus } from '../realtime/bus.js';

export { PortInUseError };

export interface DeviceLink {
  broker: EmbeddedBroker | null;
  close(): Promise<void>;
}

/**
 * Starts the device side of the server: the embedded broker on MQTT_PORT and the sweep that takes silent
 * devices offline after DEVICE_OFFLINE_MINUTES. Throws PortInUseError when the port is taken.
 */
export async function startDeviceLink(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  bus?: TelemetryBus,
): Promise<DeviceLink> {
  const directory = new DeviceDirectory(db);
  let broker: EmbeddedBroker | null = null;
  if (config.mqttUrl) {
    log.warn('MQTT_URL is set, but external brokers are not supported yet: devices cannot connect');
  } else {
    broker = await startEmbeddedBroker({
      port: config.mqttPort,
      host: config.host,
      log,
      directory,
      writer: new TelemetryWriter(db, { onCommitted: (rows) => bus?.publish(rows) }),
      onDeviceChange: (change) => logDeviceChange(db, change),
    });
  }
  const sweepEveryMs = Math.min(60_000, (config.deviceOfflineMinutes * 60_000) / 4);
  const sweep = setInterval(() => {
    directory
      .expireSilent(config.deviceOfflineMinutes)
      .then((count) => {
        if (count > 0) log.info({ count }, 'silent devices marked offline');
      })
      .catch((error: unknown) => log.error({ err: error }, 'offline sweep failed'));
  }, sweepEveryMs);
  sweep.unref();
  return {
    broker,
    close: async () => {
      clearInterval(sweep);
      await broker?.close();
    },
  };
}
