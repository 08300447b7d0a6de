import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../test/app.js';
import { insertDevice, type TestDevice } from '../test/devices.js';
import { plainBroker, type PlainBroker } from '../test/plain-broker.js';
import { telemetryRaw } from '../modules/telemetry/tables.js';
import { TelemetryWriter, type TelemetryRow } from '../modules/telemetry/writer.js';
import { DeviceDirectory } from './directory.js';
import { linkClientId, startExternalLink, type ExternalLink } from './external.js';

/**
 * The server as a client of an external broker: Mosquitto at TEST_MQTT_URL, or an aedes broker started
 * here. The "device" publishes where EMQX's mountpoint puts a device's topics (`{root}/{token}/v1/...`);
 * each test has its own root, group and client ids, so runs sharing one Mosquitto never meet.
 */

let t: TestApp;
let broker: PlainBroker;
let sensor: TestDevice;
let gateway: TestDevice;
let light: TestDevice;
const links: ExternalLink[] = [];
const devices: MqttClient[] = [];

/** A writer whose next commit fails (before or after writing), as a database outage would. */
class FlakyWriter extends TelemetryWriter {
  failNext: 'before' | 'after' | null = null;
  override async write(rows: TelemetryRow[]): Promise<void> {
    const failure = this.failNext;
    this.failNext = null;
    if (failure === 'before') throw new Error('database unavailable');
    await super.write(rows);
    // Committed, but the server stops before the PUBACK: the broker still has the message as unacknowledged.
    if (failure === 'after') throw new Error('stopped before the acknowledgement');
  }
}

/** A writer that holds every write until `release` (then fails them or stores them), as a slow commit would. */
class GatedWriter extends TelemetryWriter {
  held = 0;
  private gate: { promise: Promise<void>; fail: (error: Error) => void } | null = null;
  hold(): void {
    let fail: (error: Error) => void = () => undefined;
    const promise = new Promise<void>((_, reject) => (fail = reject));
    // Nobody may be waiting when it fails; the writes waiting on it see the rejection.
    promise.catch(() => undefined);
    this.gate = { promise, fail };
  }
  failHeld(): void {
    this.gate?.fail(new Error('commit failed'));
    this.gate = null;
  }
  override async write(rows: TelemetryRow[]): Promise<void> {
    if (this.gate) {
      this.held += 1;
      await this.gate.promise;
    }
    await super.write(rows);
  }
}

const unique = () => crypto.randomBytes(5).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  sensor = await insertDevice(t.app.db, { model: 'th10', name: 'External sensor' });
  gateway = await insertDevice(t.app.db, { model: 'ba', name: 'External gateway' });
  light = await insertDevice(t.app.db, { model: 's2', name: 'External light', parentId: gateway.id });
  broker = await plainBroker();
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.endAsync(true)));
  for (const link of links.splice(0)) {
    await link.close();
    // Ends the persistent sessions, so a shared Mosquitto keeps nothing of the test.
    for (const clientId of link.clientIds) {
      const forget = await mqtt.connectAsync(broker.url, { clientId, clean: true, reconnectPeriod: 0 });
      await forget.endAsync();
    }
  }
});
afterAll(async () => {
  await broker.close();
  await t.close();
});

async function link(
  root: string,
  writer = new TelemetryWriter(t.app.db),
  group = `g${unique()}`,
  connections = 4,
) {
  const clientId = `sbuilding-server-test-${unique()}`;
  const started = await startExternalLink({
    url: broker.url,
    secret: 'test-secret',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer,
    offlineMinutes: 5,
    clientId,
    // A few are enough to show the sharing; a server runs EXTERNAL_LINK_CONNECTIONS.
    connections,
    group,
    topicRoot: root,
    reconnectMs: 50,
  });
  links.push(started);
  return started;
}

async function device(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(broker.url, { clientId: `device-${unique()}`, reconnectPeriod: 0 });
  devices.push(client);
  return client;
}

function readings(deviceId: number, key: string) {
  return t.app.db
    .select()
    .from(telemetryRaw)
    .where(and(eq(telemetryRaw.deviceId, deviceId), eq(telemetryRaw.key, key)));
}

const publish = (client: MqttClient, topic: string, body: object) =>
  client.publishAsync(topic, JSON.stringify(body), { qos: 1 });

