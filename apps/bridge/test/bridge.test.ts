import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/src/test/app.js';
import { deviceRow, insertDevice, type TestDevice } from '../../server/src/test/devices.js';
import { as } from '../../server/src/test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../server/src/mqtt/broker.js';
import { DeviceDirectory } from '../../server/src/mqtt/directory.js';
import { TelemetryWriter } from '../../server/src/modules/telemetry/writer.js';
import { Bridge } from '../src/bridge.js';
import { loadConfig } from '../src/config.js';
import type { Log } from '../src/log.js';
import type { Reading } from '../src/modbus.js';
import { ModbusServer } from './modbus-server.js';

/**
 * The bridge between a real Modbus TCP server (pymodbus) and the platform (the test server and its embedded
 * broker): field devices announced behind the bridge's gateway, readings stored scaled, commands as writes,
 * a broker outage that loses nothing, a device that stops answering.
 */

let t: TestApp;
let broker: EmbeddedBroker | null = null;
let brokerPort: number;
let modbus: ModbusServer;
let bridge: Bridge;
let manager: ReturnType<typeof as>;
let gateway: TestDevice;
let ac: TestDevice;
let meter: TestDevice;
let dir: string;
const logged: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
const log: Log = (level, msg, data) => logged.push({ level, msg, ...(data ? { data } : {}) });

async function startBroker(port: number): Promise<EmbeddedBroker> {
  const started = await startEmbeddedBroker({
    port,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
  });
  t.app.deviceChannel = started;
  return started;
}

/** A device's raw readings of `key` in the last hour, through the API (GET /sbuilding/telemetry/history). */
async function history(deviceId: number, key: string): Promise<{ t: string; value: unknown }[]> {
  const to = new Date(Date.now() + 60_000).toISOString();
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const res = await manager(
    'GET',
    `/sbuilding/telemetry/history/${deviceId}?keys=${key}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&interval=raw`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json<{ data: { series: Record<string, { t: string; value: unknown }[]> } }>().data.series[key] ?? []
  );
}

/** The next reading of `device` that `match` accepts. */
function nextReading(device: string, match: (r: Reading) => boolean): Promise<Reading> {
  return new Promise((resolve) => {
    const listen = (reading: Reading) => {
      if (reading.device !== device || !match(reading)) return;
      bridge.off('reading', listen);
      resolve(reading);
    };
    bridge.on('reading', listen);
  });
}

function writeConfig(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-bridge-'));
  modbus = await ModbusServer.start();
  t = await createTestApp({ captchaEnabled: false });
  broker = await startBroker(0);
  brokerPort = broker.port;
  manager = as(t, await t.login('manager', 'manager123'));
  gateway = await insertDevice(t.app.db, { model: 'bridge', name: 'Plant room bridge' });
  ac = await insertDevice(t.app.db, { model: 'ac20', name: 'AHU 1', parentId: gateway.id });
  meter = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Main meter', parentId: gateway.id });

  // AHU 1: room temperature ×0.1 in input register 0 (int16), target ×0.1 in holding 10, on/off on coil 0.
  await modbus.set('ir', 0, [0xffff - 49]); // -5.0 °C: a signed register
  await modbus.set('hr', 10, [240]);
  // Main meter (unit 2): power float32 in input registers 0-1 (high word first), energy uint32 low word first.
  await modbus.set('ir', 0, [0x4348, 0x8000], 2); // 200.5
  await modbus.set('ir', 2, [0x86a0, 0x0001], 2); // 100000 → ×0.01 = 1000 kWh

  const file = writeConfig(
    'bridge.yaml',
    `platform:
  url: mqtt://127.0.0.1:${brokerPort}
  token: ${gateway.accessToken}
  reconnectSeconds: 0.2
queue:
  dir: queue
  maxReadings: 10000
profiles:
  ahu:
    model: ac20
    pollSeconds: 0.2
    points:
      roomTemp: { table: input, address: 0, type: int16, scale: 0.1 }
      targetTemp: { table: holding, address: 10, type: int16, scale: 0.1 }
      onOff: { table: coil, address: 0 }
    commands:
      setOnOff:
        - { param: onOff, point: onOff }
      setTargetTemp:
        - { param: targetTemp, point: targetTemp }
  meter:
    model: ammeter4g
    pollSeconds: 0.5
    points:
      power: { table: input, address: 0, type: float32 }
      energy: { table: input, address: 2, type: uint32, wordOrder: little, scale: 0.01 }
devices:
  - { name: AHU 1, profile: ahu, host: 127.0.0.1, port: ${modbus.port}, unit: 1, timeoutMs: 500 }
  - { name: Main meter, profile: meter, host: 127.0.0.1, port: ${modbus.port}, unit: 2, timeoutMs: 500 }
`,
  );
  bridge = await Bridge.start(loadConfig(file), log);
});

