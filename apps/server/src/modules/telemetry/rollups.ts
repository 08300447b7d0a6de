import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { localDate } from '../../platform/local-date.js';

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

function fresh(deviceId: number, key: string, bucket: string, value: number): RollupRow {
  return { deviceId, key, bucket, count: 1, sum: value, min: value, max: value, delta: 0 };
}

function accumulate(row: RollupRow, value: number): void {
  row.count += 1;
  row.sum += value;
  if (value < row.min) row.min = value;
  if (value > row.max) row.max = value;
}

/**
 * A counter reading as the statement sees it: device, key, time (ms), value, and its hourly and daily buckets
 * (the buckets are worked out here, where the project's time zone is known).
 */
export interface CounterReading {
  d: number;
  k: string;
  t: number;
  v: number;
  h: string;
  day: string;
}

/** What `build` answers: rollup increments (their `delta` 0) and the counter readings the SQL measures. */
export interface BuiltRollups {
  hourly: RollupRow[];
  daily: RollupRow[];
  counters: CounterReading[];
}

/**
 * Turns newly stored readings into hourly and daily rollup increments. It remembers each device's project
 * time zone. Counter consumption (`delta`) is not known here: it depends on the counter's last stored
 * reading, which another node may be moving on at the same moment, so the statement computes it from the
 * row it locks (see rollupUpserts). A counter reading older than the last one stored adds no consumption:
 * history is written oldest first (the simulator's backfill does), a late straggler would otherwise count
 * twice.
 */
export class RollupBuilder {
  /** Each device's project time zone. */
  private readonly zoneOf = new Map<number, string>();
  /** Local dates by zone, then quarter hour: every real UTC offset is a whole number of quarter hours. */
  private readonly days = new Map<string, Map<number, string>>();
  /** Hour starts as ISO strings, by hour since the epoch. */
  private readonly hours = new Map<number, string>();

  /** Loads what `build` needs for these readings and is not known yet. */
  async prepare(db: Db, readings: readonly Reading[]): Promise<void> {
    const unknownDevices = new Set<number>();
    for (const { deviceId } of readings) {
      if (!this.zoneOf.has(deviceId)) unknownDevices.add(deviceId);
    }
    if (unknownDevices.size > 0) {
      const zones = await db
        .select({ id: devices.id, timeZone: projects.timeZone })
        .from(devices)
        .innerJoin(projects, sql`${projects.id} = ${devices.projectId}`)
        .where(inArray(devices.id, [...unknownDevices]));
      for (const { id, timeZone } of zones) this.zoneOf.set(id, timeZone);
    }
  }

