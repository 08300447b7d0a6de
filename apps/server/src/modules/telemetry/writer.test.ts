import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { deviceRow, insertDevice, type TestDevice } from '../../test/devices.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { telemetryHourly, telemetryRaw } from './tables.js';
import { maxBatchRowsFor, TelemetryWriter } from './writer.js';

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

  it('lets readings gather for gatherMs before an idle lane writes, and starts at once when many wait', async () => {
    const batches: number[] = [];
    const writer = new TelemetryWriter(t.app.db, {
      gatherMs: 300,
      lanes: 1,
      onBatch: (rows) => batches.push(rows),
    });
    const base = Date.parse('2026-11-20T07:00:00Z');
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 5; i++) {
      writes.push(writer.write([{ deviceId: meter.id, key: 'temperature', ts: base + i * 1000, value: 20 }]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(writes);
    // Five writes on five turns of the event loop: one batch.
    expect(batches).toEqual([5]);

    // A thousand readings waiting need no gathering: this one would otherwise wait a minute.
    const slow = new TelemetryWriter(t.app.db, { gatherMs: 60_000, lanes: 1 });
    await slow.write(
      Array.from({ length: 1_000 }, (_, i) => ({
        deviceId: meter.id,
        key: 'humidity',
        ts: base + i,
        value: 50,
      })),
    );
    await Promise.all([writer.close(), slow.close()]);
  });

  it("keeps the embedded database's transactions to maxBatchRowsFor('pglite') readings, whole messages each", async () => {
    // PGlite runs each statement in the server's thread: a request waits for the batch under way.
    expect(maxBatchRowsFor('pglite')).toBeLessThanOrEqual(1_000);
    const batches: number[] = [];
    const writer = new TelemetryWriter(t.app.db, {
      lanes: 1,
      maxBatchRows: maxBatchRowsFor('pglite'),
      onBatch: (rows) => batches.push(rows),
    });
    const base = Date.parse('2026-11-19T08:00:00Z');
    // Eight messages of 400 readings each, all waiting at once (a first start's history arrives so).
    const messages = Array.from({ length: 8 }, (_, m) =>
      Array.from({ length: 400 }, (_, i) => ({
        deviceId: meter.id,
        key: 'co2',
        ts: base + (m * 400 + i) * 1000,
        value: 400 + i,
      })),
    );
    await Promise.all(messages.map((rows) => writer.write(rows)));
    expect(batches.reduce((a, b) => a + b, 0)).toBe(3_200);
    expect(Math.max(...batches)).toBeLessThanOrEqual(maxBatchRowsFor('pglite'));
    expect(batches.every((rows) => rows % 400 === 0)).toBe(true);
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

  it("stores the rest of a batch when a device in it was deleted, and none of the deleted device's readings", async () => {
    const gone = await insertDevice(t.app.db, { model: 'th10', name: 'Writer test sensor, deleted' });
    await t.app.db.delete(devices).where(eq(devices.id, gone.id));
    const writer = new TelemetryWriter(t.app.db);
    const ts = Date.parse('2026-11-20T12:00:00Z');
    await writer.write([
      { deviceId: gone.id, key: 'temperature', ts, value: 19 },
      { deviceId: meter.id, key: 'temperature', ts, value: 21 },
    ]);
    const stored = await t.app.db
      .select()
      .from(telemetryRaw)
      .where(eq(telemetryRaw.ts, new Date(ts)));
    expect(stored.map((r) => [r.deviceId, r.num])).toEqual([[meter.id, 21]]);
    const rolled = await t.app.db
      .select()
      .from(telemetryHourly)
      .where(and(eq(telemetryHourly.bucket, new Date(ts)), eq(telemetryHourly.key, 'temperature')));
    expect(rolled.map((r) => [r.deviceId, r.count])).toEqual([[meter.id, 1]]);
    await writer.close();
  });

  it('stores a reading sent twice in one batch once, and rolls it up once', async () => {
    const writer = new TelemetryWriter(t.app.db);
    const ts = Date.parse('2026-11-20T13:00:00Z');
    const twice = { deviceId: meter.id, key: 'temperature', ts, value: 23 };
    await writer.write([twice, { ...twice, ts: ts + 1000, value: 25 }, twice]);
    const stored = await t.app.db
      .select()
      .from(telemetryRaw)
      .where(and(eq(telemetryRaw.deviceId, meter.id), eq(telemetryRaw.key, 'temperature')));
    expect(stored.filter((r) => r.ts.getTime() >= ts).map((r) => r.num)).toEqual([23, 25]);
    const [hour] = await t.app.db
      .select()
      .from(telemetryHourly)
      .where(and(eq(telemetryHourly.deviceId, meter.id), eq(telemetryHourly.bucket, new Date(ts))));
    expect([hour?.count, hour?.sum]).toEqual([2, 48]);
    await writer.close();
  });
});
