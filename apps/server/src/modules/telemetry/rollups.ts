import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';

/** A stored reading as the rollups see it. */
export interface Reading {
  deviceId: number;
  key: string;
  /** Milliseconds since the epoch. */
  ts: number;
  value: number | string | boolean;
}

export interface RollupRow {
  deviceId: number;
  key: string;
  /** The UTC hour's start (ISO) for hourly rows, the local date 'YYYY-MM-DD' for daily rows. */
  bucket: string;
  count: number;
  sum: number;
  min: number;
  max: number;
  delta: number;
}

/** Cumulative counters whose consumption is summed: an ammeter's energy, per channel on the wire. */
export function isCounterKey(key: string): boolean {
  return /^energy[1-4]?$/.test(key);
}

const HOUR_MS = 3_600_000;
const QUARTER_MS = 900_000;

function numeric(value: Reading['value']): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return null;
}

/** One series' buckets in a batch: hourly by hour since the epoch, daily by local date. */
interface SeriesBuckets {
  hourly: Map<number, RollupRow>;
  daily: Map<string, RollupRow>;
}

function fresh(deviceId: number, key: string, bucket: string, value: number, delta: number): RollupRow {
  return { deviceId, key, bucket, count: 1, sum: value, min: value, max: value, delta };
}

function accumulate(row: RollupRow, value: number, delta: number): void {
  row.count += 1;
  row.sum += value;
  if (value < row.min) row.min = value;
  if (value > row.max) row.max = value;
  row.delta += delta;
}

/**
 * Turns newly stored readings into hourly and daily rollup increments. It remembers each counter's last
 * reading (seeded from device_latest) and each device's project time zone. `build` answers the rows and
 * the counters' new last readings, which the caller keeps (`remember`) only once its transaction committed.
 * A counter reading older than the last one known adds no consumption: history is written oldest first
 * (the simulator's backfill does), a late straggler would otherwise count twice.
 */
export class RollupBuilder {
  private readonly lastCounter = new Map<string, { ts: number; value: number }>();
  /** Each device's project time zone. */
  private readonly zoneOf = new Map<number, string>();
  private readonly formats = new Map<string, Intl.DateTimeFormat>();
  /** Local dates by zone, then quarter hour: every real UTC offset is a whole number of quarter hours. */
  private readonly days = new Map<string, Map<number, string>>();
  /** Hour starts as ISO strings, by hour since the epoch. */
  private readonly hours = new Map<number, string>();

  /** Loads what `build` needs for these readings and is not known yet. */
  async prepare(db: Db, readings: readonly Reading[]): Promise<void> {
    const unknownDevices = new Set<number>();
    const counters = new Set<number>();
    for (const { deviceId, key } of readings) {
      if (!this.zoneOf.has(deviceId)) unknownDevices.add(deviceId);
      if (isCounterKey(key) && !this.lastCounter.has(`${deviceId}:${key}`)) counters.add(deviceId);
    }
    if (unknownDevices.size > 0) {
      const zones = await db
        .select({ id: devices.id, timeZone: projects.timeZone })
        .from(devices)
        .innerJoin(projects, sql`${projects.id} = ${devices.projectId}`)
        .where(inArray(devices.id, [...unknownDevices]));
      for (const { id, timeZone } of zones) this.zoneOf.set(id, timeZone);
    }
    if (counters.size > 0) {
      const latest = await db
        .select()
        .from(deviceLatest)
        .where(inArray(deviceLatest.deviceId, [...counters]));
      for (const row of latest) {
        const id = `${row.deviceId}:${row.key}`;
        if (isCounterKey(row.key) && typeof row.value === 'number' && !this.lastCounter.has(id)) {
          this.lastCounter.set(id, { ts: row.ts.getTime(), value: row.value });
        }
      }
    }
  }

