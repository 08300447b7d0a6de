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
});
