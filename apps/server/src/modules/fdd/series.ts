import { sql } from 'drizzle-orm';
import type { FddRuleParams } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { rowsOf } from '../../platform/db/rows.js';
import { describeInstant, inWorkingPeriod } from '../calendar/index.js';
import { ENERGY_KEYS, HOUR_MS, hourlyEnergy } from '../energy/index.js';
import { median } from './readings.js';
import type { BaseLoadHour, CounterJump } from './rules.js';

/*
 * What the series rules read (issue 38): readings over time rather than the latest ones. Each query is
 * bounded by its window (the last hour of switch readings, a day of hourly rollups, the baseline's days of
 * hourly rollups once an hour), so a round stays a few statements however long a campus has run.
 */

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
/** A timestamp column of a raw statement: a Date from node-postgres, else its text. */
const instant = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** Each air conditioner's starts (a report of on after one of off) over the hour before `now`. */
export async function startsLastHour(
  db: Db,
  acIds: readonly number[],
  now: Date,
): Promise<Map<number, number>> {
  if (acIds.length === 0) return new Map();
  const since = new Date(now.getTime() - HOUR_MS);
  // The reading just before the hour too, so a start at the hour's first report counts.
  const result = await db.execute(sql`
    select device_id, count(*) filter (where num = 1 and prev = 0) as starts
    from (
      select device_id, ts, num, lag(num) over (partition by device_id order by ts) as prev
      from telemetry_raw
      where key = 'onOff' and device_id in ${sql.raw(`(${acIds.map(Number).join(',')})`)}
        and ts >= ${new Date(since.getTime() - HOUR_MS).toISOString()} and ts <= ${now.toISOString()}
    ) t
    where ts >= ${since.toISOString()}
    group by device_id`);
  return new Map(rowsOf(result).map((r) => [num(r.device_id), num(r.starts)]));
}

/**
 * Energy counters that moved too far within the day before `now`: an hour whose consumption (the rollups'
 * delta, where a drop counts as a reset and so adds the whole new reading) is more than `maxKw` could draw,
 * with the largest step between two readings of that hour (the jump, or the drop).
 */
export async function counterJumps(
  db: Db,
  meterIds: readonly number[],
  params: FddRuleParams['counterJump'],
  now: Date,
): Promise<CounterJump[]> {
  if (meterIds.length === 0) return [];
  const ids = sql.raw(`(${meterIds.map(Number).join(',')})`);
  const keys = sql.raw(`(${ENERGY_KEYS.map((k) => `'${k}'`).join(',')})`);
  const hours = rowsOf(
    await db.execute(sql`
      select device_id, key, bucket from telemetry_hourly
      where device_id in ${ids} and key in ${keys}
        and bucket >= ${new Date(now.getTime() - 24 * HOUR_MS).toISOString()} and delta > ${params.maxKw}
      order by bucket desc`),
  );
  const jumps: CounterJump[] = [];
  const seen = new Set<number>();
  for (const hour of hours) {
    const deviceId = num(hour.device_id);
    if (seen.has(deviceId)) continue;
    seen.add(deviceId);
    const bucket = instant(hour.bucket);
    const key = String(hour.key);
    const [step] = rowsOf(
      await db.execute(sql`
        select ts, prev, num from (
          select ts, num, lag(num) over (order by ts) as prev from telemetry_raw
          where device_id = ${deviceId} and key = ${key}
            and ts >= ${new Date(bucket.getTime() - HOUR_MS).toISOString()}
            and ts < ${new Date(bucket.getTime() + HOUR_MS).toISOString()}
        ) t
        where prev is not null and ts >= ${bucket.toISOString()}
        order by abs(num - prev) desc
        limit 1`),
    );
    if (!step) continue;
    jumps.push({
      deviceId,
      key,
      from: num(step.prev),
      to: num(step.num),
      at: instant(step.ts).toISOString(),
    });
  }
  return jumps;
}

/** The hour judged: the last whole UTC hour before `now`. */
export function lastWholeHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
}

/** Base loads a project's rounds already read, by project and hour: read once an hour, not once a round. */
const baseLoadMemo = new Map<string, BaseLoadHour[]>();

/**
 * Each meter channel's consumption in the last whole hour when that hour was outside the project's work
 * hours (every zone type's WORK periods: nights, weekends, holidays), with its baseline: the median of the
 * same UTC hour on the `baselineDays` days before that were outside work hours too (none when fewer than 3
 * such hours have readings). Nothing during work hours.
 */
export async function baseLoads(
  db: Db,
  project: { id: number; tenantId: number },
  scope: Scope,
  meterIds: readonly number[],
  params: FddRuleParams['baseLoad'],
  now: Date,
): Promise<BaseLoadHour[]> {
  if (meterIds.length === 0) return [];
  const hour = lastWholeHour(now);
  const memoKey = `${project.id}:${hour.toISOString()}:${meterIds.join(',')}:${params.baselineDays}`;
  const memo = baseLoadMemo.get(memoKey);
  if (memo) return memo;
  const outsideWork = async (start: number) =>
    !inWorkingPeriod(await describeInstant(db, scope, project.id, new Date(start + HOUR_MS / 2)), 'WORK');
  let out: BaseLoadHour[] = [];
  if (await outsideWork(hour.getTime())) {
    const earlier: number[] = [];
    for (let day = 1; day <= params.baselineDays; day += 1) {
      const start = hour.getTime() - day * 24 * HOUR_MS;
      if (await outsideWork(start)) earlier.push(start);
    }
    const rows = await hourlyEnergy(
      db,
      meterIds,
      hour.getTime() - params.baselineDays * 24 * HOUR_MS,
      hour.getTime() + HOUR_MS,
    );
    const wanted = new Set(earlier);
    out = meterIds.flatMap((deviceId) => {
      const own = rows.filter((r) => r.deviceId === deviceId);
      const current = own.find((r) => r.bucket.getTime() === hour.getTime());
      const past = own.filter((r) => wanted.has(r.bucket.getTime())).map((r) => r.delta);
      if (!current || past.length < 3) return [];
      return [
        {
          deviceId,
          hour: hour.toISOString(),
          kwh: current.delta,
          baselineKwh: median(past),
          samples: past.length,
        },
      ];
    });
  }
  // Only this hour's answers are kept.
  for (const k of baseLoadMemo.keys()) if (k.startsWith(`${project.id}:`)) baseLoadMemo.delete(k);
  baseLoadMemo.set(memoKey, out);
  return out;
}
