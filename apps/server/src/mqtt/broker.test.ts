import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { type MqttClient } from 'mqtt';
import { deviceClients } from '../test/device-clients.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { deviceRow, insertDevice, type TestDevice } from '../test/devices.js';
import { devices } from '../modules/devices/tables.js';
import { telemetryRaw } from '../modules/telemetry/tables.js';
import { TelemetryWriter } from '../modules/telemetry/writer.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { DeviceDirectory } from './directory.js';
import { logDeviceChange } from '../modules/commands/control-log.js';
import { controlLog } from '../modules/commands/tables.js';

let t: TestApp;
let broker: EmbeddedBroker;
let sensor: TestDevice;
let other: TestDevice;
let gateway: TestDevice;
let light: TestDevice;
const devicesOnBroker = deviceClients(() => broker.port);
const { clients, connect } = devicesOnBroker;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  sensor = await insertDevice(db, { model: 'th10', name: 'Wire sensor' });
  other = await insertDevice(db, { model: 'th10', name: 'Other sensor' });
  gateway = await insertDevice(db, { model: 'ba', name: 'Wire gateway' });
  light = await insertDevice(db, { model: 's2', name: 'Desk light', parentId: gateway.id });
  await db
    .update(devices)
    .set({ attributes: { heartbeat: 5 } })
    .where(eq(devices.id, sensor.id));
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(db),
    writer: new TelemetryWriter(db),
    onDeviceChange: (change) => logDeviceChange(db, change),
  });
});
afterAll(async () => {
  await devicesOnBroker.endAll();
  await broker.close();
  await t.close();
});

function nextMessage(client: MqttClient): Promise<{ topic: string; payload: unknown }> {
  return new Promise((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, payload: JSON.parse(payload.toString()) })),
  );
}

async function disconnectAll(device: TestDevice) {
  for (const c of clients.filter((c) => c.options.username === device.accessToken && c.connected)) {
    await c.endAsync();
  }
}

async function readings(deviceId: number, key: string) {
  return t.app.db
    .select()
    .from(telemetryRaw)
    .where(and(eq(telemetryRaw.deviceId, deviceId), eq(telemetryRaw.key, key)));
}

