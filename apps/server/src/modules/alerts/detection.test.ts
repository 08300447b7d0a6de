import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceClients } from '../../test/device-clients.js';
import type { WebSocket } from '@fastify/websocket';
import { socketPath } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { devices } from '../devices/tables.js';
import { alertHistory, alerts } from './tables.js';

let t: TestApp;
let broker: EmbeddedBroker;
const devicesOnBroker = deviceClients(() => broker.port);
const { connect } = devicesOnBroker;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  await t.app.ready();
  const db = t.app.db;
  const onPresence = t.app.alertDetector.onPresence;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    // Wired as startDeviceLink wires them.
    directory: new DeviceDirectory(db, onPresence),
    writer: new TelemetryWriter(db, {
      onCameOnline: (ids) => onPresence(ids.map((deviceId) => ({ deviceId, online: true }))),
    }),
    onDeviceChange: async () => {},
  });
});
afterAll(async () => {
  await devicesOnBroker.endAll();
  await broker.close();
  await t.close();
});

async function alertOf(deviceId: number) {
  await t.app.alertDetector.idle();
  return t.app.db.select().from(alerts).where(eq(alerts.deviceId, deviceId));
}

async function online(deviceId: number) {
  const [row] = await t.app.db
    .select({ online: devices.online })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.online;
}

describe('offline detection on the wire', () => {
  it('raises an alert when a device disconnects from the broker and resolves it when it reconnects', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Wire alert sensor' });
    const first = await connect(sensor.accessToken);
    await vi.waitFor(async () => expect(await online(sensor.id)).toBe(true));
    expect(await alertOf(sensor.id)).toHaveLength(0);

    await first.endAsync();
    await vi.waitFor(async () => expect(await alertOf(sensor.id)).toMatchObject([{ status: 'alerting' }]));

    await connect(sensor.accessToken);
    await vi.waitFor(async () =>
      expect(await alertOf(sensor.id)).toMatchObject([{ status: 'processed', solution: 'backOnline' }]),
    );
  });

  it('resolves the alert when telemetry arrives from a device marked offline', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Telemetry return sensor' });
    const client = await connect(sensor.accessToken);
    await vi.waitFor(async () => expect(await online(sensor.id)).toBe(true));
    // The sweep took it offline while its connection stayed open (it was silent).
    await new DeviceDirectory(t.app.db, t.app.alertDetector.onPresence).setOnline([sensor.id], false);
    await vi.waitFor(async () => expect(await alertOf(sensor.id)).toMatchObject([{ status: 'alerting' }]));

    await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 21 }), { qos: 1 });
    await vi.waitFor(async () =>
      expect(await alertOf(sensor.id)).toMatchObject([{ status: 'processed', solution: 'backOnline' }]),
    );
    const [alert] = await alertOf(sensor.id);
    const history = await t.app.db
      .select()
      .from(alertHistory)
      .where(eq(alertHistory.alertId, alert?.id ?? 0));
    expect(history.map((h) => h.note)).toEqual(['raised', 'backOnline']);
  });
});

describe('the badge on the socket', () => {
  it('pushes the new count and the changed alert to the open socket when an alert is raised and resolved', async () => {
    const token = await t.login('manager', 'manager123');
    const info = (await as(t, token)('GET', '/getInfo')).json().data;
    const socket: WebSocket = await t.app.injectWS(socketPath(info.user.deptId, info.user.userId));
    const inbox: { type: string; data: Record<string, unknown> }[] = [];
    socket.on('message', (raw: Buffer) => inbox.push(JSON.parse(raw.toString())));
    socket.send(JSON.stringify({ type: 'auth', token }));
    await vi.waitFor(() => expect(inbox.some((m) => m.type === 'auth')).toBe(true));
    const before = Number(inbox.find((m) => m.type === 'auth')?.data.reportCount);

    const sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Badge wire sensor' });
    const directory = new DeviceDirectory(t.app.db, t.app.alertDetector.onPresence);
    await t.app.db.update(devices).set({ online: true }).where(eq(devices.id, sensor.id));
    await directory.setOnline([sensor.id], false);
    await vi.waitFor(() => expect(inbox.some((m) => m.type === 'alert')).toBe(true));
    const [alert] = await alertOf(sensor.id);
    expect(inbox.find((m) => m.type === 'alert')?.data).toEqual({ alertIds: [alert?.id] });
    expect(inbox.filter((m) => m.type === 'report').at(-1)?.data).toEqual({ reportCount: before + 1 });

    inbox.length = 0;
    await directory.setOnline([sensor.id], true);
    await vi.waitFor(() => expect(inbox.some((m) => m.type === 'report')).toBe(true));
    expect(inbox.find((m) => m.type === 'report')?.data).toEqual({ reportCount: before });
    socket.terminate();
  });
});
