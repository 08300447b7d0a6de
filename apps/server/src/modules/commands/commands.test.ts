import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { deviceGroupMembers, deviceGroups, devices } from '../devices/tables.js';
import { controlLog } from './tables.js';

let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let light: TestDevice;
let meshGateway: TestDevice;
let meshLight: TestDevice;
let acGateway: TestDevice;
let ac: TestDevice;
let offlineLight: TestDevice;
let group: number;
const clients: MqttClient[] = [];

async function connectDevice(
  token: string,
  onRequest: (topic: string, body: Record<string, unknown>) => object | null,
) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { username: token, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('message', (topic, payload) => {
    const body: Record<string, unknown> = JSON.parse(payload.toString());
    const reply = onRequest(topic, body);
    if (!reply) return;
    if (topic === 'v1/gateway/rpc') client.publish('v1/gateway/rpc', JSON.stringify(reply), { qos: 1 });
    else client.publish(topic.replace('/request/', '/response/'), JSON.stringify(reply), { qos: 1 });
  });
  await client.subscribeAsync(['v1/devices/me/rpc/request/+'], { qos: 1 });
  return client;
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(db),
    writer: new TelemetryWriter(db),
  });
  t.app.deviceChannel = broker;
  manager = as(t, await t.login('manager', 'manager123'));
  display = as(t, await t.login('display', 'display123'));
  light = await insertDevice(db, { model: 'gw4g', name: 'Direct device' });
  meshGateway = await insertDevice(db, { model: 'ba', name: 'Mesh gateway' });
  meshLight = await insertDevice(db, { model: 's2', name: 'Mesh light', parentId: meshGateway.id });
  offlineLight = await insertDevice(db, { model: 's2', name: 'Lonely light', parentId: null });
  acGateway = await insertDevice(db, { model: 'cc10', name: 'AC gateway' });
  ac = await insertDevice(db, { model: 'ac20', name: 'Room AC', parentId: acGateway.id });
  const [demoDevice] = await db.select().from(devices).where(eq(devices.id, meshLight.id));
  const [row] = await db
    .insert(deviceGroups)
    .values({
      tenantId: demoDevice!.tenantId,
      projectId: demoDevice!.projectId,
      name: 'Lights',
      category: 'light',
    })
    .returning();
  group = row!.id;
  await db.insert(deviceGroupMembers).values([
    { groupId: group, deviceId: meshLight.id, sort: 0 },
    { groupId: group, deviceId: offlineLight.id, sort: 1 },
  ]);
  // A 4G gateway answering its own RPCs, and a Bluetooth gateway answering for its mesh light.
  await connectDevice(light.accessToken, () => ({ success: true }));
  const gw = await connectDevice(meshGateway.accessToken, (topic, body) =>
    topic === 'v1/gateway/rpc'
      ? { device: body.device, id: (body.data as { id: number }).id, data: { success: true } }
      : null,
  );
  await gw.subscribeAsync('v1/gateway/rpc', { qos: 1 });
});
afterAll(async () => {
  await Promise.all(clients.filter((c) => c.connected).map((c) => c.endAsync(true)));
  await broker.close();
  await t.close();
});

