import { requestIdOf, TOPICS } from '@sbuilding/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { SimDevice } from './kinds/device.js';
import type { CommandReply } from './types.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Log = (level: LogLevel, msg: string, data?: Record<string, unknown>) => void;

export interface Counters {
  messagesSent: number;
  commandsAnswered: number;
}

export interface LinkOptions {
  mqttUrl: string;
  accessToken: string;
  /** The device that connects itself: a gateway, or a device with its own modem. */
  self: SimDevice;
  /** Devices behind it, spoken for through the gateway API (by name). */
  children: readonly SimDevice[];
  counters: Counters;
  log: Log;
  /** Called after a command was applied, before the device reports its new state. */
  onCommand?: (device: SimDevice, reply: CommandReply) => void;
  /** Answer commands (the live simulator); the backfill only publishes. */
  answerCommands: boolean;
  /** MQTT client ids are `<prefix><device id>`; the backfill uses its own so it can run beside the simulator. */
  clientIdPrefix?: string;
}

function parse(payload: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
  } catch {
    return null;
  }
}

/**
 * One MQTT connection of a device that connects itself (ThingsBoard device API: username = access token),
 * speaking for the devices behind it when it is a gateway (v1/gateway/connect, telemetry, rpc).
 */
export class DeviceLink {
  private client: MqttClient | null = null;
  private readonly childrenByName = new Map<string, SimDevice>();
  /** Devices behind the gateway whose power is cut: the gateway no longer hears them. */
  private readonly unplugged = new Set<number>();

  constructor(readonly options: LinkOptions) {
    for (const child of options.children) this.childrenByName.set(child.info.name, child);
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get children(): readonly SimDevice[] {
    return this.options.children;
  }

  /** The devices behind the gateway that are powered (heard by it). */
  get reachableChildren(): readonly SimDevice[] {
    return this.options.children.filter((c) => !this.unplugged.has(c.info.id));
  }

  /**
   * Cuts the power of the link's own device: the connection drops without a word (no MQTT DISCONNECT, as
   * when a plug is pulled), and it does not reconnect until `connect` is called again.
   */
  async unplug(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
  }

  /**
   * Cuts or restores the power of a device behind the gateway. Cut, the gateway stops reporting it and
   * leaves its commands unanswered (the server finds it silent); restored, the gateway announces it again.
   */
  async setChildPower(deviceId: number, on: boolean): Promise<void> {
    if (!on) {
      this.unplugged.add(deviceId);
      return;
    }
    this.unplugged.delete(deviceId);
    const child = this.options.children.find((c) => c.info.id === deviceId);
    if (child && this.connected) await this.publish(TOPICS.gatewayConnect, { device: child.info.name });
  }

  /** Connects and subscribes; rejects when the broker refuses the token or cannot be reached. */
  async connect(timeoutMs = 15_000): Promise<void> {
    const { self, accessToken, mqttUrl, log } = this.options;
    const client = mqtt.connect(mqttUrl, {
      clientId: `${this.options.clientIdPrefix ?? 'sim-'}${self.info.id}`,
      username: accessToken,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 5_000,
      connectTimeout: timeoutMs,
    });
    this.client = client;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('connect', () => {
      // Devices behind a gateway are online only once announced; again after every reconnect.
      void this.announceChildren().catch((error: unknown) => {
        if (this.client)
          log('warn', 'gateway connect failed', { deviceId: self.info.id, error: String(error) });
      });
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error('MQTT connect timed out')), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        client.end(true);
        reject(error);
      };
      client.once('connect', () => {
        clearTimeout(timer);
        client.removeListener('error', fail);
        resolve();
      });
      client.once('error', fail);
    });
    client.on('error', (error) =>
      log('warn', 'mqtt error', { deviceId: self.info.id, error: error.message }),
    );
    const topics = [`${TOPICS.rpcRequestPrefix}+`];
    if (this.options.children.length > 0) topics.push(TOPICS.gatewayRpc);
    if (this.options.answerCommands) await client.subscribeAsync(topics, { qos: 1 });
  }

  private async announceChildren(): Promise<void> {
    for (const child of this.reachableChildren) {
      await this.publish(TOPICS.gatewayConnect, { device: child.info.name });
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync();
  }

  /** QoS 1; resolves on the broker's PUBACK, which the server sends once the readings are stored. */
  async publish(topic: string, payload: unknown): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('link closed');
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
    this.options.counters.messagesSent += 1;
  }

  /** Reports the current state of `devices` (the link's own device and/or its children) now. */
  async report(devices: readonly SimDevice[]): Promise<void> {
    const byName: Record<string, unknown> = {};
    let children = 0;
    for (const device of devices) {
      if (this.unplugged.has(device.info.id)) continue;
      device.changed = false;
      const values = device.telemetry();
      if (Object.keys(values).length === 0) continue;
      if (device === this.options.self) await this.publish(TOPICS.telemetry, values);
      else {
        byName[device.info.name] = [values];
        children += 1;
      }
    }
    if (children > 0) await this.publish(TOPICS.gatewayTelemetry, byName);
  }

  private receive(topic: string, payload: Buffer): void {
    const { log, self } = this.options;
    const message = parse(payload);
    const requestId = requestIdOf(topic, TOPICS.rpcRequestPrefix);
    let done: Promise<void> | null = null;
    if (requestId !== null) {
      const reply = this.execute(self, message);
      done = this.publish(`${TOPICS.rpcResponsePrefix}${requestId}`, reply).then(() => this.report([self]));
    } else if (topic === TOPICS.gatewayRpc && message) {
      const name = message.device;
      const data = typeof message.data === 'object' && message.data !== null ? { ...message.data } : {};
      const child = typeof name === 'string' ? this.childrenByName.get(name) : undefined;
      // A device without power hears nothing: the command goes unanswered, as it would.
      if (child && this.unplugged.has(child.info.id)) return;
      if (typeof name === 'string' && 'id' in data) {
        const reply: CommandReply = child
          ? this.execute(child, data)
          : { success: false, error: `no device ${name} behind this gateway` };
        done = this.publish(TOPICS.gatewayRpc, { device: name, id: data.id, data: reply }).then(() =>
          child ? this.report([child]) : undefined,
        );
      }
    }
    done?.catch((error: unknown) =>
      log('warn', 'command reply failed', { deviceId: self.info.id, topic, error: String(error) }),
    );
  }

  private execute(device: SimDevice, message: Record<string, unknown> | null): CommandReply {
    const reply: CommandReply = message
      ? device.command(message.method, message.params)
      : { success: false, error: 'payload is not a JSON object' };
    this.options.counters.commandsAnswered += 1;
    this.options.onCommand?.(device, reply);
    this.options.log('debug', 'command', { deviceId: device.info.id, method: message?.method, reply });
    return reply;
  }
}
