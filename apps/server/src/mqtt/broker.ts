import crypto from 'node:crypto';
import net from 'node:net';
import { Aedes, type AedesPublishPacket, type Client, type PublishPacket, type Subscription } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../platform/metrics.js';
import type { TelemetryWriter } from '../modules/telemetry/index.js';
import { DeviceDirectory, isGateway, type DeviceIdentity } from './directory.js';
import { DeviceInbox, type InboxOptions, type InboxStats } from './inbox.js';
import { maySubscribe } from './acl.js';
import type { DeviceRpc, DeviceRpcOutcome, RpcWaiters } from './rpc.js';

/**
 * The embedded MQTT broker (aedes). Devices and gateways connect with their access token as the username
 * and speak ThingsBoard's topics. Every client lives in its own namespace inside the broker: its
 * subscriptions are stored under `sb/{deviceId}/…` and only messages published there reach it (with the
 * prefix removed), so `v1/devices/me/rpc/request/+` of one device never sees another device's commands.
 * What devices publish is consumed by the inbox in authorizePublish, so a QoS 1 PUBACK (which aedes sends
 * after authorizePublish) means the data is committed.
 */

/** What the command path needs of a broker: who is connected, a way to publish to one device, and replies. */
export interface DeviceChannel {
  isConnected(deviceId: number): boolean;
  /** Publishes to one device's namespace (`v1/devices/me/rpc/request/7`, `v1/gateway/rpc`, ...). */
  publishTo(deviceId: number, topic: string, payload: object): Promise<void>;
  rpc: RpcWaiters;
  /** Closes every connection of the device (its token was replaced). */
  disconnect(deviceId: number): void;
  /**
   * A command for a device this node does not hold, sent through the node that does (mqtt/cluster.ts);
   * unset: nobody else could hold it.
   */
  elsewhere?: ((rpc: DeviceRpc, timeoutMs: number) => Promise<DeviceRpcOutcome>) | undefined;
}

export interface EmbeddedBroker extends DeviceChannel {
  /** The TCP port it listens on (MQTT_PORT, or the one picked for port 0). */
  port: number;
  stats: InboxStats;
  close(): Promise<void>;
}

export interface BrokerOptions {
  port: number;
  host?: string;
  log: FastifyBaseLogger;
  directory: DeviceDirectory;
  writer: TelemetryWriter;
  onDeviceChange?: InboxOptions['onDeviceChange'];
  /**
   * Told when this broker gets a device's first connection and loses its last one (the cluster's
   * presence); `heldElsewhere` keeps a device that already reconnected to another node from going offline.
   */
  presence?: {
    hold(deviceId: number): void;
    release(deviceId: number): void;
    heldElsewhere(deviceId: number): Promise<boolean>;
  };
  /** The app's MQTT figures (platform/metrics.ts). */
  metrics?: Metrics['mqtt'];
}

export class PortInUseError extends Error {}

/**
 * Gathers what the broker writes to one connection during an event-loop turn into one system call: after a
 * group commit, a device's acknowledgements (one per publish in flight) would otherwise each be a write.
 */
function coalesceWrites(socket: net.Socket): net.Socket {
  // Already gathered per turn: Nagle's algorithm would only hold a command back until the device's
  // delayed acknowledgement (tens of milliseconds on a quiet connection).
  socket.setNoDelay(true);
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  const original = socket.write;
  // Writable, as a plain assignment would leave it: Node replaces an ended socket's write (writeAfterFIN).
  Object.defineProperty(socket, 'write', {
    writable: true,
    configurable: true,
    value: (...args: unknown[]): boolean => {
      if (!corked) {
        corked = true;
        socket.cork();
        setImmediate(uncork);
      }
      return Boolean(Reflect.apply(original, socket, args));
    },
  });
  return socket;
}