describe('the embedded broker, as a ThingsBoard device sees it', () => {
  it('refuses a connection whose access token is unknown', async () => {
    await expect(connect('not-a-token')).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it('acknowledges a QoS 1 reading only once it is stored, and marks the device online', async () => {
    const client = await connect(sensor.accessToken);
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 21.5 }), { qos: 1 });
    expect((await readings(sensor.id, 'temperature')).map((r) => r.num)).toEqual([21.5]);
    expect((await deviceRow(t.app.db, sensor.id))?.online).toBe(true);
  });

  it('reads the timestamped and array forms with the device clock', async () => {
    const client = await connect(sensor.accessToken);
    const ts = Date.parse('2026-11-19T06:00:00Z');
    await client.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify([
        { ts, values: { humidity: 48 } },
        { ts: ts + 60_000, values: { humidity: 49 } },
      ]),
      { qos: 1 },
    );
    const rows = await readings(sensor.id, 'humidity');
    expect(rows.map((r) => [r.ts.getTime(), r.num])).toEqual([
      [ts, 48],
      [ts + 60_000, 49],
    ]);
  });

  it('logs a change made at the device with its terminal source, without storing the source as a reading', async () => {
    const client = await connect(gateway.accessToken);
    const ts = Date.parse('2026-11-21T07:30:00Z');
    await client.publishAsync(
      'v1/gateway/telemetry',
      JSON.stringify({ 'Desk light': [{ ts, values: { colorTemp: 3000, terminal: 'lsPanel' } }] }),
      { qos: 1 },
    );
    const [entry] = await t.app.db.select().from(controlLog).where(eq(controlLog.deviceId, light.id));
    expect(entry).toMatchObject({
      terminal: 'lsPanel',
      method: 'report',
      params: { colorTemp: 3000 },
      result: 'success',
    });
    expect(await readings(light.id, 'terminal')).toEqual([]);
  });

  it('drops a malformed payload with a counted reason and keeps the connection', async () => {
    const client = await connect(sensor.accessToken);
    const before = broker.stats.dropped.notJson;
    await client.publishAsync('v1/devices/me/telemetry', '{not json', { qos: 1 });
    expect(broker.stats.dropped.notJson).toBe(before + 1);
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 22 }), { qos: 1 });
    expect(client.connected).toBe(true);
  });

  it('closes the connection of a device publishing on a topic it may not use', async () => {
    const client = await connect(other.accessToken);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish('v1/gateway/telemetry', JSON.stringify({ 'Desk light': { onOff: true } }), { qos: 1 });
    await closed;
    expect(await readings(light.id, 'onOff')).toHaveLength(0);
  });

  it('refuses subscriptions outside the device API and keeps each device to its own commands', async () => {
    const a = await connect(sensor.accessToken);
    const b = await connect(other.accessToken);
    // SUBACK 0x80: mqtt.js turns the refusal into an error.
    await expect(a.subscribeAsync('v1/gateway/rpc', { qos: 1 })).rejects.toThrow(/Subscribe error/);
    await a.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    await b.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    let bGotIt = false;
    b.on('message', () => (bGotIt = true));
    const received = nextMessage(a);
    await broker.publishTo(sensor.id, 'v1/devices/me/rpc/request/42', { method: 'reboot', params: {} });
    expect(await received).toEqual({
      topic: 'v1/devices/me/rpc/request/42',
      payload: { method: 'reboot', params: {} },
    });
    expect(bGotIt).toBe(false);
  });

  it('answers an attribute request with the parameters set from the console as shared attributes', async () => {
    const client = await connect(sensor.accessToken);
    await client.subscribeAsync('v1/devices/me/attributes/response/+', { qos: 1 });
    const answer = nextMessage(client);
    await client.publishAsync(
      'v1/devices/me/attributes/request/7',
      JSON.stringify({ sharedKeys: 'heartbeat' }),
    );
    expect(await answer).toEqual({
      topic: 'v1/devices/me/attributes/response/7',
      payload: { client: {}, shared: { heartbeat: 5 } },
    });
  });

  it("keeps a device's client attributes and answers the keys it asks for, with a gateway's for its devices", async () => {
    const client = await connect(sensor.accessToken);
    await client.publishAsync('v1/devices/me/attributes', JSON.stringify({ firmware: '1.4.2', batch: 7 }), {
      qos: 1,
    });
    await client.publishAsync('v1/devices/me/attributes', JSON.stringify({ firmware: '1.4.3' }), { qos: 1 });
    await client.subscribeAsync('v1/devices/me/attributes/response/+', { qos: 1 });
    const answer = nextMessage(client);
    await client.publishAsync(
      'v1/devices/me/attributes/request/8',
      JSON.stringify({ clientKeys: 'firmware,missing', sharedKeys: 'heartbeat' }),
    );
    expect(await answer).toEqual({
      topic: 'v1/devices/me/attributes/response/8',
      payload: { client: { firmware: '1.4.3' }, shared: { heartbeat: 5 } },
    });
    expect((await deviceRow(t.app.db, sensor.id))?.reportedAttributes).toEqual({
      firmware: '1.4.3',
      batch: 7,
    });

    const gatewayClient = await connect(gateway.accessToken);
    await gatewayClient.publishAsync(
      'v1/gateway/attributes',
      JSON.stringify({ 'Desk light': { meshFirmware: '2.0' } }),
      { qos: 1 },
    );
    expect((await deviceRow(t.app.db, light.id))?.reportedAttributes).toEqual({ meshFirmware: '2.0' });
  });

  it('closes the connections of a device whose token was replaced, and refuses the old token', async () => {
    const victim = await insertDevice(t.app.db, { model: 'th10', name: 'Replaced token' });
    const client = await connect(victim.accessToken);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await t.app.db
      .update(devices)
      .set({ accessToken: 'fresh-token-1234567890' })
      .where(eq(devices.id, victim.id));
    await expect.poll(() => broker.isConnected(victim.id)).toBe(true);
    broker.disconnect(victim.id);
    await closed;
    await expect(connect(victim.accessToken)).rejects.toThrow(/Bad username or password|Not authorized/);
  });

  it('marks a device offline when it disconnects', async () => {
    const client = await connect(other.accessToken);
    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 19 }), { qos: 1 });
    expect((await deviceRow(t.app.db, other.id))?.online).toBe(true);
    // Its last connection: earlier tests left others open.
    await disconnectAll(other);
    await expect.poll(async () => (await deviceRow(t.app.db, other.id))?.online).toBe(false);
  });
});

describe('the embedded broker, as a ThingsBoard gateway sees it', () => {
  it('stores telemetry of the devices behind the gateway under their own ids, and drops unknown ones', async () => {
    const client = await connect(gateway.accessToken);
    await client.publishAsync('v1/gateway/connect', JSON.stringify({ device: 'Desk light' }), { qos: 1 });
    expect((await deviceRow(t.app.db, light.id))?.online).toBe(true);
    const unknownBefore = broker.stats.dropped.unknownDevice;
    await client.publishAsync(
      'v1/gateway/telemetry',
      JSON.stringify({
        'Desk light': [{ onOff: true, lightnessLevel: 200 }],
        'Wire sensor': [{ temperature: 80 }],
      }),
      { qos: 1 },
    );
    expect((await readings(light.id, 'lightnessLevel')).map((r) => r.num)).toEqual([200]);
    // 'Wire sensor' exists but is not behind this gateway: it may not speak for it.
    expect(broker.stats.dropped.unknownDevice).toBe(unknownBefore + 1);
    expect((await readings(sensor.id, 'temperature')).some((r) => r.num === 80)).toBe(false);
  });

  it('routes a command to a device through its gateway and settles the reply', async () => {
    const client = await connect(gateway.accessToken);
    await client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
    const request = nextMessage(client);
    await broker.publishTo(gateway.id, 'v1/gateway/rpc', {
      device: 'Desk light',
      data: { id: 5, method: 'setOnOff', params: { onOff: false } },
    });
    expect((await request).payload).toEqual({
      device: 'Desk light',
      data: { id: 5, method: 'setOnOff', params: { onOff: false } },
    });
  });

  it('takes the devices behind a gateway offline with it', async () => {
    const client = await connect(gateway.accessToken);
    await client.publishAsync('v1/gateway/connect', JSON.stringify({ device: 'Desk light' }), { qos: 1 });
    expect((await deviceRow(t.app.db, light.id))?.online).toBe(true);
    await disconnectAll(gateway);
    await expect.poll(async () => (await deviceRow(t.app.db, light.id))?.online).toBe(false);
  });
});