describe(`the link to an external broker (${process.env.TEST_MQTT_URL ? 'Mosquitto' : 'aedes'})`, () => {
  it('stores what a device publishes in its namespace and counts the device as connected', async () => {
    const root = `t${unique()}`;
    const server = await link(root);
    expect(server.isConnected(sensor.id)).toBe(false);
    await publish(await device(), `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, { co2: 612 });
    await expect.poll(async () => (await readings(sensor.id, 'co2')).map((r) => r.num)).toEqual([612]);
    expect(server.isConnected(sensor.id)).toBe(true);
  });

  it('acknowledges only after the commit: a failed commit comes again and is stored once', async () => {
    const root = `t${unique()}`;
    const writer = new FlakyWriter(t.app.db);
    const server = await link(root, writer);
    writer.failNext = 'before';
    await publish(await device(), `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, { pm25: 9 });
    // Stored only if the broker sent it again, which it does only without a PUBACK.
    await expect.poll(async () => (await readings(sensor.id, 'pm25')).map((r) => r.num)).toEqual([9]);
    expect(server.stats.failedCommits).toBe(1);
    expect(server.stats.deliveries).toBe(2);
  });

  it('stores a redelivered reading once when the first delivery was committed but not acknowledged', async () => {
    const root = `t${unique()}`;
    const writer = new FlakyWriter(t.app.db);
    const server = await link(root, writer);
    writer.failNext = 'after';
    const ts = Date.parse('2026-11-20T08:00:00Z');
    await publish(await device(), `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, {
      ts,
      values: { lux: 300 },
    });
    await expect.poll(() => server.stats.received).toBe(1);
    expect(server.stats.deliveries).toBe(2);
    expect((await readings(sensor.id, 'lux')).map((r) => [r.ts.getTime(), r.num])).toEqual([[ts, 300]]);
    expect(server.stats.failedCommits).toBe(1);
  });

  it('holds several messages of one connection at once, and acknowledges none before its commit', async () => {
    const root = `t${unique()}`;
    const writer = new GatedWriter(t.app.db);
    writer.hold();
    const server = await link(root, writer, undefined, 1);
    const client = await device();
    const start = Date.parse('2026-11-20T10:00:00Z');
    for (let i = 0; i < 5; i += 1) {
      await publish(client, `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, {
        ts: start + i * 1000,
        values: { inFlight: i },
      });
    }
    // One connection, five messages in hand together (not one commit's round trip each).
    await expect.poll(() => writer.held).toBe(5);
    expect(server.stats.deliveries).toBe(5);
    // None was acknowledged: when their commit fails, the broker sends all five again, stored once each.
    writer.failHeld();
    await expect.poll(async () => (await readings(sensor.id, 'inFlight')).length).toBe(5);
    expect(server.stats.deliveries).toBe(10);
    expect((await readings(sensor.id, 'inFlight')).map((r) => r.num).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('drops and counts a message of an unknown token, and carries on', async () => {
    const root = `t${unique()}`;
    const server = await link(root);
    const client = await device();
    await publish(client, `${root}/no-such-token/v1/devices/me/telemetry`, { co2: 1 });
    await expect.poll(() => server.stats.dropped.unknownDevice).toBe(1);
    await publish(client, `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, { voc: 3 });
    await expect.poll(async () => (await readings(sensor.id, 'voc')).length).toBe(1);
  });

  it('publishes to a device in its namespace, and does not read its own gateway command as a reply', async () => {
    const root = `t${unique()}`;
    const server = await link(root);
    const sensorClient = await device();
    await sensorClient.subscribeAsync(`${root}/${sensor.accessToken}/v1/devices/me/rpc/request/+`, {
      qos: 1,
    });
    const gatewayClient = await device();
    await gatewayClient.subscribeAsync(`${root}/${gateway.accessToken}/v1/gateway/rpc`, { qos: 1 });
    const toSensor = new Promise<[string, unknown]>((resolve) =>
      sensorClient.once('message', (topic, body) => resolve([topic, JSON.parse(body.toString())])),
    );
    const toGateway = new Promise<unknown>((resolve) =>
      gatewayClient.once('message', (_topic, body) => resolve(JSON.parse(body.toString()))),
    );
    await server.publishTo(sensor.id, 'v1/devices/me/rpc/request/9', { method: 'reboot', params: {} });
    const command = {
      device: 'External light',
      data: { id: 4, method: 'setOnOff', params: { onOff: true } },
    };
    await server.publishTo(gateway.id, 'v1/gateway/rpc', command);
    expect(await toSensor).toEqual([
      `${root}/${sensor.accessToken}/v1/devices/me/rpc/request/9`,
      { method: 'reboot', params: {} },
    ]);
    expect(await toGateway).toEqual(command);
    // A gateway's reply settles the command; our own request coming back through the subscription does not.
    const reply = server.rpc.wait(light.id, 4, 2_000);
    await publish(gatewayClient, `${root}/${gateway.accessToken}/v1/gateway/rpc`, {
      device: 'External light',
      id: 4,
      data: { success: true },
    });
    expect(await reply).toEqual({ ok: true, data: { success: true } });
    // A request another server process of the group sent is not a reply either.
    const delivered = server.stats.deliveries;
    await publish(gatewayClient, `${root}/${gateway.accessToken}/v1/gateway/rpc`, command);
    await expect.poll(() => server.stats.deliveries).toBe(delivered + 1);
    expect(server.stats.dropped.notObject).toBe(0);
    expect(server.stats.refused).toBe(0);
  });

  it('shares the subscription: two server links each take part, every message is stored once', async () => {
    const root = `t${unique()}`;
    const group = `g${unique()}`;
    const first = await link(root, undefined, group);
    const second = await link(root, undefined, group);
    const client = await device();
    const start = Date.parse('2026-11-20T09:00:00Z');
    for (let i = 0; i < 40; i += 1) {
      await publish(client, `${root}/${sensor.accessToken}/v1/devices/me/telemetry`, {
        ts: start + i * 1000,
        values: { shared: i },
      });
    }
    await expect.poll(async () => (await readings(sensor.id, 'shared')).length).toBe(40);
    expect(first.stats.received).toBeGreaterThan(0);
    expect(second.stats.received).toBeGreaterThan(0);
    expect(first.stats.received + second.stats.received).toBe(40);
    const values = (await readings(sensor.id, 'shared'))
      .map((r) => r.num)
      .sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(values).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('gives each server process on one host client ids of its own, kept across its restarts', () => {
    // Two processes on one host listen on two ports; the same process restarted keeps its port.
    expect(linkClientId(8080, 'host-a')).not.toBe(linkClientId(8081, 'host-a'));
    expect(linkClientId(8080, 'host-a')).toBe(linkClientId(8080, 'host-a', 999));
    expect(linkClientId(8080, 'host-a')).not.toBe(linkClientId(8080, 'host-b'));
    // Any free port (0): the process id tells them apart.
    expect(linkClientId(0, 'host-a', 101)).not.toBe(linkClientId(0, 'host-a', 102));
  });
});