  build(readings: readonly Reading[]): BuiltRollups {
    // Buckets by device, then key: tens of thousands of readings a second, so no key text is built per
    // reading (numbers and the parsed keys hash as they are).
    const series = new Map<number, Map<string, SeriesBuckets>>();
    const hourly: RollupRow[] = [];
    const daily: RollupRow[] = [];
    const counters: CounterReading[] = [];
    for (const reading of readings) {
      const value = numeric(reading.value);
      if (value === null) continue;
      const { deviceId, key, ts } = reading;
      let byKey = series.get(deviceId);
      if (!byKey) series.set(deviceId, (byKey = new Map()));
      let buckets = byKey.get(key);
      if (!buckets) byKey.set(key, (buckets = { hourly: new Map(), daily: new Map() }));
      const hour = Math.floor(ts / HOUR_MS);
      let inHour = buckets.hourly.get(hour);
      if (inHour) accumulate(inHour, value);
      else {
        inHour = fresh(deviceId, key, this.hourOf(hour), value);
        buckets.hourly.set(hour, inHour);
        hourly.push(inHour);
      }
      const day = this.dayOf(this.zoneOf.get(deviceId) ?? 'UTC', ts);
      const inDay = buckets.daily.get(day);
      if (inDay) accumulate(inDay, value);
      else {
        const row = fresh(deviceId, key, day, value);
        buckets.daily.set(day, row);
        daily.push(row);
      }
      if (isCounterKey(key)) counters.push({ d: deviceId, k: key, t: ts, v: value, h: inHour.bucket, day });
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
    const day = localDate(ts, zone);
    if (days.size > 100_000) days.clear();
    days.set(quarter, day);
    return day;
  }
}

/** The columns of a rollup increment as the JSON text carries them. */
const ROLLUP_RECORD = sql.raw(
  '("deviceId" int, key text, bucket text, count int, sum float8, min float8, max float8, delta float8)',
);

/**
 * A CTE adding increments to one rollup table: its bucket column and the bucket's type are what tell the
 * hourly table from the daily one (names are constants of this file, never input). `deltas` names the CTE
 * of the counters' consumption by bucket (columns d, k, b, delta), if the batch has counter readings.
 * Rows go in key order, so two statements adding to the same rows lock them in the same order.
 */
function addIncrements(
  name: string,
  table: string,
  bucketColumn: string,
  bucketType: string,
  rows: readonly RollupRow[],
  only: SQL,
  deltas: string | null,
): SQL {
  const [cte, into, column, type] = [name, table, bucketColumn, bucketType].map((s) => sql.raw(s));
  const delta = deltas ? sql`n.delta + coalesce(x.delta, 0)` : sql`n.delta`;
  const join = deltas
    ? sql`left join ${sql.raw(deltas)} x on x.d = n."deviceId" and x.k = n.key and x.b = n.bucket`
    : sql``;
  return sql`
    ${cte} as (
      insert into ${into} as r (device_id, key, ${column}, count, sum, min, max, delta)
      select n."deviceId", n.key, n.bucket::${type}, n.count, n.sum, n.min, n.max, ${delta}
      from json_to_recordset(${JSON.stringify(rows)}::json) as n${ROLLUP_RECORD}
      ${join}
      ${only}
      order by 1, 2, 3
      on conflict (device_id, key, ${column}) do update set
        count = r.count + excluded.count, sum = r.sum + excluded.sum, min = least(r.min, excluded.min),
        max = greatest(r.max, excluded.max), delta = r.delta + excluded.delta
    )`;
}

/**
 * CTEs measuring the consumption of a batch's counter readings from each counter's last stored reading
 * (telemetry_counters), by hourly (`hour_deltas`) and daily (`day_deltas`) bucket.
 * - `counted` upserts each counter's newest reading and answers the reading stored before it. The upsert
 *   locks the row and reads its newest committed version (a writer on another node waits for this one, then
 *   measures from what this one stored), so no increment is counted twice and none is lost. A counter
 *   without a row yet starts from its latest value (device_latest) as it was before this statement.
 * - Readings not newer than the stored one add nothing (a straggler, or a reading another node measured);
 *   each other one adds its increment over the reading before it, a drop counting as a meter reset (the new
 *   value is the increment).
 */
function counterDeltas(counters: readonly CounterReading[], only: SQL): SQL {
  return sql`
    counter_in as (
      select d, k, to_timestamp(t / 1000) as ts, v, h, day
      from json_to_recordset(${JSON.stringify(counters)}::json)
        as (d int, k text, t float8, v float8, h text, day text)
      ${only}
    ),
    counted as (
      insert into telemetry_counters as c (device_id, key, ts, value, prev_ts, prev_value)
      select distinct on (i.d, i.k) i.d, i.k, i.ts, i.v,
        case when jsonb_typeof(l.value) = 'number' then l.ts end,
        case when jsonb_typeof(l.value) = 'number' then (l.value #>> '{}')::float8 end
      from counter_in i
      left join device_latest l on l.device_id = i.d and l.key = i.k
      order by i.d, i.k, i.ts desc
      on conflict (device_id, key) do update set
        prev_ts = c.ts, prev_value = c.value,
        ts = greatest(c.ts, excluded.ts),
        value = case when excluded.ts > c.ts then excluded.value else c.value end
      returning device_id, key, prev_ts, prev_value
    ),
    counter_steps as (
      select s.d, s.k, s.h, s.day,
        case when s.before is null then 0 when s.v >= s.before then s.v - s.before else s.v end as delta
      from (
        select i.d, i.k, i.h, i.day, i.v,
          coalesce(lag(i.v) over (partition by i.d, i.k order by i.ts), c.prev_value) as before
        from counter_in i
        join counted c on c.device_id = i.d and c.key = i.k
        where c.prev_ts is null or i.ts > c.prev_ts
      ) s
    ),
    hour_deltas as (select d, k, h as b, sum(delta) as delta from counter_steps group by d, k, h),
    day_deltas as (select d, k, day as b, sum(delta) as delta from counter_steps group by d, k, day)`;
}

/**
 * CTEs (`hourly_added`, `daily_added`, and the counters' ones) adding rollup increments to telemetry_hourly
 * and telemetry_daily, each set as one JSON text (serialised natively, not escaped element by element), the
 * counters' consumption measured in the same statement (counterDeltas). With `devicesIn` (a subquery of
 * device ids) only those devices' rows are added: the writer's statement passes the devices that still
 * exist, so a reading of a device deleted meanwhile feeds nothing.
 */
export function rollupUpserts(built: BuiltRollups, devicesIn?: SQL): SQL {
  const only = devicesIn ? sql`where n."deviceId" in ${devicesIn}` : sql``;
  const withCounters = built.counters.length > 0;
  const counters = withCounters
    ? sql`${counterDeltas(built.counters, devicesIn ? sql`where d in ${devicesIn}` : sql``)},`
    : sql``;
  return sql`
    ${counters}
    ${addIncrements('hourly_added', 'telemetry_hourly', 'bucket', 'timestamptz', built.hourly, only, withCounters ? 'hour_deltas' : null)},
    ${addIncrements('daily_added', 'telemetry_daily', 'day', 'date', built.daily, only, withCounters ? 'day_deltas' : null)}`;
}

/** Adds rollup increments in a statement of their own (see rollupUpserts). */
export async function upsertRollups(db: Db, built: BuiltRollups): Promise<void> {
  if (built.hourly.length === 0 && built.daily.length === 0) return;
  await db.execute(sql`with ${rollupUpserts(built)} select 1`);
}

/**
 * Gives every counter of these readings a row in telemetry_counters, from its latest value as stored now
 * (or none). A transaction that moves device_latest on before it measures consumption calls it first, so
 * the measure starts from the reading stored before the transaction.
 */
export async function keepCounterStarts(db: Db, readings: readonly Reading[]): Promise<void> {
  const channels = new Map<string, { d: number; k: string }>();
  for (const { deviceId, key } of readings) {
    if (isCounterKey(key)) channels.set(`${deviceId}:${key}`, { d: deviceId, k: key });
  }
  if (channels.size === 0) return;
  const list = [...channels.values()].sort((a, b) => a.d - b.d || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0));
  await db.execute(sql`
    insert into telemetry_counters (device_id, key, ts, value)
    select i.d, i.k,
      case when jsonb_typeof(l.value) = 'number' then l.ts else '-infinity'::timestamptz end,
      case when jsonb_typeof(l.value) = 'number' then (l.value #>> '{}')::float8 end
    from json_to_recordset(${JSON.stringify(list)}::json) as i(d int, k text)
    join devices on devices.id = i.d
    left join device_latest l on l.device_id = i.d and l.key = i.k
    order by i.d, i.k
    on conflict (device_id, key) do nothing`);
}
