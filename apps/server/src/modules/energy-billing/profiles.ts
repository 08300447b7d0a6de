import { sql } from 'drizzle-orm';
import { TOU_PERIODS, type Tariff } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { addDays, hourlyEnergy, localClock, localDate, localMidnight } from '../energy/index.js';
import { emptyPeriods, hourMap, inForce, splitDay, totalKwh, type PeriodKwh } from './pricing.js';
import { energyDayPeriods } from './tables.js';
import { workdaysOf } from './tariffs.js';

/** What a day is split by: the plan in force and its hour map. */
export interface DaySplit {
  date: string;
  tariffId: number | null;
  map: string;
}

/** The split of each date from `from` to `to` (inclusive) under the plans and the project's calendar. */
export async function daySplits(
  db: Db,
  projectId: number,
  tariffs: readonly Tariff[],
  from: string,
  to: string,
): Promise<DaySplit[]> {
  const describe = await workdaysOf(db, projectId, from, to);
  const out: DaySplit[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const tariff = inForce(tariffs, date);
    out.push({
      date,
      tariffId: tariff?.id ?? null,
      map: hourMap(tariff, Number(date.slice(5, 7)), describe(date).workday),
    });
  }
  return out;
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
}

/**
 * Makes sure every (channel, day) with consumption in the days has its split by period stored under the
 * day's current split: the rows missing or stale (another plan or map, or another daily total than the
 * daily rollups' now) are split again from the hourly rollups. Each day is split once; later requests read
 * the small table.
 */
export async function ensureProfiles(
  db: Db,
  zone: string,
  ids: readonly number[],
  splits: readonly DaySplit[],
): Promise<void> {
  if (ids.length === 0 || splits.length === 0) return;
  const first = splits[0]?.date ?? '';
  const last = splits.at(-1)?.date ?? '';
  const expected = JSON.stringify(splits.map((s) => ({ d: s.date, t: s.tariffId, m: s.map })));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // The daily totals that no stored split matches (same day, map, plan and total): a set difference, which
  // the planner hashes (a join against the expected days ran as a nested loop, seconds for a year).
  const stale = rowsOf(
    await db.execute(sql`
      with e as (select * from json_to_recordset(${expected}::json) as x(d date, t int, m text)),
      daily as (
        select device_id, day, sum(delta) as kwh from telemetry_daily
        where device_id in (${idList})
          and key in ('energy', 'energy1', 'energy2', 'energy3', 'energy4')
          and day between ${first}::date and ${last}::date
        group by device_id, day
      ),
      cached as (
        select c.device_id, c.day, c.kwh from energy_day_periods c
        where c.device_id in (${idList}) and c.day between ${first}::date and ${last}::date
          and (c.day, c.hour_map, coalesce(c.tariff_id, 0)) in (select d, m, coalesce(t, 0) from e)
      ),
      changed as (select device_id, day, kwh from daily except select device_id, day, kwh from cached)
      select device_id as "deviceId", to_char(day, 'YYYY-MM-DD') as "day", kwh as "kwh" from changed`),
  ).map((r) => ({ deviceId: Number(r.deviceId), day: String(r.day), kwh: Number(r.kwh) }));
  if (stale.length === 0) return;

  const splitOf = new Map(splits.map((s) => [s.date, s]));
  const staleDays = stale.map((s) => s.day).sort();
  const start = localMidnight(staleDays[0] ?? first, zone);
  const end = localMidnight(addDays(staleDays.at(-1) ?? last, 1), zone);
  const staleIds = [...new Set(stale.map((s) => s.deviceId))];
  const hourly = await hourlyEnergy(db, staleIds, start, end);
  // Local date and hour of each UTC hour start (computed once per hour, not per row).
  const place = new Map<number, { day: string; hour: number }>();
  const byDeviceDay = new Map<string, Map<number, number>>();
  for (const row of hourly) {
    const ms = row.bucket.getTime();
    let at = place.get(ms);
    if (!at) {
      at = { day: localDate(ms, zone), hour: Number(localClock(ms, zone).slice(0, 2)) };
      place.set(ms, at);
    }
    const key = `${row.deviceId}|${at.day}`;
    let hours = byDeviceDay.get(key);
    if (!hours) byDeviceDay.set(key, (hours = new Map()));
    hours.set(at.hour, (hours.get(at.hour) ?? 0) + row.delta);
  }
  const values = stale.map((s) => {
    const split = splitOf.get(s.day);
    const map = split?.map ?? 'F'.repeat(24);
    const kwh: PeriodKwh = splitDay(byDeviceDay.get(`${s.deviceId}|${s.day}`) ?? new Map(), map);
    // What the hourly rollups cannot place (they disagree with the daily total) is priced as flat.
    kwh.flat += s.kwh - totalKwh(kwh);
    return {
      deviceId: s.deviceId,
      day: s.day,
      tariffId: split?.tariffId ?? null,
      hourMap: map,
      kwh: s.kwh,
      ...kwh,
    };
  });
  for (let i = 0; i < values.length; i += 2000) {
    await db
      .insert(energyDayPeriods)
      .values(values.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [energyDayPeriods.deviceId, energyDayPeriods.day],
        set: {
          tariffId: sql`excluded.tariff_id`,
          hourMap: sql`excluded.hour_map`,
          kwh: sql`excluded.kwh`,
          sharp: sql`excluded.sharp`,
          peak: sql`excluded.peak`,
          flat: sql`excluded.flat`,
          valley: sql`excluded.valley`,
          deepValley: sql`excluded.deep_valley`,
        },
      });
  }
}

