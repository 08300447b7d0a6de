import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceClients } from '../test/device-clients.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { deviceRow, insertDevice, type TestDevice } from '../test/devices.js';
import { telemetryRaw } from '../modules/telemetry/tables.js';
import { TelemetryWriter } from '../modules/telemetry/writer.js';
import { logDeviceChange } from '../modules/commands/control-log.js';
import { controlLog } from '../modules/commands/tables.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './broker.js';
import { DeviceDirectory } from './directory.js';

/*
 * U+0000 in what a device sends: PostgreSQL (and PGlite) refuse the character in text and jsonb, so one such
 * value used to fail the whole message's insert (no PUBACK: the device sent it again for ever). The value is
 * dropped with a log line naming it; the rest of the message is stored. Runs on both databases.
 */

let t: TestApp;
let broker: EmbeddedBroker;
let sensor: TestDevice;
let gateway: TestDevice;
let light: TestDevice;
const warn = vi.fn<(fields: unknown, message?: unknown) => void>();
const devicesOnBroker = deviceClients(() => broker.port);
const { connect } = devicesOnBroker;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  sensor = await insertDevice(db, { model: 'th10', name: 'Nul sensor' });
  gateway = await insertDevice(db, { model: 'ba', name: 'Nul gateway' });
  light = await insertDevice(db, { model: 's2', name: 'Nul light', parentId: gateway.id });
  const log = t.app.log.child({});
  log.warn = warn;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log,
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

async function readings(deviceId: number, key: string) {
  return t.app.db
    .select()
    .from(telemetryRaw)
    .where(and(eq(telemetryRaw.deviceId, deviceId), eq(telemetryRaw.key, key)));
}

/** The warnings logged about U+0000, as [keys, message]. */
function nulWarnings() {
  return warn.mock.calls
    .filter(([, message]) => typeof message === 'string' && message.includes('U+0000'))
    .map(([fields]) => (fields as { keys: string[] }).keys);
}

describe('U+0000 in what devices send over MQTT', () => {
  it('drops a telemetry value holding it, logs which, and stores the rest of the message', async () => {
    warn.mockClear();
    const client = await connect(sensor.accessToken);
    const before = broker.stats.dropped.nul;
    await client.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify({ temperature: 21.5, label: 'A\u0000B', humidity: 40 }),
      { qos: 1 },
    );
    expect((await readings(sensor.id, 'temperature')).map((r) => r.num)).toEqual([21.5]);
    expect((await readings(sensor.id, 'humidity')).map((r) => r.num)).toEqual([40]);
    expect(await readings(sensor.id, 'label')).toEqual([]);
    expect(broker.stats.dropped.nul).toBe(before + 1);
    expect(nulWarnings()).toEqual([['label']]);
    expect(client.connected).toBe(true);
  });

  it('drops an attribute holding it and keeps the others', async () => {
    const client = await connect(sensor.accessToken);
    await client.publishAsync(
      'v1/devices/me/attributes',
      JSON.stringify({ firmware: '1.\u00004', batch: 9, notes: ['x\u0000'] }),
      { qos: 1 },
    );
    expect((await deviceRow(t.app.db, sensor.id))?.reportedAttributes).toEqual({ batch: 9 });
  });

  it("drops a gateway's device named with it, and a value of a device behind it, and keeps the rest", async () => {
    warn.mockClear();
    const client = await connect(gateway.accessToken);
    const ts = Date.parse('2026-11-21T07:30:00Z');
    await client.publishAsync(
      'v1/gateway/telemetry',
      JSON.stringify({
        'Nul light': [{ ts, values: { colorTemp: 3000, scene: 'evening\u0000', terminal: 'lsPanel' } }],
        'Nul\u0000light': { colorTemp: 2700 },
      }),
      { qos: 1 },
    );
    expect((await readings(light.id, 'colorTemp')).map((r) => r.num)).toEqual([3000]);
    const [entry] = await t.app.db.select().from(controlLog).where(eq(controlLog.deviceId, light.id));
    expect(entry).toMatchObject({ terminal: 'lsPanel', params: { colorTemp: 3000 } });
    expect(nulWarnings()).toEqual([['Nul light.scene', 'Nul\\u0000light']]);

    await client.publishAsync('v1/gateway/connect', JSON.stringify({ device: 'Nul\u0000light' }), { qos: 1 });
    await client.publishAsync(
      'v1/gateway/attributes',
      JSON.stringify({ 'Nul light': { firmware: '2.0', bad: '\u0000' } }),
      { qos: 1 },
    );
    expect((await deviceRow(t.app.db, light.id))?.reportedAttributes).toEqual({ firmware: '2.0' });
    expect(client.connected).toBe(true);
  });
});