/**
 * After authorizePublish, aedes routes every publish: it wraps it, looks up offline subscriptions and the
 * subscribers of its topic in two topic tries, and emits it. What devices publish is consumed by the inbox
 * and moved to a topic nobody subscribes, so all of that finds no one; at tens of thousands of messages a
 * second it was a tenth of the broker's work. The broker's own publishes (commands, $SYS) route as ever.
 */
function skipRoutingOfConsumed(broker: Aedes, consumed: WeakSet<PublishPacket>): void {
  const route = broker.publish;
  Object.defineProperty(broker, 'publish', {
    writable: true,
    configurable: true,
    value: (packet: PublishPacket, ...rest: unknown[]): void => {
      if (!consumed.has(packet)) {
        Reflect.apply(route, broker, [packet, ...rest]);
        return;
      }
      consumed.delete(packet);
      // aedes calls publish(packet, client, done); done sends nothing more for QoS 0 and 1.
      const done = rest.at(-1);
      if (typeof done === 'function') Reflect.apply(done, undefined, [null]);
    },
  });
}

const NAMESPACE = 'sb/';
const namespaced = (deviceId: number, topic: string) => `${NAMESPACE}${deviceId}/${topic}`;

export async function startEmbeddedBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const { log, directory, metrics } = options;
  const sessions = new WeakMap<Client, DeviceIdentity>();
  /** Publishes the inbox has consumed (stored, answered): no client subscribes to them. */
  const consumed = new WeakSet<PublishPacket>();
  /** Open connections per device id (a device may briefly have two while it reconnects). */
  const connections = new Map<number, Set<Client>>();
  /** Each device's latest connection on this node (an id made up when it was ready: `DeviceDirectory.setOnline`). */
  const latestConnection = new Map<number, string>();
  const inbox = new DeviceInbox({
    directory,
    writer: options.writer,
    log,
    ...(options.onDeviceChange ? { onDeviceChange: options.onDeviceChange } : {}),
  });
  inbox.publish = (deviceId, topic, payload) => publishTo(deviceId, topic, payload);

  const broker = await Aedes.createBroker({
    authenticate(client, username, _password, done) {
      directory.byToken(username ?? '').then(
        (identity) => {
          if (!identity) {
            inbox.stats.refused += 1;
            log.warn({ clientId: client.id }, 'mqtt connect refused: unknown access token');
            const error = Object.assign(new Error('Bad username or password'), { returnCode: 4 as const });
            return done(error, false);
          }
          sessions.set(client, identity);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'mqtt authentication failed');
          done(Object.assign(new Error('Server unavailable'), { returnCode: 3 as const }), false);
        },
      );
    },

    authorizePublish(client, packet, done) {
      const identity = client ? sessions.get(client) : undefined;
      if (!identity) return done(new Error('not authenticated'));
      metrics?.messages.inc({ direction: 'in' });
      // A QoS 1 publish is acknowledged when `done(null)` runs: after its readings are committed.
      const acked = packet.qos === 1 ? metrics?.ackSeconds.startTimer() : undefined;
      inbox.receive(identity, packet).then(
        (verdict) => {
          if (acked) {
            if (verdict === 'refused') metrics?.acks.inc({ outcome: 'failed' });
            else {
              acked();
              metrics?.acks.inc({ outcome: 'ok' });
            }
          }
          if (verdict === 'refused') {
            log.warn({ deviceId: identity.id, topic: packet.topic }, 'mqtt publish refused by topic ACL');
            return done(new Error('topic not allowed'));
          }
          // Consumed here: keep it out of every other client's namespace, and out of aedes' routing.
          packet.topic = namespaced(identity.id, `up/${packet.topic}`);
          consumed.add(packet);
          done(null);
        },
        (error: unknown) => {
          if (acked) metrics?.acks.inc({ outcome: 'failed' });
          // Not committed: no PUBACK; the connection closes and the device sends it again.
          log.error({ err: error, deviceId: identity.id }, 'mqtt publish not stored');
          done(error instanceof Error ? error : new Error('not stored'));
        },
      );
    },

    authorizeSubscribe(client, subscription, done) {
      const identity = sessions.get(client);
      if (!identity || !maySubscribe(identity, subscription.topic)) {
        inbox.stats.refused += 1;
        log.warn(
          { deviceId: identity?.id, topic: subscription.topic },
          'mqtt subscribe refused by topic ACL',
        );
        return done(null, null);
      }
      const inNamespace: Subscription = {
        ...subscription,
        topic: namespaced(identity.id, subscription.topic),
      };
      done(null, inNamespace);
    },

    authorizeForward(client, packet): AedesPublishPacket | null {
      const identity = sessions.get(client);
      if (!identity) return null;
      const prefix = namespaced(identity.id, '');
      if (!packet.topic.startsWith(prefix)) return null;
      return { ...packet, topic: packet.topic.slice(prefix.length) };
    },
  });

  skipRoutingOfConsumed(broker, consumed);

  broker.on('clientReady', (client) => {
    const identity = sessions.get(client);
    if (!identity) return;
    const open = connections.get(identity.id) ?? new Set<Client>();
    open.add(client);
    connections.set(identity.id, open);
    if (open.size === 1) options.presence?.hold(identity.id);
    inbox.stats.connected += 1;
    metrics?.connections.inc();
    metrics?.connects.inc();
    const connection = crypto.randomUUID();
    latestConnection.set(identity.id, connection);
    directory
      .setOnline([identity.id], true, connection)
      .catch((error: unknown) => log.error({ err: error }, 'online state'));
  });
  broker.on('clientDisconnect', (client) => {
    const identity = sessions.get(client);
    if (!identity) return;
    inbox.stats.connected -= 1;
    metrics?.connections.dec();
    const open = connections.get(identity.id);
    open?.delete(client);
    if (open && open.size > 0) return;
    connections.delete(identity.id);
    const connection = latestConnection.get(identity.id);
    latestConnection.delete(identity.id);
    const presence = options.presence;
    presence?.release(identity.id);
    // A later connect on another node wins over this node's news of the old connection closing (not asked
    // while this server stops: then nothing is marked offline anyway).
    const elsewhere =
      presence && !directory.holdingPresence ? presence.heldElsewhere(identity.id) : Promise.resolve(false);
    const offline = elsewhere.then((held) => {
      if (held) return;
      // And in the database: only while this connection is still the device's latest, wherever it reconnected.
      return isGateway(identity)
        ? directory.setGatewayOffline(identity.id, connection)
        : directory.setOnline([identity.id], false, connection);
    });
    offline.catch((error: unknown) => log.error({ err: error }, 'offline state'));
  });
  broker.on('clientError', (client, error) => {
    log.debug({ clientId: client.id, err: error }, 'mqtt client error');
  });

  const server = net.createServer((socket) => broker.handle(coalesceWrites(socket)));
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new PortInUseError(`MQTT port ${options.port} is already in use: set MQTT_PORT to a free port`),
        );
      } else reject(error);
    });
    server.listen(options.port, options.host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : options.port);
    });
  });
  log.info({ port }, 'embedded MQTT broker listening');

  function publishTo(deviceId: number, topic: string, payload: object): Promise<void> {
    metrics?.messages.inc({ direction: 'out' });
    const packet: PublishPacket = {
      cmd: 'publish',
      topic: namespaced(deviceId, topic),
      payload: Buffer.from(JSON.stringify(payload)),
      qos: 1,
      retain: false,
      dup: false,
    };
    return new Promise((resolve, reject) =>
      broker.publish(packet, (error) => (error ? reject(error) : resolve())),
    );
  }

  return {
    port,
    stats: inbox.stats,
    rpc: inbox.rpc,
    isConnected: (deviceId) => connections.has(deviceId),
    disconnect(deviceId) {
      for (const client of connections.get(deviceId) ?? []) client.close();
    },
    publishTo,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inbox.close();
    },
  };
}
