import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { TOU_PERIODS, type Tariff } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { addDays } from '../energy/index.js';
import { emptyPeriods, inForce, type PeriodKwh } from './pricing.js';
import { energyMonthPeriods } from './tables.js';
import { rowsOf } from '../../platform/db/rows.js';
import { ENERGY_KEY_LIST, told, type DaySplit } from './profiles.js';

/*
 * Reading the stored splits: a range cut into stretches (one plan, one emission factor, one calendar month),
 * each stretch's kWh by period summed from the day splits profiles.ts keeps, and whole past months kept as
 * sums (energy_month_periods) so that a long range reads a row per channel-month.
 */

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

/** The first day of the month after `date`'s. */
export function nextMonth(date: string): string {
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

/** A whole past month of the range: its stretches (plan and factor changes) and what its sums depend on. */
export interface WholeMonth {
  month: string;
  stretches: Stretch[];
  key: string;
}

/**
 * The months wholly inside `from`-`to` and wholly before `today` (local dates): the ones whose per-month sums
 * can be kept. Each one's key is made of its days' plan and hour map (the calendar's and the plan's effect)
 * and its stretches' bounds, plans and factors, so a change of any of them makes the kept sums stale.
 */
export function wholeMonths(
  from: string,
  to: string,
  today: string,
  splits: readonly DaySplit[],
  tariffs: readonly Tariff[],
  factors: readonly { validFrom: string; kgPerKwh: number }[],
): WholeMonth[] {
  const out: WholeMonth[] = [];
  for (let m = `${from.slice(0, 7)}-01`; m <= to; m = nextMonth(m)) {
    const last = addDays(nextMonth(m), -1);
    if (m < from || last > to || last >= today) continue;
    const stretches = stretchesOf(m, last, tariffs, factors);
    const days = splits.filter((s) => s.date >= m && s.date <= last);
    const key = createHash('sha1')
      .update(
        JSON.stringify([
          days.map((d) => [d.date, d.tariffId, d.map]),
          stretches.map((s) => [s.from, s.to, s.tariff?.id ?? null, s.kgPerKwh]),
        ]),
      )
      .digest('hex');
    out.push({ month: m, stretches, key });
  }
  return out;
}

/**
 * The whole months whose kept sums still hold for every channel: same key, and the daily rollups' total of
 * the month equal to the total the sums were made from (a late reading changes it). Answers each such month's
 * sums per channel, aligned with its stretches.
 */
export async function keptMonths(
  db: Db,
  ids: readonly number[],
  months: readonly WholeMonth[],
): Promise<Map<string, Map<number, PeriodKwh[]>>> {
  const out = new Map<string, Map<number, PeriodKwh[]>>();
  if (ids.length === 0 || months.length === 0) return out;
  const first = months[0]?.month ?? '';
  const lastMonth = months.at(-1)?.month ?? first;
  const last = addDays(nextMonth(lastMonth), -1);
  const expected = JSON.stringify(months.map((m) => ({ m: m.month, k: m.key })));
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf(
    await db.execute(sql`
      with e as (select * from json_to_recordset(${expected}::json) as x(m date, k text)),
      ids as (select unnest(array[${idList}]::int[]) as id),
      daily as (
        select device_id, date_trunc('month', day)::date as m, sum(delta) as kwh from telemetry_daily
        where device_id in (${idList}) and key in ${ENERGY_KEY_LIST}
          and day between ${first}::date and ${last}::date
        group by device_id, date_trunc('month', day)::date
      ),
      kept as (
        select device_id, month, split_key, kwh, stretches from energy_month_periods
        where device_id in (${idList}) and month between ${first}::date and ${lastMonth}::date
      )
      select to_char(e.m, 'YYYY-MM-DD') as "month", ids.id as "deviceId", kept.stretches as "stretches",
        (kept.split_key is not distinct from e.k
          and abs(kept.kwh - coalesce(daily.kwh, 0)) <= 1e-9 * greatest(1, abs(coalesce(daily.kwh, 0)))) as "ok"
      from e cross join ids
      left join kept on kept.device_id = ids.id and kept.month = e.m
      left join daily on daily.device_id = ids.id and daily.m = e.m`),
  );
  const bad = new Set<string>();
  for (const row of rows) {
    const month = String(row.month);
    if (row.ok !== true) {
      bad.add(month);
      out.delete(month);
      continue;
    }
    if (bad.has(month)) continue;
    let channels = out.get(month);
    if (!channels) out.set(month, (channels = new Map()));
    const raw: unknown = typeof row.stretches === 'string' ? JSON.parse(row.stretches) : row.stretches;
    channels.set(Number(row.deviceId), Array.isArray(raw) ? raw.map(periodsOf) : []);
  }
  return out;
}

function periodsOf(values: unknown): PeriodKwh {
  const kwh = emptyPeriods();
  if (Array.isArray(values)) TOU_PERIODS.forEach((p, i) => (kwh[p] = Number(values[i] ?? 0)));
  return kwh;
}

/**
 * Sums the months' day splits (already made current by `ensureProfiles`) per channel and stretch, keeps them
 * with the months' keys and answers them as `keptMonths` does. The kept total is the day splits' own (the
 * daily totals they were made from), so a reading stored meanwhile shows as a mismatch next time.
 */
export async function keepMonths(
  db: Db,
  ids: readonly number[],
  months: readonly WholeMonth[],
): Promise<Map<string, Map<number, PeriodKwh[]>>> {
  const out = new Map<string, Map<number, PeriodKwh[]>>();
  if (ids.length === 0 || months.length === 0) return out;
  const segs = months.flatMap((m, mi) => m.stretches.map((s, si) => ({ mi, si, f: s.from, t: s.to })));
  const rows = rowsOf(
    await db.execute(sql`
      select c.device_id as "deviceId", s.mi as "mi", s.si as "si", sum(c.kwh) as "kwh",
        sum(c.sharp) as "sharp", sum(c.peak) as "peak", sum(c.flat) as "flat", sum(c.valley) as "valley",
        sum(c.deep_valley) as "deepValley"
      from energy_day_periods c
      join json_to_recordset(${JSON.stringify(segs)}::json) as s(mi int, si int, f date, t date)
        on c.day between s.f and s.t
      where c.device_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by c.device_id, s.mi, s.si`),
  );
  const totals = new Map<string, number>();
  for (const [mi, m] of months.entries()) {
    const channels = new Map<number, PeriodKwh[]>();
    for (const id of ids)
      channels.set(
        id,
        m.stretches.map(() => emptyPeriods()),
      );
    out.set(m.month, channels);
    for (const id of ids) totals.set(`${id}|${mi}`, 0);
  }
  for (const row of rows) {
    const m = months[Number(row.mi)];
    const kwh = m && out.get(m.month)?.get(Number(row.deviceId))?.[Number(row.si)];
    if (!m || !kwh) continue;
    for (const p of TOU_PERIODS) kwh[p] = Number(row[p] ?? 0);
    const key = `${Number(row.deviceId)}|${Number(row.mi)}`;
    totals.set(key, (totals.get(key) ?? 0) + Number(row.kwh ?? 0));
  }
  const values = months.flatMap((m, mi) =>
    ids.map((deviceId) => ({
      deviceId,
      month: m.month,
      splitKey: m.key,
      kwh: totals.get(`${deviceId}|${mi}`) ?? 0,
      stretches: (out.get(m.month)?.get(deviceId) ?? []).map((k) => TOU_PERIODS.map((p) => k[p])),
    })),
  );
  // In key order, as the day splits (splitStale): concurrent keepers lock the rows in the same order.
  values.sort((a, b) => a.deviceId - b.deviceId || (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  for (let i = 0; i < values.length; i += 2000) {
    await db
      .insert(energyMonthPeriods)
      .values(values.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [energyMonthPeriods.deviceId, energyMonthPeriods.month],
        set: {
          splitKey: sql`excluded.split_key`,
          kwh: sql`excluded.kwh`,
          stretches: sql`excluded.stretches`,
        },
      });
  }
  if (values.length > 0) told({ kind: 'months', count: values.length });
  return out;
}
