/**
 * Peak demand (issue 22): the highest 15-minute average kW, per meter channel and for a place's channels
 * together, from the stored counter readings (telemetry_raw), split into quarter hours in SQL and kept per
 * channel and local day (`energy_demand_quarters`, `energy_demand_days`), so a bill reads a small table.
 *
 * A quarter hour's average kW is the energy consumed within it × 4. Consumption is known between two
 * consecutive readings of a counter: their difference (a drop is a meter reset and the new reading is the
 * consumption since, the rollup writer's rule), spread evenly over the time between them. So readings every
 * minute give each quarter its own consumption, and a gap in the readings is an average over the gap rather
 * than a spike in the quarter the meter reported again (which the hourly rollups would show).
 */
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { devices } from '../devices/tables.js';
import { addDays, ENERGY_KEYS, localDate, localMidnight } from '../energy/index.js';
import { projects } from '../projects/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';

import { energyDemandDays, energyDemandQuarters } from './tables.js';

export const QUARTER_MS = 900_000;
/** A day whose end is not known yet (today) is split again when its split is older than this. */
export const DEMAND_REFRESH_MS = 5 * 60_000;
/** How far before the range a counter's previous reading is looked for (its first interval in the range). */
const LOOKBACK_MS = 86_400_000;

export interface DemandPeak {
  /** The quarter hour's average kW. */
  kw: number;
  /** The quarter hour's start (ms since the epoch). */
  at: number;
}

export interface QuarterDemand {
  /** The channels together: the quarter hour whose summed consumption was highest (null: no readings). */
  total: DemandPeak | null;
  /** Each channel's own highest quarter hour. */
  byChannel: Map<number, DemandPeak>;
}

/** The rows of a raw query's answer: PGlite answers `{rows}`, postgres.js the rows themselves. */
function resultRows(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  const rows: unknown = result && typeof result === 'object' ? Reflect.get(result, 'rows') : undefined;
  return Array.isArray(rows) ? rows : [];
}

function field(row: unknown, name: string): unknown {
  return row && typeof row === 'object' ? Reflect.get(row, name) : undefined;
}

/** A channel's local day to split: [start, end) in ms. */
interface DaySpan {
  deviceId: number;
  day: string;
  start: number;
  end: number;
}

/**
 * Splits the channels' readings into quarter hours for these local days and stores them (replacing what
 * the days held). One statement: consecutive readings (from a day before to a day after the days, so the
 * intervals crossing their ends are whole) with their consumption, spread over the quarters they cover.
 */
