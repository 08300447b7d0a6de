import os from 'node:os';
import type { PublishPacket } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { TOPICS } from '@sbuilding/shared';
import type { TelemetryWriter } from '../modules/telemetry/index.js';
import { DEFAULT_TOPIC_ROOT } from './acl.js';
import type { DeviceChannel } from './broker.js';
import { SERVER_MQTT_USERNAME } from './broker-routes.js';
import type { DeviceDirectory, DeviceIdentity } from './directory.js';
import { DeviceInbox, type InboxOptions, type InboxStats } from './inbox.js';
import { parseJson } from './payload.js';

/**
 * The server as a client of an external broker (MQTT_URL: EMQX, Mosquitto). The broker authenticates
 * devices against `POST /mqtt/auth` and moves each device's topics into its namespace `sb/{token}/…`
 * (README: "External broker"); the server reads every namespace through a shared subscription, so several
 * server processes split the load, and hands each message to the same inbox as the embedded broker.
 *
 * Nothing acknowledged is lost: the session is persistent (clean: false) and subscribed with QoS 1, and the
 * PUBACK of a message goes to the broker only once the inbox has committed it (`handleMessage`). A
 * failed commit sends no PUBACK and reconnects, so the broker delivers the message again.
 */

export interface ExternalLinkOptions {
  url: string;
  /** MQTT_BROKER_SECRET: the server's password at the broker. */
  secret: string;
  log: FastifyBaseLogger;
  directory: DeviceDirectory;
  writer: TelemetryWriter;
  onDeviceChange?: InboxOptions['onDeviceChange'];
  /** DEVICE_OFFLINE_MINUTES: a device that published within it counts as connected. */
  offlineMinutes: number;
  /**
   * Unique to this process and stable across its restarts, so the broker keeps the sessions and two
   * processes never take over each other's: `sbuilding-server-{host name}-{PORT}` (linkClientId) by default.
   * Connection i uses `{clientId}-{i}`.
   */
  clientId?: string;
  /** Connections in the shared subscription (EXTERNAL_LINK_CONNECTIONS). */
  connections?: number;
  /** The shared subscription's group; processes of one deployment share it. */
  group?: string;
  /** The namespace root the broker puts device topics under (`sb`). */
  topicRoot?: string;
  /** Pause before reconnecting (ms). */
  reconnectMs?: number;
}

export interface ExternalStats extends InboxStats {
  /** Commits that failed: the message was not acknowledged and comes again. */
  failedCommits: number;
  /** Messages the broker delivered (a redelivery counts again; not every broker marks it DUP). */
  deliveries: number;
}

export interface ExternalLink extends DeviceChannel {
  stats: ExternalStats;
  /** The MQTT client ids of the link's connections (each a persistent session at the broker). */
  clientIds: readonly string[];
  close(): Promise<void>;
}

/**
 * Connections of one server process in the shared subscription. Each has as many messages in hand as the
 * broker lets it (its in-flight window: Mosquitto's max_inflight_messages, 20 by default; EMQX's
 * max_inflight, 32), all committed together by the writer's group commit; the connections multiply that.
 */
export const EXTERNAL_LINK_CONNECTIONS = 16;

/**
 * What handleMessage's callback is given for a QoS 1 message whose PUBACK the link sends itself: MQTT.js
 * then sends none and takes the next message at once (handlers/publish.js: an error skips the PUBACK).
 */
const ACK_DEFERRED = new Error('PUBACK deferred until the commit');

/** An MQTT 3.1.1 PUBACK (fixed header 0x40, remaining length 2, the message id). */
function puback(messageId: number): Buffer {
  return Buffer.from([0x40, 0x02, messageId >> 8, messageId & 0xff]);
}

/** A token is looked up again after this long (a replaced token stops working at the latest then). */
const TOKEN_TTL_MS = 60_000;
/** How long the server remembers what it published, to recognise it when its own subscription returns it. */
const ECHO_MS = 30_000;

/** Topics only the server publishes to a device: a copy coming back through the subscription is ours. */
function isDownstream(topic: string): boolean {
  return topic.startsWith(TOPICS.rpcRequestPrefix) || topic.startsWith(TOPICS.attributesResponsePrefix);
}

/**
 * A gateway RPC request of the server (`{device, data: {id, method}}`), which another server process of the
 * group may have sent; a gateway's reply has its `id` at the top (`{device, id, data}`).
 */
function isServerRequest(topic: string, payload: Buffer): boolean {
  if (topic !== TOPICS.gatewayRpc) return false;
  const json = parseJson(payload);
  const value = json.ok ? json.value : null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, data } = value;
  return id === undefined && typeof data === 'object' && data !== null && 'method' in data;
}

