import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { TOPICS } from '@sbuilding/shared';
import mqtt, { type MqttClient } from 'mqtt';
import type { BridgeConfig } from './config.js';
import type { Log } from './log.js';
import { FieldDevice, type PointValue, type Reading } from './modbus.js';
import { DiskQueue, type QueuedReading } from './queue.js';

/** Readings per gateway telemetry message while the queue drains. */
const BATCH = 100;

export interface BridgeEvents {
  /** A field device was read (a poll, or the read-back of a command). */
  reading: [Reading];
  /** These readings reached the platform (its PUBACK: they are stored). */
  sent: [readonly QueuedReading[]];
  /** The MQTT connection to the platform came up or went down. */
  platform: [boolean];
  /** A field device started or stopped answering. */
  state: [FieldDevice, boolean];
}

function parse(payload: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : null;
  } catch {
    return null;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The field bridge: connects to the platform as its gateway (ThingsBoard's gateway API, the gateway's access
 * token as the MQTT username), announces each answering field device by name and model, sends their
 * readings through the disk queue in order with their times, and runs the platform's commands as writes.
 */
export class Bridge extends EventEmitter<BridgeEvents> {
  readonly devices: readonly FieldDevice[];
  private readonly byName: ReadonlyMap<string, FieldDevice>;
  private client: MqttClient | null = null;
  private pumping = false;
  private stopping = false;

  private constructor(
    readonly config: BridgeConfig,
    readonly queue: DiskQueue,
    private readonly log: Log,
  ) {
    super();
    const events = {
      onReading: (reading: Reading) => this.take(reading),
      onState: (device: FieldDevice, answering: boolean) => this.announce(device, answering),
      log,
    };
    this.devices = config.devices.map((device) => {
      const profile = config.profiles[device.profile];
      if (!profile) throw new Error(`no profile ${device.profile}`);
      return new FieldDevice(device, profile, events);
    });
    this.byName = new Map(this.devices.map((d) => [d.name, d]));
  }

  /** Opens the queue, connects to the platform (in the background: the bridge polls while it cannot) and polls. */
  static async start(config: BridgeConfig, log: Log): Promise<Bridge> {
    const queue = await DiskQueue.open(config.queue.dir, config.queue.maxReadings, log);
    const bridge = new Bridge(config, queue, log);
    bridge.connect();
    for (const device of bridge.devices) device.start();
    log('info', 'bridge started', { devices: bridge.devices.length, queued: queue.size });
    return bridge;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.devices.map((d) => d.stop()));
    await this.queue.flushed();
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(!client.connected);
  }

  private connect(): void {
    const { platform } = this.config;
    const client = mqtt.connect(platform.url, {
      username: platform.token,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: platform.reconnectSeconds * 1000,
      connectTimeout: 10_000,
      ...(platform.ca ? { ca: fs.readFileSync(platform.ca) } : {}),
    });
    this.client = client;
    client.on('connect', () => {
      this.log('info', 'platform connected', { url: platform.url });
      this.emit('platform', true);
      void this.online(client);
    });
    client.on('close', () => {
      if (this.stopping) return;
      this.log('warn', 'platform unreachable: readings are queued on disk', { queued: this.queue.size });
      this.emit('platform', false);
    });
    client.on('error', (error) => this.log('warn', 'platform connection error', { error: error.message }));
    client.on('message', (topic, payload) => {
      if (topic === TOPICS.gatewayRpc) void this.command(payload);
    });
  }

  /** After each (re)connect: commands, the devices that answer, then what waited in the queue. */
  private async online(client: MqttClient): Promise<void> {
    try {
      await client.subscribeAsync(TOPICS.gatewayRpc, { qos: 1 });
      for (const device of this.devices) {
        if (device.answering) await this.publish(TOPICS.gatewayConnect, this.connectMessage(device));
      }
    } catch (error) {
      this.log('warn', 'gateway announce failed', { error: messageOf(error) });
    }
    void this.pump();
  }

  private connectMessage(device: FieldDevice) {
    // ThingsBoard's gateway API names the device type; here it is the catalogue model.
    return { device: device.name, type: device.profile.model };
  }

  private take(reading: Reading): void {
    this.emit('reading', reading);
    this.queue.push(reading).then(
      () => void this.pump(),
      (error: unknown) =>
        this.log('error', 'reading not queued', { device: reading.device, error: messageOf(error) }),
    );
  }

  private announce(device: FieldDevice, answering: boolean): void {
    this.emit('state', device, answering);
    if (!this.connected) return;
    const topic = answering ? TOPICS.gatewayConnect : TOPICS.gatewayDisconnect;
    const message = answering ? this.connectMessage(device) : { device: device.name };
    this.publish(topic, message).catch((error: unknown) =>
      this.log('warn', 'device state not sent', { device: device.name, error: messageOf(error) }),
    );
  }

  private async publish(topic: string, payload: unknown): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('bridge stopped');
    await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
  }

  /**
   * Sends the queue's readings oldest first, a batch per message, each batch forgotten once the platform
   * acknowledged it (stored). A batch cut off by a lost connection is sent again by MQTT.js when it comes
   * back; the platform stores a reading sent twice (same key and time) once.
   */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.connected && this.queue.size > 0) {
        const batch = this.queue.peek(BATCH);
        const last = batch.at(-1);
        if (!last) break;
        const byDevice: Record<string, { ts: number; values: Record<string, PointValue> }[]> = {};
        for (const reading of batch)
          (byDevice[reading.device] ??= []).push({ ts: reading.ts, values: reading.values });
        await this.publish(TOPICS.gatewayTelemetry, byDevice);
        await this.queue.consumeThrough(last.id);
        this.emit('sent', batch);
      }
    } catch (error) {
      this.log('warn', 'readings not sent yet', { error: messageOf(error), queued: this.queue.size });
    } finally {
      this.pumping = false;
    }
    // Readings queued while the last batch was on its way.
    if (this.connected && this.queue.size > 0 && !this.stopping) void this.pump();
  }

  /** A command of the platform for one field device, answered with the values read back or the error. */
  private async command(payload: Buffer): Promise<void> {
    const message = parse(payload);
    const name = message?.device;
    const data: Record<string, unknown> | null =
      typeof message?.data === 'object' && message.data !== null ? { ...message.data } : null;
    // Our own replies come back on the topic too; requests carry a method.
    if (typeof name !== 'string' || !data || !('id' in data) || typeof data.method !== 'string') return;
    const params = typeof data.params === 'object' && data.params !== null ? { ...data.params } : {};
    const device = this.byName.get(name);
    let reply: Record<string, unknown>;
    if (!device) reply = { success: false, error: `no field device ${name} on this bridge` };
    else {
      try {
        reply = { success: true, values: await device.execute(data.method, params) };
        this.log('info', 'command done', { device: name, method: data.method });
      } catch (error) {
        reply = { success: false, error: messageOf(error) };
        this.log('warn', 'command failed', { device: name, method: data.method, error: messageOf(error) });
      }
    }
    await this.publish(TOPICS.gatewayRpc, { device: name, id: data.id, data: reply }).catch(
      (error: unknown) =>
        this.log('warn', 'command reply not sent', { device: name, error: messageOf(error) }),
    );
  }
}
