import type { FastifyBaseLogger } from 'fastify';
import type { PublishPacket } from 'aedes';
import { isTerminalSource, requestIdOf, TOPICS, type TerminalSource } from '@sbuilding/shared';
import type { TelemetryRow, TelemetryWriter } from '../modules/telemetry/index.js';
import { DeviceDirectory, isGateway, type DeviceIdentity } from './directory.js';
import {
  parseAttributes,
  parseGatewayDevice,
  parseGatewayTelemetry,
  parseJson,
  parseTelemetry,
  visibleName,
  type DropReason,
  type TelemetryPoint,
} from './payload.js';
import { RpcWaiters } from './rpc.js';
import { mayPublish } from './acl.js';

export interface InboxStats {
  /** Publishes accepted (stored, answered or dropped). */
  received: number;
  /** Telemetry readings committed. */
  persisted: number;
  dropped: Record<DropReason, number>;
  /** Connects, publishes and subscribes refused (bad token, topic ACL). */
  refused: number;
  connected: number;
}

export type Verdict = 'accepted' | 'refused';

type Publish = (deviceId: number, topic: string, payload: object) => Promise<void>;

/** A change made at the device (a wall panel, a power button), reported with its `terminal` source. */
export interface DeviceChange {
  device: DeviceIdentity;
  terminal: TerminalSource;
  values: Record<string, number | string | boolean>;
  ts: number;
}

export interface InboxOptions {
  directory: DeviceDirectory;
  /** Told of changes made at devices, for the control log. */
  onDeviceChange?: (change: DeviceChange) => Promise<void>;
  writer: TelemetryWriter;
  log: FastifyBaseLogger;
  /** Set by the broker once it runs: replies (attribute responses) go out through it. */
  publish?: Publish;
}

/** Counts per reason; the Record type makes a new reason fail to compile until it is listed. */
function noDrops(): Record<DropReason, number> {
  return {
    notJson: 0,
    notObject: 0,
    badTimestamp: 0,
    badKey: 0,
    empty: 0,
    tooLarge: 0,
    unknownDevice: 0,
    nul: 0,
  };
}

function rows(deviceId: number, points: readonly TelemetryPoint[]): TelemetryRow[] {
  return points.map((p) => ({ deviceId, key: p.key, ts: p.ts, value: p.value }));
}

/**
 * Readings that came with a `terminal` (a change made at the device) are also a control log entry; the
 * terminal itself is not a reading and is not stored as one.
 */
function splitChanges(device: DeviceIdentity, points: readonly TelemetryPoint[]) {
  // Most telemetry is plain readings.
  if (!points.some((p) => p.key === 'terminal')) return { readings: points, changes: [] };
  const readings = points.filter((p) => p.key !== 'terminal');
  const changes: DeviceChange[] = [];
  for (const mark of points.filter((p) => p.key === 'terminal')) {
    if (typeof mark.value !== 'string' || !isTerminalSource(mark.value)) continue;
    const values = Object.fromEntries(readings.filter((p) => p.ts === mark.ts).map((p) => [p.key, p.value]));
    changes.push({ device, terminal: mark.value, values, ts: mark.ts });
  }
  return { readings, changes };
}

/**
 * What devices and gateways publish, topic by topic (ThingsBoard's device and gateway APIs). A topic the
 * sender may not use is refused (the broker closes the connection); a payload that cannot be read is
 * dropped with a counted, logged reason and acknowledged, so a broken device cannot stall the broker.
 */
export class DeviceInbox {
  readonly stats: InboxStats = {
    received: 0,
    persisted: 0,
    dropped: noDrops(),
    refused: 0,
    connected: 0,
  };
  readonly rpc = new RpcWaiters();
  publish: Publish | undefined;

  constructor(private readonly options: InboxOptions) {
    this.publish = options.publish;
  }