/** A stretch of days under one plan and one emission factor, inside one calendar month. */
export interface Stretch {
  from: string;
  to: string;
  month: string;
  tariff: Tariff | null;
  kgPerKwh: number;
}

/** The range cut at month starts, plan changes and factor changes, in time order. */
export function stretchesOf(
  from: string,
  to: string,
  tariffs: readonly Tariff[],
  factors: readonly { validFrom: string; kgPerKwh: number }[],
  alsoAt: readonly string[] = [],
): Stretch[] {
  const cuts = new Set<string>(alsoAt.filter((d) => d > from && d <= to));
  for (const t of tariffs) if (t.validFrom > from && t.validFrom <= to) cuts.add(t.validFrom);
  for (const f of factors) if (f.validFrom > from && f.validFrom <= to) cuts.add(f.validFrom);
  for (let m = `${from.slice(0, 7)}-01`; m <= to;) {
    const next = nextMonth(m);
    if (next > from && next <= to) cuts.add(next);
    m = next;
  }
  const starts = [from, ...[...cuts].sort()];
  return starts.map((start, i) => {
    const next = starts[i + 1];
    return {
      from: start,
      to: next === undefined ? to : addDays(next, -1),
      month: start.slice(0, 7),
      tariff: inForce(tariffs, start),
      kgPerKwh: inForce(factors, start)?.kgPerKwh ?? 0,
    };
  });
}

function nextMonth(date: string): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** kWh by period of each channel in each stretch (index into `stretches`), from the stored splits. */
export async function stretchUsage(
  db: Db,
  ids: readonly number[],
  stretches: readonly Stretch[],
): Promise<Map<number, PeriodKwh[]>> {
  const out = new Map<number, PeriodKwh[]>();
  if (ids.length === 0 || stretches.length === 0) return out;
  const segs = JSON.stringify(stretches.map((s, i) => ({ i, f: s.from, t: s.to })));
  const rows = rowsOf(
    await db.execute(sql`
      select c.device_id as "deviceId", s.i as "i", sum(c.sharp) as "sharp", sum(c.peak) as "peak",
        sum(c.flat) as "flat", sum(c.valley) as "valley", sum(c.deep_valley) as "deepValley"
      from energy_day_periods c
      join json_to_recordset(${segs}::json) as s(i int, f date, t date) on c.day between s.f and s.t
      where c.device_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by c.device_id, s.i`),
  );
  for (const row of rows) {
    const deviceId = Number(row.deviceId);
    let list = out.get(deviceId);
    if (!list) out.set(deviceId, (list = stretches.map(() => emptyPeriods())));
    const kwh = list[Number(row.i)];
    if (!kwh) continue;
    for (const p of TOU_PERIODS) kwh[p] = Number(row[p] ?? 0);
  }
  return out;
}
