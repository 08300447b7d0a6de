import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { telemetryDaily, telemetryHourly } from './tables.js';
import { TelemetryWriter } from './writer.js';

let t: TestApp;
let sensor: TestDevice;
let meter: TestDevice;
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Rollup sensor' });
  meter = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Rollup meter' });
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, meter.id));
  await t.app.db.update(projects).set({ timeZone: 'Asia/Shanghai' }).where(eq(projects.id, row!.projectId));
});
afterAll(() => t.close());

async function hourly(deviceId: number, key: string) {
  return t.app.db
    .select()
    .from(telemetryHourly)
    .where(and(eq(telemetryHourly.deviceId, deviceId), eq(telemetryHourly.key, key)))
    .orderBy(asc(telemetryHourly.bucket));
}

describe('rollups maintained at ingest', () => {
  it('keeps count, sum, min and max per hour, and a redelivered batch changes nothing', async () => {
    const writer = new TelemetryWriter(t.app.db);
    const batch = [
      { deviceId: sensor.id, key: 'temperature', ts: at('2026-11-20T08:05:00Z'), value: 20 },
      { deviceId: sensor.id, key: 'temperature', ts: at('2026-11-20T08:35:00Z'), value: 22 },
      { deviceId: sensor.id, key: 'temperature', ts: at('2026-11-20T09:10:00Z'), value: 25 },
    ];
    await writer.write(batch);
    await writer.write(batch);
    const rows = await hourly(sensor.id, 'temperature');
    expect(rows.map((r) => [r.bucket.toISOString(), r.count, r.sum, r.min, r.max, r.delta])).toEqual([
      ['2026-11-20T08:00:00.000Z', 2, 42, 20, 22, 0],
      ['2026-11-20T09:00:00.000Z', 1, 25, 25, 25, 0],
    ]);
    await writer.close();
  });

  it("sums an energy counter's consumption across a meter reset, by hour and by the project's local day", async () => {
    const writer = new TelemetryWriter(t.app.db);
    const reading = (iso: string, value: number) => ({
      deviceId: meter.id,
      key: 'energy1',
      ts: at(iso),
      value,
    });
    // 15:xx UTC is 23:xx in Shanghai, 16:xx UTC the next local day.
    await writer.write([reading('2026-11-20T15:00:00Z', 100), reading('2026-11-20T15:20:00Z', 105)]);
    await writer.write([reading('2026-11-20T15:40:00Z', 110), reading('2026-11-20T16:10:00Z', 3)]);
    await writer.write([reading('2026-11-20T16:30:00Z', 8)]);
    const rows = await hourly(meter.id, 'energy1');
    expect(rows.map((r) => [r.bucket.toISOString(), r.delta])).toEqual([
      ['2026-11-20T15:00:00.000Z', 10],
      ['2026-11-20T16:00:00.000Z', 8],
    ]);
    const days = await t.app.db
      .select()
      .from(telemetryDaily)
      .where(and(eq(telemetryDaily.deviceId, meter.id), eq(telemetryDaily.key, 'energy1')))
      .orderBy(asc(telemetryDaily.day));
    expect(days.map((d) => [d.day, d.delta])).toEqual([
      ['2026-11-20', 10],
      ['2026-11-21', 8],
    ]);
    await writer.close();
  });

  it('continues a counter from its stored last reading after a restart, and ignores a late older reading', async () => {
    const restarted = new TelemetryWriter(t.app.db);
    await restarted.write([
      { deviceId: meter.id, key: 'energy1', ts: at('2026-11-20T16:50:00Z'), value: 12 },
    ]);
    await restarted.write([{ deviceId: meter.id, key: 'energy1', ts: at('2026-11-20T16:20:00Z'), value: 6 }]);
    const rows = await hourly(meter.id, 'energy1');
    expect(rows.at(-1)?.delta).toBe(12);
    await restarted.close();
  });

  it('counts the same consumption when two writers (two nodes) store interleaved readings of one meter', async () => {
    const twoNodes = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Meter on two nodes' });
    const oneNode = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Meter on one node' });
    const base = at('2026-11-21T06:00:00Z');
    // 120 readings a minute apart (two hours), rising by 0.5 to 2.0 kWh.
    const values: number[] = [];
    for (let i = 0, v = 1000; i < 120; i++, v += 0.5 + (i % 4) * 0.5) values.push(v);
    const reading = (deviceId: number, i: number) => ({
      deviceId,
      key: 'energy2',
      ts: base + i * 60_000,
      value: values[i]!,
    });
    const nodes = [new TelemetryWriter(t.app.db), new TelemetryWriter(t.app.db)];
    const single = new TelemetryWriter(t.app.db);
    // Rounds of ten readings, each round's readings alternating between the nodes and written at once (the
    // two nodes' statements run side by side on PostgreSQL).
    for (let round = 0; round < 12; round++) {
      const writes: Promise<void>[] = [];
      for (let i = round * 10; i < round * 10 + 10; i++) {
        writes.push(nodes[i % 2]!.write([reading(twoNodes.id, i)]));
        writes.push(single.write([reading(oneNode.id, i)]));
      }
      await Promise.all(writes);
    }
    const consumption = async (deviceId: number) => {
      const rows = await hourly(deviceId, 'energy2');
      return rows.reduce((sum, r) => sum + r.delta, 0);
    };
    const expected = values.at(-1)! - values[0]!;
    expect(await consumption(oneNode.id)).toBeCloseTo(expected, 6);
    expect(await consumption(twoNodes.id)).toBeCloseTo(expected, 6);
    const days = await t.app.db
      .select()
      .from(telemetryDaily)
      .where(and(eq(telemetryDaily.deviceId, twoNodes.id), eq(telemetryDaily.key, 'energy2')));
    expect(days.reduce((sum, d) => sum + d.delta, 0)).toBeCloseTo(expected, 6);
    await Promise.all([...nodes, single].map((w) => w.close()));
  });

  it('measures a counter from the reading stored before a batch that brings stored readings again', async () => {
    const again = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Meter sending its buffer' });
    const writer = new TelemetryWriter(t.app.db);
    const reading = (minute: number, value: number) => ({
      deviceId: again.id,
      key: 'energy3',
      ts: at('2026-11-22T10:00:00Z') + minute * 60_000,
      value,
    });
    await writer.write([reading(0, 50), reading(1, 52)]);
    // Its buffer again (stored before) with two new readings: only the new ones add, from 52.
    await writer.write([reading(0, 50), reading(1, 52), reading(2, 55), reading(3, 56)]);
    const rows = await hourly(again.id, 'energy3');
    expect(rows.map((r) => [r.count, r.delta])).toEqual([[4, 6]]);
    await writer.close();
  });
});