/**
 * The client id base of a server process's link: its host name and HTTP port, since two processes on one
 * host cannot listen on the same port (a broker disconnects the older of two connections with one id, and
 * two processes sharing ids would take each other's sessions for ever). The port also keeps the id across
 * restarts, so the broker's persistent sessions carry on. Port 0 (any free port) adds the process id.
 */
export function linkClientId(port: number, host = os.hostname(), pid = process.pid): string {
  return `sbuilding-server-${host}-${port === 0 ? `p${pid}` : port}`;
}

export async function startExternalLink(options: ExternalLinkOptions): Promise<ExternalLink> {
  const { log, directory } = options;
  const root = options.topicRoot ?? DEFAULT_TOPIC_ROOT;
  const group = options.group ?? 'sbuilding';
  const base = options.clientId ?? linkClientId(0);
  const clientIds = Array.from(
    { length: Math.max(1, options.connections ?? EXTERNAL_LINK_CONNECTIONS) },
    (_, i) => `${base}-${i}`,
  );
  const tokens = new Map<string, { identity: DeviceIdentity | null; at: number }>();
  const tokenOfDevice = new Map<number, string>();
  const lastSeen = new Map<number, number>();
  const echoes = new Map<string, number>();
  const inbox = new DeviceInbox({
    directory,
    writer: options.writer,
    log,
    ...(options.onDeviceChange ? { onDeviceChange: options.onDeviceChange } : {}),
  });
  const stats: ExternalStats = Object.assign(inbox.stats, { failedCommits: 0, deliveries: 0 });
  inbox.publish = (deviceId, topic, payload) => publishTo(deviceId, topic, payload);

  // A restarted server can reach at once the devices that were online before it stopped.
  for (const device of await directory.onlineNow()) {
    tokenOfDevice.set(device.id, device.token);
    lastSeen.set(device.id, device.lastActivityAt?.getTime() ?? Date.now());
  }

  async function resolve(token: string): Promise<DeviceIdentity | null> {
    const cached = tokens.get(token);
    if (cached && Date.now() - cached.at < TOKEN_TTL_MS) return cached.identity;
    const identity = await directory.byToken(token);
    tokens.set(token, { identity, at: Date.now() });
    if (identity) tokenOfDevice.set(identity.id, token);
    return identity;
  }

  /** Handles one delivery; resolves once it may be acknowledged, rejects when it must come again. */
  async function handle(topic: string, payload: Buffer, dup: boolean): Promise<void> {
    stats.deliveries += 1;
    const [first, token, ...rest] = topic.split('/');
    const deviceTopic = rest.join('/');
    if (first !== root || !token || !deviceTopic || isDownstream(deviceTopic)) return;
    const echo = `${topic}\n${payload.toString('utf8')}`;
    if (echoes.delete(echo) || isServerRequest(deviceTopic, payload)) return;
    const identity = await resolve(token);
    if (!identity) {
      stats.dropped.unknownDevice += 1;
      log.warn({ topic: `${root}/…/${deviceTopic}` }, 'mqtt message of an unknown access token dropped');
      return;
    }
    lastSeen.set(identity.id, Date.now());
    const packet: PublishPacket = { cmd: 'publish', topic: deviceTopic, payload, qos: 1, dup, retain: false };
    const verdict = await inbox.receive(identity, packet);
    // The broker's ACL should have stopped it; acknowledged, or it would come back for ever.
    if (verdict === 'refused')
      log.warn({ deviceId: identity.id, topic: deviceTopic }, 'mqtt publish refused');
  }

  // Subscribed again on every connect: a broker that lost the session (restart without persistence) has
  // forgotten the subscription.
  const filters = [`$share/${group}/${root}/+/v1/devices/me/#`, `$share/${group}/${root}/+/v1/gateway/#`];

  /** One member of the shared subscription, with its own persistent session. */
  async function connectOne(clientId: string): Promise<MqttClient> {
    const client: MqttClient = mqtt.connect(options.url, {
      clientId,
      clean: false,
      username: SERVER_MQTT_USERNAME,
      password: options.secret,
      reconnectPeriod: options.reconnectMs ?? 1_000,
      connectTimeout: 10_000,
    });
    // MQTT.js sends the PUBACK of a QoS 1 message once handleMessage calls back, and takes the next message
    // only then (customHandleAcks waits the same way, and only on MQTT 5): one message in hand per
    // connection, one commit's round trip per message. So the link acknowledges QoS 1 itself: the callback
    // says ACK_DEFERRED at once (MQTT.js sends no PUBACK and hands over the next message), and the PUBACK
    // goes out once the message's batch has committed. PUBACKs leave in the order their PUBLISHes came
    // (MQTT 3.1.1, 4.6), each on the connection it came on; those of a connection that closed meanwhile are
    // dropped (the broker sends those messages again to the session's next connection).
    const acks: { messageId: number; stream: typeof client.stream; ready: boolean }[] = [];
    const flushAcks = () => {
      for (let head = acks[0]; head; head = acks[0]) {
        const current = head.stream === client.stream && !head.stream.destroyed;
        if (current && !head.ready) break;
        acks.shift();
        if (current) head.stream.write(puback(head.messageId));
      }
    };
    client.handleMessage = (packet, callback) => {
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      const stored = handle(packet.topic, payload, packet.dup);
      const failed = (error: unknown) => {
        stats.failedCommits += 1;
        log.error({ err: error }, 'mqtt message not stored: not acknowledged, the broker sends it again');
      };
      if (packet.qos !== 1 || packet.messageId === undefined) {
        stored.then(
          () => callback(),
          (error: unknown) => {
            failed(error);
            callback(error instanceof Error ? error : new Error('not stored'));
          },
        );
        return;
      }
      const entry = { messageId: packet.messageId, stream: client.stream, ready: false };
      acks.push(entry);
      callback(ACK_DEFERRED);
      stored.then(
        () => {
          entry.ready = true;
          flushAcks();
        },
        (error: unknown) => {
          failed(error);
          // Neither it nor the messages after it on this connection are acknowledged (PUBACKs go in order):
          // the broker delivers them again to a new connection of the session (those committed meanwhile
          // are stored once: the raw table's key).
          entry.stream.destroy();
          flushAcks();
        },
      );
    };
    client.on('close', flushAcks);
    client.on('error', (error) => log.debug({ err: error }, 'mqtt link error'));
    client.on('offline', () => log.warn({ url: options.url }, 'external MQTT broker unreachable, retrying'));

    await new Promise<void>((resolveConnect, reject) => {
      client.once('connect', () => resolveConnect());
      client.once('error', (error) => {
        // Not started: no retrying in the background of a server that stops.
        client.end(true);
        reject(error);
      });
    });
    // One filter per SUBSCRIBE, so a refusal names its filter.
    const subscribe = async () => {
      for (const filter of filters) {
        const granted = await client.subscribeAsync(filter, { qos: 1 });
        if (granted.some((g) => g.qos === 128))
          throw new Error(`the broker refused the subscription ${filter}`);
      }
    };
    await subscribe();
    client.on('connect', (connack) => {
      if (!connack.sessionPresent)
        subscribe().catch((error: unknown) => log.error({ err: error }, 'mqtt link subscription'));
    });
    return client;
  }

  const clients: MqttClient[] = [];
  try {
    for (const clientId of clientIds) clients.push(await connectOne(clientId));
  } catch (error) {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    throw error;
  }
  log.info({ url: options.url, connections: clients.length }, 'connected to the external MQTT broker');
  const [first] = clients;
  if (!first) throw new Error('the link needs at least one connection');
  // What the server publishes goes out through one connection, in order.
  const sender: MqttClient = first;

  async function publishTo(deviceId: number, topic: string, payload: object): Promise<void> {
    const token = tokenOfDevice.get(deviceId) ?? (await directory.tokenOf(deviceId));
    if (!token) throw new Error(`device ${deviceId} has no access token`);
    tokenOfDevice.set(deviceId, token);
    const full = `${root}/${token}/${topic}`;
    const body = JSON.stringify(payload);
    // Our own subscription matches what we publish on the topics both sides use (v1/gateway/rpc).
    const now = Date.now();
    for (const [key, at] of echoes) if (now - at > ECHO_MS) echoes.delete(key);
    echoes.set(`${full}\n${body}`, now);
    await sender.publishAsync(full, body, { qos: 1 });
  }

  return {
    stats,
    rpc: inbox.rpc,
    isConnected(deviceId) {
      const seen = lastSeen.get(deviceId);
      return seen !== undefined && Date.now() - seen < options.offlineMinutes * 60_000;
    },
    publishTo,
    disconnect(deviceId) {
      // The broker holds the connection; forgetting the token stops the old one at the next message,
      // and the broker's /mqtt/auth refuses it at the next connect.
      for (const [token, entry] of tokens) if (entry.identity?.id === deviceId) tokens.delete(token);
      tokenOfDevice.delete(deviceId);
      lastSeen.delete(deviceId);
    },
    clientIds,
    async close() {
      await Promise.all(clients.map((c) => c.endAsync()));
      await inbox.close();
    },
  };
}