  build(readings: readonly Reading[]): {
    hourly: RollupRow[];
    daily: RollupRow[];
    counters: Map<string, { ts: number; value: number }>;
  } {
    const counters = new Map<string, { ts: number; value: number }>();
    // Only counters depend on order (each increment is measured from the reading before it).
    const deltas = new Map<Reading, number>();
    const counterReadings = readings.filter((r) => isCounterKey(r.key)).sort((a, b) => a.ts - b.ts);
    for (const reading of counterReadings) {
      const value = numeric(reading.value);
      if (value === null) continue;
      const id = `${reading.deviceId}:${reading.key}`;
      const last = counters.get(id) ?? this.lastCounter.get(id);
      if (last && reading.ts > last.ts) deltas.set(reading, value >= last.value ? value - last.value : value);
      if (!last || reading.ts > last.ts) counters.set(id, { ts: reading.ts, value });
    }
    // Buckets by device, then key: tens of thousands of readings a second, so no key text is built per
    // reading (numbers and the parsed keys hash as they are).
    const series = new Map<number, Map<string, SeriesBuckets>>();
    const hourly: RollupRow[] = [];
    const daily: RollupRow[] = [];
    for (const reading of readings) {
      const value = numeric(reading.value);
      if (value === null) continue;
      const { deviceId, key, ts } = reading;
      const delta = deltas.get(reading) ?? 0;
      let byKey = series.get(deviceId);
      if (!byKey) series.set(deviceId, (byKey = new Map()));
      let buckets = byKey.get(key);
      if (!buckets) byKey.set(key, (buckets = { hourly: new Map(), daily: new Map() }));
      const hour = Math.floor(ts / HOUR_MS);
      const inHour = buckets.hourly.get(hour);
      if (inHour) accumulate(inHour, value, delta);
      else {
        const row = fresh(deviceId, key, this.hourOf(hour), value, delta);
        buckets.hourly.set(hour, row);
        hourly.push(row);
      }
      const day = this.dayOf(this.zoneOf.get(deviceId) ?? 'UTC', ts);
      const inDay = buckets.daily.get(day);
      if (inDay) accumulate(inDay, value, delta);
      else {
        const row = fresh(deviceId, key, day, value, delta);
        buckets.daily.set(day, row);
        daily.push(row);
      }
    }
    return { hourly, daily, counters };
  }

  /** The hour's start (ISO) of an hour since the epoch. */
  private hourOf(index: number): string {
    const cached = this.hours.get(index);
    if (cached) return cached;
    const hour = new Date(index * HOUR_MS).toISOString();
    if (this.hours.size > 100_000) this.hours.clear();
    this.hours.set(index, hour);
    return hour;
  }

  private dayOf(zone: string, ts: number): string {
    let days = this.days.get(zone);
    if (!days) this.days.set(zone, (days = new Map()));
    const quarter = Math.floor(ts / QUARTER_MS);
    const cached = days.get(quarter);
    if (cached) return cached;
    let format = this.formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      this.formats.set(zone, format);
    }
    const day = format.format(ts);
    if (days.size > 100_000) days.clear();
    days.set(quarter, day);
    return day;
  }

  remember(counters: Map<string, { ts: number; value: number }>): void {
    for (const [id, last] of counters) this.lastCounter.set(id, last);
  }
}

/** The columns of a rollup increment as the JSON text carries them. */
const ROLLUP_RECORD = sql.raw(
  '("deviceId" int, key text, bucket text, count int, sum float8, min float8, max float8, delta float8)',
);

/**
 * A CTE adding increments to one rollup table: its bucket column and the bucket's type are what tell the
 * hourly table from the daily one (names are constants of this file, never input).
 */
function addIncrements(
  name: string,
  table: string,
  bucketColumn: string,
  bucketType: string,
  rows: readonly RollupRow[],
  only: SQL,
): SQL {
  const [cte, into, column, type] = [name, table, bucketColumn, bucketType].map((s) => sql.raw(s));
  return sql`
    ${cte} as (
      insert into ${into} as r (device_id, key, ${column}, count, sum, min, max, delta)
      select "deviceId", key, bucket::${type}, count, sum, min, max, delta
      from json_to_recordset(${JSON.stringify(rows)}::json) as ${ROLLUP_RECORD}
      ${only}
      on conflict (device_id, key, ${column}) do update set
        count = r.count + excluded.count, sum = r.sum + excluded.sum, min = least(r.min, excluded.min),
        max = greatest(r.max, excluded.max), delta = r.delta + excluded.delta
    )`;
}

/**
 * Two CTEs (`hourly_added`, `daily_added`) adding rollup increments to telemetry_hourly and telemetry_daily,
 * each set as one JSON text (serialised natively, not escaped element by element). With `devicesIn` (a
 * subquery of device ids) only those devices' rows are added: the writer's statement passes the devices
 * that still exist, so a reading of a device deleted meanwhile feeds nothing.
 */
export function rollupUpserts(
  hourly: readonly RollupRow[],
  daily: readonly RollupRow[],
  devicesIn?: SQL,
): SQL {
  const only = devicesIn ? sql`where "deviceId" in ${devicesIn}` : sql``;
  return sql`
    ${addIncrements('hourly_added', 'telemetry_hourly', 'bucket', 'timestamptz', hourly, only)},
    ${addIncrements('daily_added', 'telemetry_daily', 'day', 'date', daily, only)}`;
}

/** Adds rollup increments in a statement of their own (see rollupUpserts). */
export async function upsertRollups(
  db: Db,
  hourly: readonly RollupRow[],
  daily: readonly RollupRow[],
): Promise<void> {
  if (hourly.length === 0 && daily.length === 0) return;
  await db.execute(sql`with ${rollupUpserts(hourly, daily)} select 1`);
}
