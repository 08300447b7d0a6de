import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { deviceRow, insertDevice, type TestDevice } from '../../test/devices.js';
import { deviceLatest } from '../devices/tables.js';
import { telemetryRaw } from './tables.js';
import { TelemetryWriter } from './writer.js';

let t: TestApp;
let meter: TestDevice;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  meter = await insertDevice(t.app.db, { model: 'th10', name: 'Writer test sensor' });
});
afterAll(() => t.close());

describe('the telemetry writer', () => {
  it('commits concurrent writes together and resolves each once its rows are stored', async () => {
    const batches: number[] = [];
    const writer = new TelemetryWriter(t.app.db, { onBatch: (rows) => batches.push(rows) });
    const base = Date.parse('2026-11-20T08:00:00Z');
    const writes = Array.from({ length: 50 }, (_, i) =>
      writer.write([{ deviceId: meter.id, key: 'temperature', ts: base + i * 1000, value: 20 + i / 10 }]),
    );
    await Promise.all(writes);
    // Fifty publishes in one tick make far fewer than fifty transactions.
    expect(batches.length).toBeLessThan(5);
    const rows = await t.app.db.select().from(telemetryRaw).where(eq(telemetryRaw.deviceId, meter.id));
    expect(rows).toHaveLength(50);
    await writer.close();
  });

  it('keeps the newest reading as the latest value whatever the arrival order, and marks the device online', async () => {
    const writer = new TelemetryWriter(t.app.db);
    await writer.write([
      { deviceId: meter.id, key: 'humidity', ts: Date.parse('2026-11-20T10:00:00Z'), value: 55 },
      { deviceId: meter.id, key: 'humidity', ts: Date.parse('2026-11-20T09:00:00Z'), value: 40 },
    ]);
    await writer.write([
      { deviceId: meter.id, key: 'humidity', ts: Date.parse('2026-11-20T08:00:00Z'), value: 30 },
    ]);
    const [latest] = await t.app.db
      .select()
      .from(deviceLatest)
      .where(and(eq(deviceLatest.deviceId, meter.id), eq(deviceLatest.key, 'humidity')));
    expect(latest?.value).toBe(55);
    expect((await deviceRow(t.app.db, meter.id))?.online).toBe(true);
    await writer.close();
  });

  it('stores a redelivered reading once, and text and boolean values by their type', async () => {
    const writer = new TelemetryWriter(t.app.db);
    const ts = Date.parse('2026-11-20T11:00:00Z');
    const reading = [
      { deviceId: meter.id, key: 'workMode', ts, value: 'cool' },
      { deviceId: meter.id, key: 'onOff', ts, value: true },
    ];
    await writer.write(reading);
    await writer.write(reading);
    const rows = await t.app.db
      .select()
      .from(telemetryRaw)
      .where(and(eq(telemetryRaw.deviceId, meter.id), eq(telemetryRaw.ts, new Date(ts))));
    expect(rows.map((r) => [r.key, r.num, r.txt]).sort()).toEqual([
      ['onOff', 1, null],
      ['workMode', null, 'cool'],
    ]);
    await writer.close();
  });
});
