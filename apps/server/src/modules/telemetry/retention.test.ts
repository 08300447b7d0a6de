import fs from 'node:fs';
import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { settleDemandBefore } from '../energy-billing/index.js';
import { energyDemandDays, energyDemandQuarters } from '../energy-billing/tables.js';
import {
  DAY_MS,
  ensurePartitions,
  rawPartitions,
  runRetention,
  startTelemetryRetention,
} from './retention.js';
import { telemetryDaily, telemetryHourly, telemetryRaw } from './tables.js';
import { TelemetryWriter, type TelemetryRow } from './writer.js';
import { rowsOf } from '../../platform/db/rows.js';

/*
 * Retention on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL). A meter reports its counter
 * every 15 minutes (+1 kWh each: 4 kW throughout) and a sensor its temperature every hour, from 2031-02-20 to
 * the pass's time, 2031-06-15 12:00 UTC. With 90 days kept the cutoff is 2031-03-17 12:00: February's
 * partition has wholly expired and is dropped on both databases; March's is kept whole on PostgreSQL and
 * loses exactly its readings before the cutoff on PGlite (batched deletes).
 */

const NOW = Date.parse('2031-06-15T12:00:00Z');
const START = Date.parse('2031-02-20T00:00:00Z');
const CUTOFF = NOW - 90 * DAY_MS;
const MARCH = Date.parse('2031-03-01T00:00:00Z');
const DECEMBER = Date.parse('2031-12-05T00:00:00Z');
let t: TestApp;
let kind: 'pglite' | 'postgres';
let meter: number;
let sensor: number;

const rawCount = async (deviceId: number, from?: number) =>
  (
    await t.app.db
      .select({ n: count() })
      .from(telemetryRaw)
      .where(
        and(
          eq(telemetryRaw.deviceId, deviceId),
          from === undefined ? undefined : gte(telemetryRaw.ts, new Date(from)),
        ),
      )
  )[0]?.n ?? 0;

const rollupCount = async (ids: number[]) => {
  const [hourly] = await t.app.db
    .select({ n: count() })
    .from(telemetryHourly)
    .where(inArray(telemetryHourly.deviceId, ids));
  const [daily] = await t.app.db
    .select({ n: count() })
    .from(telemetryDaily)
    .where(inArray(telemetryDaily.deviceId, ids));
  return { hourly: hourly?.n, daily: daily?.n };
};

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  kind = t.app.dbKind === 'postgres' ? 'postgres' : 'pglite';
  meter = (await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Retention meter' })).id;
  sensor = (await insertDevice(t.app.db, { model: 'th10', name: 'Retention sensor' })).id;
  const writer = new TelemetryWriter(t.app.db);
  const rows: TelemetryRow[] = [];
  let kwh = 1000;
  for (let ts = START; ts <= NOW; ts += 15 * 60_000) {
    rows.push({ deviceId: meter, key: 'energy1', ts, value: kwh++ });
    if (ts % 3_600_000 === 0) rows.push({ deviceId: sensor, key: 'temperature', ts, value: 21 });
  }
  // The months a running server would have made ahead; a reading of December has no partition yet and goes to
  // the default partition (the last test's start moves it into its month).
  await ensurePartitions(t.app.db, START, NOW);
  rows.push({ deviceId: sensor, key: 'temperature', ts: DECEMBER, value: 5 });
  for (let i = 0; i < rows.length; i += 2000) await writer.write(rows.slice(i, i + 2000));
  await writer.close();
});
afterAll(() => t.close());