afterAll(async () => {
  await bridge?.stop();
  await modbus?.stop();
  await broker?.close();
  await t?.close();
  if (dir) await fs.promises.rm(dir, { recursive: true, force: true });
});

describe('the field bridge between Modbus TCP and the platform', () => {
  it('announces its field devices behind the gateway and their readings arrive scaled', async () => {
    await expect.poll(async () => (await deviceRow(t.app.db, ac.id))?.online).toBe(true);
    await expect.poll(async () => (await deviceRow(t.app.db, meter.id))?.online).toBe(true);
    await expect.poll(async () => (await history(ac.id, 'roomTemp')).at(-1)?.value).toBe(-5);
    expect((await history(ac.id, 'targetTemp')).at(-1)?.value).toBe(24);
    // The platform stores a boolean reading as 0 or 1.
    expect((await history(ac.id, 'onOff')).at(-1)?.value).toBe(0);
    await expect.poll(async () => (await history(meter.id, 'power')).at(-1)?.value).toBe(200.5);
    expect((await history(meter.id, 'energy')).at(-1)?.value).toBe(1000);

    // A changed register is the next reading.
    await modbus.set('ir', 0, [231]);
    await expect.poll(async () => (await history(ac.id, 'roomTemp')).at(-1)?.value).toBe(23.1);
  });

  it("runs the console's sendCmd as a write and the new state comes back", async () => {
    const sent = Date.now();
    const on = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setOnOff',
      params: { onOff: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().msg).toBe('Setting Success !');
    expect(await modbus.get('co', 0)).toEqual([1]);
    await expect
      .poll(async () => (await history(ac.id, 'onOff')).filter((p) => Date.parse(p.t) >= sent).at(-1)?.value)
      .toBe(1);

    const warmer = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setTargetTemp',
      params: { targetTemp: 26 },
    });
    expect(warmer.statusCode, warmer.body).toBe(200);
    // 26 °C at a scale of 0.1 is 260 in the register.
    expect(await modbus.get('hr', 10)).toEqual([260]);
    await expect.poll(async () => (await history(ac.id, 'targetTemp')).at(-1)?.value).toBe(26);
  });

  it('keeps the readings of a broker outage on disk and sends each once, in order, with its time', async () => {
    await broker?.close();
    broker = null;
    await expect.poll(() => bridge.connected).toBe(false);
    const outage: Reading[] = [];
    const keep = (reading: Reading) => {
      if (reading.device === 'AHU 1') outage.push(reading);
    };
    bridge.on('reading', keep);
    // The values change while the platform is away; each is read before the next.
    for (const raw of [251, 252, 253, 254]) {
      await modbus.set('ir', 0, [raw]);
      await nextReading('AHU 1', (r) => r.values.roomTemp === raw / 10);
    }
    expect(bridge.connected).toBe(false);
    expect(bridge.queue.size).toBeGreaterThanOrEqual(4);
    // On disk, not only in memory.
    await bridge.queue.flushed();
    const onDisk = await fs.promises.readFile(path.join(dir, 'queue', 'readings.jsonl'), 'utf8');
    expect(onDisk).toContain('"roomTemp":25.4');

    broker = await startBroker(brokerPort);
    await expect.poll(() => bridge.connected).toBe(true);
    bridge.off('reading', keep);
    const last = outage.at(-1);
    if (!last) throw new Error('no reading during the outage');
    await expect
      .poll(async () => (await history(ac.id, 'roomTemp')).some((p) => Date.parse(p.t) === last.ts))
      .toBe(true);

    const stored = await history(ac.id, 'roomTemp');
    const times = stored.map((p) => Date.parse(p.t));
    expect(new Set(times).size, 'a reading stored twice').toBe(times.length);
    for (const reading of outage) {
      const at = stored.filter((p) => Date.parse(p.t) === reading.ts);
      expect(at, `the reading of ${new Date(reading.ts).toISOString()}`).toEqual([
        { t: new Date(reading.ts).toISOString(), value: reading.values.roomTemp },
      ]);
    }
    for (const raw of [251, 252, 253, 254]) expect(stored.map((p) => p.value)).toContain(raw / 10);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('reports a field device that stops answering offline, and online again when it answers', async () => {
    const port = modbus.port;
    await modbus.stop();
    await expect.poll(async () => (await deviceRow(t.app.db, ac.id))?.online).toBe(false);
    expect(bridge.devices.find((d) => d.name === 'AHU 1')?.answering).toBe(false);
    expect(logged.some((l) => l.msg === 'field device not answering' && l.data?.device === 'AHU 1')).toBe(
      true,
    );

    modbus = await ModbusServer.start(port);
    await modbus.set('ir', 0, [199]);
    await expect.poll(async () => (await deviceRow(t.app.db, ac.id))?.online).toBe(true);
    await expect.poll(async () => (await history(ac.id, 'roomTemp')).at(-1)?.value).toBe(19.9);
  });
});
