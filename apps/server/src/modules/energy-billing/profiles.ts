import { sql } from 'drizzle-orm';
import type { Tariff } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { addDays, ENERGY_KEYS, hourlyEnergy, localClock, localDate, localMidnight } from '../energy/index.js';
import { hourMap, inForce, splitDay, totalKwh, type PeriodKwh } from './pricing.js';
import { energyDayPeriods } from './tables.js';
import { workdaysOf } from './tariffs.js';
import { rowsOf } from '../../platform/db/rows.js';

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

/**
 * The energy module's counter keys as an SQL list literal (`('energy', …)`): the keys are constants, written
 * into the statement so that its text, and its plan, stay the same for every call.
 */
export const ENERGY_KEY_LIST = sql.raw(`(${ENERGY_KEYS.map((k) => `'${k}'`).join(', ')})`);

/** A (channel, day) whose stored split is missing or stale, with the daily rollups' total now. */
export interface StaleDay {
  deviceId: number;
  day: string;
  kwh: number;
}

/**
 * What a split is told about (`watchSplits`): channel-days split again, or channel-months whose sums were
 * kept again. For observation only (tests: a call after the warmer's pass splits nothing).
 */
export interface SplitWork {
  kind: 'days' | 'months';
  count: number;
}

const watchers = new Set<(work: SplitWork) => void>();

/** Calls `listener` after each batch of splitting or month keeping in this process; answers its removal. */
export function watchSplits(listener: (work: SplitWork) => void): () => void {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

export function told(work: SplitWork): void {
  for (const listener of watchers) listener(work);
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
  await splitStale(db, zone, await staleDays(db, ids, splits), splits);
}

/** The (channel, day) rows of the days whose stored split is missing or stale (one statement). */
export async function staleDays(
  db: Db,
  ids: readonly number[],
  splits: readonly DaySplit[],
): Promise<StaleDay[]> {
  if (ids.length === 0 || splits.length === 0) return [];
  const first = splits[0]?.date ?? '';
  const last = splits.at(-1)?.date ?? '';
  const expected = JSON.stringify(splits.map((s) => ({ d: s.date, t: s.tariffId, m: s.map })));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // The daily totals that no stored split matches (same day, map, plan and total): a set difference, which
  // the planner hashes (a join against the expected days ran as a nested loop, seconds for a year).
  return rowsOf(
    await db.execute(sql`
      with e as (select * from json_to_recordset(${expected}::json) as x(d date, t int, m text)),
      daily as (
        select device_id, day, sum(delta) as kwh from telemetry_daily
        where device_id in (${idList})
          and key in ${ENERGY_KEY_LIST}
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
}

/** Splits these stale channel-days from their hourly rollups under `splits` (their days' plan and map) and stores them. */
export async function splitStale(
  db: Db,
  zone: string,
  stale: readonly StaleDay[],
  splits: readonly DaySplit[],
): Promise<void> {
  if (stale.length === 0) return;
  const first = splits[0]?.date ?? '';
  const last = splits.at(-1)?.date ?? '';
  const splitOf = new Map(splits.map((s) => [s.date, s]));
  const days = stale.map((s) => s.day).sort();
  const start = localMidnight(days[0] ?? first, zone);
  const end = localMidnight(addDays(days.at(-1) ?? last, 1), zone);
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
  // In key order: writers of overlapping rows (two calls, a call and the warmer) lock them in the same order,
  // so their upserts wait for each other instead of deadlocking on PostgreSQL.
  values.sort((a, b) => a.deviceId - b.deviceId || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
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
  told({ kind: 'days', count: values.length });
}