async function splitDays(db: Db, spans: readonly DaySpan[]): Promise<void> {
  if (spans.length === 0) return;
  const r = telemetryRaw;
  const ids = [...new Set(spans.map((x) => x.deviceId))];
  const from = Math.min(...spans.map((x) => x.start)) / 1000;
  const to = Math.max(...spans.map((x) => x.end)) / 1000;
  const list = (values: readonly (number | string)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const wanted = sql.join(
    spans.map((x) => sql`(${x.deviceId}::int, ${x.start / 1000}::float8, ${x.end / 1000}::float8)`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from ${energyDemandQuarters} q
      using (values ${wanted}) as w(device_id, t_from, t_to)
      where q.device_id = w.device_id
        and q.quarter >= to_timestamp(w.t_from) and q.quarter < to_timestamp(w.t_to)`);
    await tx.execute(sql`
      with wanted(device_id, t_from, t_to) as (values ${wanted}),
      readings as (
        select ${r.deviceId} as device_id, extract(epoch from ${r.ts})::float8 as t1, ${r.num} as v1,
          extract(epoch from lag(${r.ts}) over w)::float8 as t0, lag(${r.num}) over w as v0
        from ${r}
        where ${r.deviceId} in (${list(ids)}) and ${r.key} in (${list(ENERGY_KEYS)}) and ${r.num} is not null
          and ${r.ts} >= to_timestamp(${from - LOOKBACK_MS / 1000})
          and ${r.ts} < to_timestamp(${to + LOOKBACK_MS / 1000})
        window w as (partition by ${r.deviceId}, ${r.key} order by ${r.ts})
      ),
      intervals as (
        select device_id, t0, t1, case when v1 >= v0 then v1 - v0 else v1 end as kwh
        from readings
        where t0 is not null and t1 > t0 and t1 > ${from} and t0 < ${to}
      ),
      -- Most intervals (readings seconds apart) lie in one quarter: no series for them.
      shares as (
        select device_id, floor(t0 / 900.0)::bigint as quarter, kwh
        from intervals where floor(t0 / 900.0) = ceil(t1 / 900.0) - 1
        union all
        select i.device_id, q.n,
          i.kwh * (least(i.t1, (q.n + 1) * 900.0) - greatest(i.t0, q.n * 900.0)) / (i.t1 - i.t0)
        from intervals i
        cross join lateral generate_series(
          greatest(floor(i.t0 / 900.0), ${from / 900})::bigint,
          least(ceil(i.t1 / 900.0) - 1, ${to / 900 - 1})::bigint
        ) as q(n)
        where floor(i.t0 / 900.0) < ceil(i.t1 / 900.0) - 1
      ),
      quarters as (
        select device_id, quarter, sum(kwh) as kwh
        from shares
        where quarter >= ${from / 900} and quarter < ${to / 900}
        group by device_id, quarter
      )
      insert into ${energyDemandQuarters} (device_id, quarter, kwh)
      select q.device_id, to_timestamp(q.quarter * 900), q.kwh
      from quarters q
      join wanted w on w.device_id = q.device_id and q.quarter * 900 >= w.t_from and q.quarter * 900 < w.t_to
      on conflict (device_id, quarter) do update set kwh = excluded.kwh`);
  });
}

/**
 * Makes sure the quarter hours of these channels' local days [fromDate, toDate] up to `nowMs` are stored:
 * splits again the days never split, those whose reading count in the daily rollups changed (late
 * readings), and, once their split is `DEMAND_REFRESH_MS` old, those split before the channel's next reading
 * existed (the interval crossing the day's end was unknown: today, or a meter still silent since).
 */
export async function ensureDemand(
  db: Db,
  zone: string,
  deviceIds: readonly number[],
  fromDate: string,
  toDate: string,
  nowMs: number,
): Promise<void> {
  if (deviceIds.length === 0) return;
  const ids = [...deviceIds];
  const days: { day: string; start: number; end: number }[] = [];
  for (let day = fromDate; day <= toDate; day = addDays(day, 1)) {
    const start = localMidnight(day, zone);
    if (start >= nowMs) break;
    days.push({ day, start, end: localMidnight(addDays(day, 1), zone) });
  }
  if (days.length === 0) return;
  // The comparison runs in the database (as profiles.ts ensureProfiles does): only the stale channel-days
  // come back, not a year of every channel's counts and stored days.
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const keys = sql.join(
    ENERGY_KEYS.map((k) => sql`${k}`),
    sql`, `,
  );
  const spans = JSON.stringify(days.map((d) => ({ d: d.day, s: d.start, e: d.end })));
  const result = await db.execute(sql`
    with d as (select * from json_to_recordset(${spans}::json) as x(d date, s float8, e float8)),
    last as (
      select device_id, extract(epoch from max(ts))::float8 * 1000 as ts from telemetry_counters
      where device_id in (${idList}) and key in (${keys})
      group by device_id having isfinite(max(ts))
    ),
    counts as (
      select device_id, day, sum(count)::int as n from telemetry_daily
      where device_id in (${idList}) and key in (${keys}) and day between ${fromDate}::date and ${toDate}::date
      group by device_id, day
    ),
    expected as (
      select last.device_id, d.d as day, d.s, d.e, coalesce(counts.n, 0) as n, last.ts >= d.e as complete
      from last cross join d
      left join counts on counts.device_id = last.device_id and counts.day = d.d
    )
    select x.device_id as "deviceId", to_char(x.day, 'YYYY-MM-DD') as "day", x.s as "start", x.e as "end",
      x.n as "count", x.complete as "complete"
    from expected x
    left join energy_demand_days k on k.device_id = x.device_id and k.day = x.day
    where k.device_id is null or k.source_count <> x.n
      or (not k.complete and ${nowMs}::float8 - extract(epoch from k.split_at)::float8 * 1000 >= ${DEMAND_REFRESH_MS})`);
  const stale: (DaySpan & { count: number; complete: boolean })[] = resultRows(result).map((r) => ({
    deviceId: Number(field(r, 'deviceId')),
    day: String(field(r, 'day')),
    start: Number(field(r, 'start')),
    end: Number(field(r, 'end')),
    count: Number(field(r, 'count')),
    complete: field(r, 'complete') === true,
  }));
  if (stale.length === 0) return;
  await splitDays(db, stale);
  await db
    .insert(energyDemandDays)
    .values(
      stale.map((x) => ({
        deviceId: x.deviceId,
        day: x.day,
        sourceCount: x.count,
        complete: x.complete,
        splitAt: new Date(nowMs),
      })),
    )
    .onConflictDoUpdate({
      target: [energyDemandDays.deviceId, energyDemandDays.day],
      set: {
        sourceCount: sql`excluded.source_count`,
        complete: sql`excluded.complete`,
        splitAt: sql`excluded.split_at`,
      },
    });
}

/**
 * The peaks of the stored quarter hours starting in [fromMs, toMs) (`ensureDemand` first). Ties go to the
 * earlier quarter. The caller checks the channels are the scope's.
 */
export async function quarterDemand(
  db: Db,
  deviceIds: readonly number[],
  fromMs: number,
  toMs: number,
  coefficients?: ReadonlyMap<number, number>,
): Promise<QuarterDemand> {
  const byChannel = new Map<number, DemandPeak>();
  if (deviceIds.length === 0 || toMs <= fromMs) return { total: null, byChannel };
  const q = energyDemandQuarters;
  const ids = sql.join(
    deviceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // Each channel's weight in the place's quarters: 1, or a virtual meter's +1 / −1.
  const weights = sql.join(
    deviceIds.map((id) => sql`(${id}::int, ${coefficients?.get(id) ?? 1}::float8)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with weights(device_id, w) as (values ${weights}),
    quarters as (
      select ${q.deviceId} as device_id, extract(epoch from ${q.quarter})::float8 as quarter, ${q.kwh} as kwh
      from ${q}
      where ${q.deviceId} in (${ids})
        and ${q.quarter} >= to_timestamp(${fromMs / 1000}) and ${q.quarter} < to_timestamp(${toMs / 1000})
    ),
    per_channel as (
      select distinct on (device_id) device_id, quarter, kwh
      from quarters order by device_id, kwh desc, quarter
    ),
    together as (
      select quarter, sum(kwh * w) as kwh from quarters join weights using (device_id)
      group by quarter order by kwh desc, quarter limit 1
    )
    select device_id, quarter, kwh::float8 as kwh from per_channel
    union all
    select null, quarter, kwh::float8 from together`);
  let total: DemandPeak | null = null;
  for (const row of resultRows(result)) {
    // Rounded to the watt: the spread shares are fractions of readings.
    const kw = Math.round(Number(field(row, 'kwh')) * 4 * 1000) / 1000;
    const peak = { kw, at: Number(field(row, 'quarter')) * 1000 };
    const deviceId = field(row, 'device_id');
    if (deviceId === null || deviceId === undefined) total = peak;
    else byChannel.set(Number(deviceId), peak);
  }
  return { total, byChannel };
}

/** Every project's meter channels, by the project's time zone. */
async function meterChannelsByZone(db: Db): Promise<Map<string, number[]>> {
  const channels = await db
    .select({ id: devices.id, timeZone: projects.timeZone })
    .from(devices)
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .where(eq(devices.category, 'ammeter'));
  const byZone = new Map<string, number[]>();
  for (const c of channels) byZone.set(c.timeZone, [...(byZone.get(c.timeZone) ?? []), c.id]);
  return byZone;
}

/** Days `settleDemandBefore` splits in one `ensureDemand` call (one statement). */
const SETTLE_DAYS = 7;

/**
 * Called by telemetry retention before it removes the raw readings before `untilMs`: every meter channel's
 * local days from its oldest raw reading to the day holding `untilMs` are split (`ensureDemand`, a week at a
 * time, so PGlite is not blocked for long), then marked complete: their readings are going, so they are
 * final and not split again from what is left (a day whose split is older than `DEMAND_REFRESH_MS` and not
 * complete would be). The quarters outlive the raw readings.
 */
export async function settleDemandBefore(db: Db, untilMs: number, nowMs: number): Promise<void> {
  const r = telemetryRaw;
  const keys = sql.join(
    ENERGY_KEYS.map((k) => sql`(${k})`),
    sql`, `,
  );
  for (const [zone, ids] of await meterChannelsByZone(db)) {
    const channels = sql.join(
      ids.map((id) => sql`(${id}::int)`),
      sql`, `,
    );
    // The oldest raw reading of the channels' counters, through the primary key (one probe per counter).
    const oldest = await db.execute(sql`
      select extract(epoch from min(first.ts))::float8 * 1000 as ms
      from (values ${channels}) as d(id) cross join (values ${keys}) as k(key)
      cross join lateral (
        select ${r.ts} as ts from ${r}
        where ${r.deviceId} = d.id and ${r.key} = k.key and ${r.ts} < to_timestamp(${untilMs / 1000})
        order by ${r.ts} limit 1) as first`);
    const ms = Number(field(resultRows(oldest)[0], 'ms'));
    if (!Number.isFinite(ms) || ms <= 0) continue;
    const first = localDate(ms, zone);
    const last = localDate(untilMs - 1, zone);
    for (let from = first; from <= last; from = addDays(from, SETTLE_DAYS)) {
      const to = addDays(from, SETTLE_DAYS - 1);
      await ensureDemand(db, zone, ids, from, to < last ? to : last, nowMs);
    }
    await db
      .update(energyDemandDays)
      .set({ complete: true })
      .where(
        and(
          inArray(energyDemandDays.deviceId, ids),
          between(energyDemandDays.day, first, last),
          eq(energyDemandDays.complete, false),
        ),
      );
  }
}

/**
 * Splits yesterday and today of every project's meter channels every `intervalMs` (and at start), so a bill
 * finds its days split: its first call does not pay for a month of readings. Runs on every node; two nodes
 * splitting the same day write the same quarters.
 */
export function startDemandSplitting(options: {
  db: () => Db;
  log: FastifyBaseLogger;
  intervalMs: number;
  now?: () => number;
}): () => Promise<void> {
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const pass = async () => {
    const db = options.db();
    for (const [zone, ids] of await meterChannelsByZone(db)) {
      if (stopped) return;
      const today = localDate(now(), zone);
      await ensureDemand(db, zone, ids, addDays(today, -1), today, now());
    }
  };
  const tick = () => {
    running = running
      .then(pass)
      .catch((error: unknown) => options.log.error({ err: error }, 'energy: splitting peak demand'));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