describe('POST /sbuilding/dev-rpccmd/sendCmd', () => {
  it('sends a command to a connected device, answers Setting Success ! and logs it with its latency', async () => {
    const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: light.id,
      method: 'reboot',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Setting Success !');
    expect(res.json().data.results).toEqual([
      expect.objectContaining({ deviceId: light.id, result: 'success', latencyMs: expect.any(Number) }),
    ]);
    // The line is written just after the answer.
    await t.app.controlLog.flushed();
    const [entry] = await t.app.db.select().from(controlLog).where(eq(controlLog.deviceId, light.id));
    expect(entry).toMatchObject({
      userName: 'manager',
      terminal: 'admin',
      method: 'reboot',
      result: 'success',
    });
  });

  it('reaches a mesh light through its Bluetooth gateway', async () => {
    const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: meshLight.id,
      method: 'setBrightness',
      params: { lightnessLevel: 128 },
      terminal: 'control',
    });
    expect(res.json()).toMatchObject({ code: 200, msg: 'Setting Success !' });
  });

  it('answers Unable to access Bluetooth gateway when the gateway of an AC or light is not connected', async () => {
    const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setOnOff',
      params: { onOff: true },
    });
    expect(res.statusCode).toBe(503);
    // The AC gateway is not a Bluetooth gateway: the device itself is unreachable.
    expect(res.json().msg).toBe('Unable to access device');
  });

  it('refuses a parameter the model does not take before sending anything', async () => {
    const auto = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setWorkMode',
      params: { workMode: 'auto' },
    });
    expect(auto.statusCode).toBe(400);
    expect(auto.json().msg).toBe('Not support auto mode');
    const bright = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: meshLight.id,
      method: 'setBrightness',
      params: { lightnessLevel: 300 },
    });
    expect(bright.json().msg).toBe('Value must be between 0 and 255');
  });

  it('fans a group command out and reports each device when one could not be set', async () => {
    const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      groupId: group,
      method: 'setOnOff',
      params: { onOff: false },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('Setting Failed !');
    expect(res.json().data.results).toEqual([
      expect.objectContaining({ deviceId: meshLight.id, result: 'success', message: 'Setting Success !' }),
      expect.objectContaining({
        deviceId: offlineLight.id,
        result: 'unreachable',
        message: 'Unable to access device',
      }),
    ]);
  });

  it('answers Setting Failed ! when a connected device does not reply in time', async () => {
    const silent = await insertDevice(t.app.db, { model: 'sair4g', name: 'Silent sensor' });
    await connectDevice(silent.accessToken, () => null);
    const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: silent.id,
      method: 'reboot',
    });
    // sair4g has no reboot command: the model decides before the network does.
    expect(res.statusCode).toBe(400);
    const gw = await insertDevice(t.app.db, { model: 'gw4g', name: 'Silent gateway' });
    await connectDevice(gw.accessToken, () => null);
    const timedOut = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: gw.id,
      method: 'reboot',
    });
    expect(timedOut.statusCode).toBe(503);
    expect(timedOut.json().data.results[0]).toMatchObject({ result: 'timeout', message: 'Setting Failed !' });
  }, 15_000);

  it('answers No operation permission ! to a display screen and (Device/group) not found to unknown ids', async () => {
    const denied = await display('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: light.id,
      method: 'reboot',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe('No operation permission !');
    const missing = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      groupId: 999_999,
      method: 'reboot',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('(Device/group) not found');
    const both = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', { method: 'reboot' });
    expect(both.json().msg).toBe('Select Target!');
  });
});

describe('reboot-ba and the control log', () => {
  it('reboots a Bluetooth gateway and refuses other devices', async () => {
    const res = await manager('POST', `/sbuilding/dev-rpccmd/reboot-ba/${meshGateway.id}`);
    expect(res.statusCode).toBe(503); // the test gateway answers only for its mesh devices
    const notBa = await manager('POST', `/sbuilding/dev-rpccmd/reboot-ba/${light.id}`);
    expect(notBa.statusCode).toBe(400);
    expect(notBa.json().msg).toBe('This device is not a Bluetooth gateway');
  }, 15_000);

  it('gives each line its own time: four commands within a second do not share one timestamp', async () => {
    const [anyDevice] = await t.app.db.select().from(devices).where(eq(devices.id, light.id));
    const sent: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      sent.push(Date.now());
      // The light is not connected: each call answers at once and is logged as unreachable.
      const res = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
        deviceId: offlineLight.id,
        method: 'setOnOff',
        params: { onOff: i % 2 === 0 },
      });
      expect(res.statusCode).toBe(503);
      while (Date.now() === sent[i]) await new Promise((resolve) => setImmediate(resolve));
    }
    const res = await manager('POST', '/sbuilding/control-log/getList', {
      projectId: anyDevice!.projectId,
      deviceId: offlineLight.id,
      pageSize: 4,
    });
    const times: number[] = res.json().data.rows.map((r: { time: string }) => Date.parse(r.time));
    expect(new Set(times).size).toBe(4);
    // Newest first, each at or after the moment its call was made.
    expect([...times].reverse().every((time, i) => time >= sent[i]!)).toBe(true);
  });

  it('lists the project control log newest first, filtered by result', async () => {
    const [anyDevice] = await t.app.db.select().from(devices).where(eq(devices.id, light.id));
    const res = await manager('POST', '/sbuilding/control-log/getList', {
      projectId: anyDevice!.projectId,
      result: 'unreachable',
    });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBeGreaterThan(0);
    expect(rows.every((r: { result: string }) => r.result === 'unreachable')).toBe(true);
    const times = rows.map((r: { time: string }) => Date.parse(r.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