  receive(sender: DeviceIdentity, packet: PublishPacket): Promise<Verdict> {
    if (!mayPublish(sender, packet.topic)) {
      this.stats.refused += 1;
      return Promise.resolve('refused');
    }
    // The parser hands a Buffer already; copying it would only feed the collector.
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    // Telemetry, nearly every message: one promise, the writer's, between the packet and its PUBACK.
    let routed: Promise<Verdict>;
    try {
      routed =
        packet.topic === TOPICS.telemetry
          ? this.telemetry(sender, payload)
          : this.route(sender, packet.topic, payload);
    } catch (error) {
      // Not stored: the broker sends no PUBACK and the device sends it again.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return routed.then((verdict) => {
      if (verdict === 'refused') this.stats.refused += 1;
      else this.stats.received += 1;
      return verdict;
    });
  }

  async close(): Promise<void> {
    this.rpc.close();
    await this.options.writer.close();
  }

  /** Stores a device's readings (acknowledged once committed) and logs the changes made at the device. */
  private store(device: DeviceIdentity, points: readonly TelemetryPoint[]): Promise<void> {
    const { readings, changes } = splitChanges(device, points);
    const stored = this.options.writer.write(rows(device.id, readings)).then(() => {
      this.stats.persisted += readings.length;
    });
    const { onDeviceChange } = this.options;
    if (changes.length === 0 || !onDeviceChange) return stored;
    return stored.then(async () => {
      for (const change of changes) await onDeviceChange(change);
    });
  }

  private telemetry(sender: DeviceIdentity, payload: Buffer): Promise<Verdict> {
    const parsed = parseTelemetry(payload, Date.now());
    if (!parsed.ok) return Promise.resolve(this.drop(sender, TOPICS.telemetry, parsed.reason));
    if (parsed.refused) this.refuseNul(sender, TOPICS.telemetry, parsed.refused);
    return this.store(sender, parsed.value).then(() => 'accepted');
  }

  private drop(sender: DeviceIdentity, topic: string, reason: DropReason): Verdict {
    this.stats.dropped[reason] += 1;
    this.options.log.warn({ deviceId: sender.id, topic, reason }, 'mqtt payload dropped');
    return 'accepted';
  }

  /**
   * Values (or a gateway's device names) left out of a message for holding U+0000, which PostgreSQL cannot
   * store: counted and named in one line; the rest of the message was kept.
   */
  private refuseNul(sender: DeviceIdentity, topic: string, keys: readonly string[]): void {
    this.stats.dropped.nul += keys.length;
    this.options.log.warn(
      { deviceId: sender.id, topic, keys },
      'mqtt values holding U+0000 dropped (the database cannot store the character); the rest of the message kept',
    );
  }

  private async route(sender: DeviceIdentity, topic: string, payload: Buffer): Promise<Verdict> {
    const now = Date.now();
    if (topic === TOPICS.attributes) {
      const parsed = parseAttributes(payload);
      if (!parsed.ok) return this.drop(sender, topic, parsed.reason);
      if (parsed.refused) this.refuseNul(sender, topic, parsed.refused);
      await this.options.directory.saveReported(sender.id, parsed.value);
      return 'accepted';
    }
    const attributeRequest = requestIdOf(topic, TOPICS.attributesRequestPrefix);
    if (attributeRequest !== null) return this.answerAttributes(sender, attributeRequest, payload);
    const rpcReply = requestIdOf(topic, TOPICS.rpcResponsePrefix);
    if (rpcReply !== null) {
      const json = parseJson(payload);
      this.rpc.settle(sender.id, rpcReply, json.ok ? json.value : payload.toString('utf8'));
      return 'accepted';
    }
    if (isGateway(sender)) return this.routeGateway(sender, topic, payload, now);
    return 'refused';
  }

  /**
   * ThingsBoard's attribute request: `{clientKeys: "a,b", sharedKeys: "c"}` answers those keys; a side
   * without keys (or an empty request) answers all of that side.
   */
  private async answerAttributes(
    sender: DeviceIdentity,
    requestId: number,
    payload: Buffer,
  ): Promise<Verdict> {
    const json = payload.length === 0 ? null : parseJson(payload);
    const request = json?.ok && typeof json.value === 'object' && json.value !== null ? json.value : {};
    const keysOf = (name: string): string[] | null => {
      const raw: unknown = Array.isArray(request) ? undefined : Reflect.get(request, name);
      return typeof raw === 'string' && raw.trim() !== '' ? raw.split(',').map((k) => k.trim()) : null;
    };
    const pick = (all: Record<string, unknown>, keys: string[] | null) =>
      keys ? Object.fromEntries(keys.filter((k) => k in all).map((k) => [k, all[k]])) : all;
    const { shared, client } = await this.options.directory.attributes(sender.id);
    await this.publish?.(sender.id, `${TOPICS.attributesResponsePrefix}${requestId}`, {
      client: pick(client, keysOf('clientKeys')),
      shared: pick(shared, keysOf('sharedKeys')),
    });
    return 'accepted';
  }

  private async routeGateway(
    gateway: DeviceIdentity,
    topic: string,
    payload: Buffer,
    now: number,
  ): Promise<Verdict> {
    const { directory } = this.options;
    switch (topic) {
      case TOPICS.gatewayConnect:
      case TOPICS.gatewayDisconnect: {
        const name = parseGatewayDevice(payload);
        if (!name.ok) return this.drop(gateway, topic, name.reason);
        const child = await directory.childOf(gateway, name.value);
        if (!child) return this.drop(gateway, topic, 'unknownDevice');
        await directory.setOnline([child.id], topic === TOPICS.gatewayConnect);
        return 'accepted';
      }
      case TOPICS.gatewayTelemetry: {
        const parsed = parseGatewayTelemetry(payload, now);
        if (!parsed.ok) return this.drop(gateway, topic, parsed.reason);
        if (parsed.refused) this.refuseNul(gateway, topic, parsed.refused);
        const stores: Promise<void>[] = [];
        for (const [name, points] of parsed.value) {
          const child = await directory.childOf(gateway, name);
          if (child) stores.push(this.store(child, points));
          else this.drop(gateway, topic, 'unknownDevice');
        }
        await Promise.all(stores);
        return 'accepted';
      }
      case TOPICS.gatewayAttributes: {
        // `{"Device A": {"firmware": "1.2"}}`: each device's own attributes, as it would send them itself.
        const json = parseJson(payload);
        if (!json.ok) return this.drop(gateway, topic, json.reason);
        const byDevice = json.value;
        if (typeof byDevice !== 'object' || byDevice === null || Array.isArray(byDevice)) {
          return this.drop(gateway, topic, 'notObject');
        }
        for (const [name, part] of Object.entries(byDevice)) {
          if (name.includes('\u0000')) {
            this.refuseNul(gateway, topic, [visibleName(name)]);
            continue;
          }
          const parsed = parseAttributes(Buffer.from(JSON.stringify(part)));
          if (!parsed.ok) {
            this.drop(gateway, topic, parsed.reason);
            continue;
          }
          if (parsed.refused)
            this.refuseNul(
              gateway,
              topic,
              parsed.refused.map((key) => `${name}.${key}`),
            );
          const child = await directory.childOf(gateway, name);
          if (child) await directory.saveReported(child.id, parsed.value);
          else this.drop(gateway, topic, 'unknownDevice');
        }
        return 'accepted';
      }
      case TOPICS.gatewayRpc: {
        const json = parseJson(payload);
        if (!json.ok) return this.drop(gateway, topic, json.reason);
        const reply = json.value;
        if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) {
          return this.drop(gateway, topic, 'notObject');
        }
        const { device, id, data } = reply;
        if (typeof device !== 'string' || typeof id !== 'number')
          return this.drop(gateway, topic, 'notObject');
        const child = await directory.childOf(gateway, device);
        if (!child) return this.drop(gateway, topic, 'unknownDevice');
        this.rpc.settle(child.id, id, data ?? null);
        return 'accepted';
      }
    }
    return 'refused';
  }
}