describe('raw telemetry retention', () => {
  it('removes exactly the expired readings, keeps the rollups and splits the demand quarters first', async () => {
    const all = await rawCount(meter);
    const keptFrom = kind === 'pglite' ? CUTOFF : MARCH;
    const meterKept = await rawCount(meter, keptFrom);
    const sensorKept = await rawCount(sensor, keptFrom);
    expect(meterKept).toBeLessThan(all);
    const rollups = await rollupCount([meter, sensor]);
    expect((await rawPartitions(t.app.db)).map((p) => p.name)).toContain('telemetry_raw_p203102');
    const result = await runRetention(t.app.db, {
      kind,
      days: 90,
      now: NOW,
      beforeExpire: (untilMs) => settleDemandBefore(t.app.db, untilMs, NOW),
      batchRows: 1000,
    });
    expect(result.claimed).toBe(true);
    expect(result.keptFrom).toBe(keptFrom);
    // Exactly the readings before the cutoff (PGlite) or before the oldest month kept (PostgreSQL) are gone.
    expect(await rawCount(meter)).toBe(meterKept);
    expect(await rawCount(sensor)).toBe(sensorKept);
    expect(await rawCount(meter, keptFrom)).toBe(meterKept);
    // The rollups are untouched.
    expect(await rollupCount([meter, sensor])).toEqual(rollups);
    // February's quarters were split before its readings went: 1 kWh each (4 kW), complete.
    const feb = await t.app.db
      .select({ n: count(), kwh: sql<number>`sum(${energyDemandQuarters.kwh})`.mapWith(Number) })
      .from(energyDemandQuarters)
      .where(
        and(
          eq(energyDemandQuarters.deviceId, meter),
          gte(energyDemandQuarters.quarter, new Date('2031-02-21T00:00:00Z')),
          lt(energyDemandQuarters.quarter, new Date('2031-03-01T00:00:00Z')),
        ),
      );
    expect(feb[0]?.n).toBe(8 * 96);
    expect(feb[0]?.kwh).toBeCloseTo(8 * 96, 6);
    const days = await t.app.db
      .select({ complete: energyDemandDays.complete })
      .from(energyDemandDays)
      .where(eq(energyDemandDays.deviceId, meter));
    expect(days.length).toBeGreaterThanOrEqual(25);
    expect(days.every((d) => d.complete)).toBe(true);
  });

  it('drops the expired month whole and makes the next one', async () => {
    const names = (await rawPartitions(t.app.db)).map((p) => p.name);
    expect(names).not.toContain('telemetry_raw_p203102');
    expect(names).toContain('telemetry_raw_p203103');
    expect(names).toContain('telemetry_raw_p203106');
    expect(names).toContain('telemetry_raw_p203107');
    expect(await inDefault()).toBe(1);
  });

  it('runs once a day: a second pass the same day does nothing, the next day’s runs', async () => {
    const again = await runRetention(t.app.db, { kind, days: 90, now: NOW + 3_600_000 });
    expect(again.claimed).toBe(false);
    const next = await runRetention(t.app.db, { kind, days: 90, now: NOW + DAY_MS });
    expect(next.claimed).toBe(true);
    expect(next.keptFrom).toBe(kind === 'pglite' ? CUTOFF + DAY_MS : MARCH);
    if (kind === 'pglite') expect(await rawCount(meter)).toBe(await rawCount(meter, CUTOFF + DAY_MS));
  });

  it('makes the partitions of the injected clock’s months at start', async () => {
    const clock = new TestClock('2032-01-10T08:00:00Z');
    const stop = startTelemetryRetention({
      db: () => t.app.db,
      kind,
      days: 90,
      clock,
      log: pino({ level: 'silent' }),
    });
    await stop();
    const names = (await rawPartitions(t.app.db)).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['telemetry_raw_p203110', 'telemetry_raw_p203112', 'telemetry_raw_p203202']),
    );
    // December's reading moved out of the default partition into its month.
    expect(await inDefault()).toBe(0);
    const [moved] = rowsOf(
      await t.app.db.execute(
        sql`select count(*)::int as n from telemetry_raw_p203112 where device_id = ${sensor}`,
      ),
    );
    expect(moved).toEqual({ n: 1 });
  });
});

async function inDefault(): Promise<number> {
  const [row] = rowsOf(await t.app.db.execute(sql`select count(*)::int as n from telemetry_raw_default`));
  return Number(Reflect.get(Object(row), 'n'));
}

describe('the partitioning migration', () => {
  it('moves the rows of an unpartitioned telemetry_raw into monthly partitions', async () => {
    // Found by its name, whatever number the migration gets.
    const folder = new URL('../../../drizzle/', import.meta.url);
    const name = fs.readdirSync(folder).find((f) => f.endsWith('_telemetry_raw_partitions.sql'));
    if (!name) throw new Error('no telemetry_raw_partitions migration');
    const statements = fs
      .readFileSync(new URL(name, folder), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    const found = await t.app.db.transaction(async (tx) => {
      // The table as it was before the migration, in a schema of its own.
      await tx.execute(sql`create schema retention_migration`);
      await tx.execute(sql`set local search_path to retention_migration`);
      await tx.execute(sql`
        create table telemetry_raw (device_id integer not null, key text not null,
          ts timestamp with time zone not null, num double precision, txt text,
          constraint telemetry_raw_device_id_key_ts_pk primary key (device_id, key, ts))`);
      await tx.execute(sql`
        insert into telemetry_raw values
          (1, 'energy', '2025-01-31T23:59:59Z', 10, null), (1, 'energy', '2025-02-01T00:00:00Z', 11, null),
          (2, 'mode', '2025-05-10T10:00:00Z', null, 'cool'), (2, 'temperature', '2030-12-01T00:00:00Z', 20, null)`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
      const rows = rowsOf(
        await tx.execute(sql`
          select tableoid::regclass::text as part, device_id, key, num, txt from telemetry_raw order by ts`),
      );
      const partitioned = rowsOf(
        await tx.execute(sql`
          select count(*)::int as n from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
          join pg_namespace s on s.oid = c.relnamespace
          where c.relname = 'telemetry_raw' and s.nspname = 'retention_migration'`),
      );
      // The primary key still makes a redelivery a no-op.
      const again = rowsOf(
        await tx.execute(sql`
          insert into telemetry_raw values (1, 'energy', '2025-02-01T00:00:00Z', 99, null)
          on conflict (device_id, key, ts) do nothing returning device_id`),
      );
      await tx.execute(sql`set local search_path to public`);
      await tx.execute(sql`drop schema retention_migration cascade`);
      return { rows, partitioned, again };
    });
    expect(found.rows).toEqual([
      { part: 'telemetry_raw_p202501', device_id: 1, key: 'energy', num: 10, txt: null },
      { part: 'telemetry_raw_p202502', device_id: 1, key: 'energy', num: 11, txt: null },
      { part: 'telemetry_raw_p202505', device_id: 2, key: 'mode', num: null, txt: 'cool' },
      { part: 'telemetry_raw_p203012', device_id: 2, key: 'temperature', num: 20, txt: null },
    ]);
    expect(found.partitioned).toEqual([{ n: 1 }]);
    expect(found.again).toEqual([]);
  });
});
