import { and, between, gte, inArray, lt, sql } from 'drizzle-orm';
import type { EnergyPeriod, EnergyPoint } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { telemetryDaily, telemetryHourly } from '../telemetry/tables.js';
import {
  addDays,
  datesOf,
  HOUR_MS,
  hoursOf,
  localClock,
  localDate,
  localMidnight,
  monthsOf,
  type LocalRange,
} from './periods.js';

/*
 * Consumption from the rollups, by device and bucket (an hour, a local date, a month), and the board's
 * curve of this period beside the previous one.
 */

/** The counter keys of an ammeter channel (rollups' `delta` is their consumption, meter resets included). */
export const ENERGY_KEYS = ['energy', 'energy1', 'energy2', 'energy3', 'energy4'];

/** Each device's consumption per UTC hour start from the hourly rollups, over [fromMs, toMs). */
export async function hourlyEnergy(
  db: Db,
  ids: readonly number[],
  fromMs: number,
  toMs: number,
): Promise<{ deviceId: number; bucket: Date; delta: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      deviceId: telemetryHourly.deviceId,
      bucket: telemetryHourly.bucket,
      delta: sql<number>`sum(${telemetryHourly.delta})`.mapWith(Number),
    })
    .from(telemetryHourly)
    .where(
      and(
        inArray(telemetryHourly.deviceId, [...ids]),
        inArray(telemetryHourly.key, ENERGY_KEYS),
        gte(telemetryHourly.bucket, new Date(fromMs)),
        lt(telemetryHourly.bucket, new Date(toMs)),
      ),
    )
    .groupBy(telemetryHourly.deviceId, telemetryHourly.bucket);
}

/** Consumption by device and bucket key (an hour start in ms, a date or a month). */
export type Usage = Map<number, Map<string, number>>;

interface Buckets {
  /** Bucket keys in order, as the usage query answers them. */
  keys: string[];
  /** What the curve shows for each key. */
  labels: string[];
  /** When each bucket begins (to leave the future out of the curve). */
  starts: number[];
}

function bucketsOf(period: EnergyPeriod, range: LocalRange, zone: string): Buckets {
  if (period === 'DAY') {
    const hours = hoursOf(range.from, zone);
    return { keys: hours.map(String), labels: hours.map((h) => localClock(h, zone)), starts: hours };
  }
  if (period === 'YEAR') {
    const months = monthsOf(range);
    return { keys: months, labels: months, starts: months.map((m) => localMidnight(`${m}-01`, zone)) };
  }
  const dates = datesOf(range);
  return { keys: dates, labels: dates, starts: dates.map((d) => localMidnight(d, zone)) };
}

/**
 * Consumption of the devices in the range by device and bucket, from the rollups only: hourly ones for a
 * day, daily ones (local dates) for a week or month, daily ones summed by month for a year.
 */
export async function usage(
  db: Db,
  ids: readonly number[],
  period: EnergyPeriod,
  range: LocalRange,
  zone: string,
): Promise<Usage> {
  const out: Usage = new Map();
  if (ids.length === 0) return out;
  const put = (deviceId: number, key: string, value: number) => {
    let byBucket = out.get(deviceId);
    if (!byBucket) out.set(deviceId, (byBucket = new Map()));
    byBucket.set(key, (byBucket.get(key) ?? 0) + value);
  };
  if (period === 'DAY') {
    const hours = hoursOf(range.from, zone);
    const start = hours[0] ?? localMidnight(range.from, zone);
    const rows = await hourlyEnergy(db, ids, start, start + hours.length * HOUR_MS);
    for (const row of rows) put(row.deviceId, String(row.bucket.getTime()), row.delta);
    return out;
  }
  const bucket =
    period === 'YEAR'
      ? sql<string>`to_char(${telemetryDaily.day}, 'YYYY-MM')`
      : sql<string>`${telemetryDaily.day}`;
  const rows = await db
    .select({
      deviceId: telemetryDaily.deviceId,
      bucket: bucket.mapWith(String),
      delta: sql<number>`sum(${telemetryDaily.delta})`.mapWith(Number),
    })
    .from(telemetryDaily)
    .where(
      and(
        inArray(telemetryDaily.deviceId, [...ids]),
        inArray(telemetryDaily.key, ENERGY_KEYS),
        between(telemetryDaily.day, range.from, range.to),
      ),
    )
    .groupBy(telemetryDaily.deviceId, bucket);
  for (const row of rows) put(row.deviceId, row.bucket, row.delta);
  return out;
}

export function totalOf(byBucket: Map<string, number> | undefined): number {
  let sum = 0;
  for (const value of byBucket?.values() ?? []) sum += value;
  return sum;
}

function sumBuckets(use: Usage): Map<string, number> {
  const out = new Map<string, number>();
  for (const byBucket of use.values()) {
    for (const [key, value] of byBucket) out.set(key, (out.get(key) ?? 0) + value);
  }
  return out;
}

export function curveOf(
  period: EnergyPeriod,
  current: LocalRange,
  previous: LocalRange,
  zone: string,
  now: Usage,
  before: Usage,
  nowMs: number,
): EnergyPoint[] {
  const cur = bucketsOf(period, current, zone);
  const prev = bucketsOf(period, previous, zone);
  const curSums = sumBuckets(now);
  const prevSums = sumBuckets(before);
  return cur.keys.map((key, i) => {
    const prevKey = prev.keys[i];
    return {
      bucket: cur.labels[i] ?? key,
      previousBucket: prevKey === undefined ? null : (prev.labels[i] ?? prevKey),
      current: (cur.starts[i] ?? 0) > nowMs ? null : (curSums.get(key) ?? 0),
      previous: prevKey === undefined ? null : (prevSums.get(prevKey) ?? 0),
    };
  });
}

/**
 * Consumption by device and UTC hour start on the local day of `until`, before `until`: the hours before it
 * whole, the hour it falls in by the share of the hour gone (rollups are hourly: within the hour consumption
 * is taken as even). The part of a day that a comparison cut at `until` counts (periods.ts, comparisonOf).
 */
export async function hoursBefore(
  db: Db,
  ids: readonly number[],
  until: number,
  zone: string,
): Promise<Usage> {
  const out: Usage = new Map();
  const hours = hoursOf(localDate(until, zone), zone).filter((h) => h < until);
  const start = hours[0];
  if (ids.length === 0 || start === undefined) return out;
  const rows = await hourlyEnergy(db, ids, start, until);
  for (const row of rows) {
    const ms = row.bucket.getTime();
    const share = Math.min(1, (until - ms) / HOUR_MS);
    let byHour = out.get(row.deviceId);
    if (!byHour) out.set(row.deviceId, (byHour = new Map()));
    byHour.set(String(ms), (byHour.get(String(ms)) ?? 0) + row.delta * share);
  }
  return out;
}

/**
 * Each device's consumption from the first day of `range` up to the instant `until`: whole local days from
 * the daily rollups, the day `until` falls on from the hourly ones (hoursBefore).
 */
export async function usageBefore(
  db: Db,
  ids: readonly number[],
  range: LocalRange,
  until: number,
  zone: string,
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const lastWhole = addDays(localDate(until, zone), -1);
  const [days, hours] = await Promise.all([
    lastWhole < range.from
      ? Promise.resolve([])
      : db
          .select({
            deviceId: telemetryDaily.deviceId,
            delta: sql<number>`sum(${telemetryDaily.delta})`.mapWith(Number),
          })
          .from(telemetryDaily)
          .where(
            and(
              inArray(telemetryDaily.deviceId, [...ids]),
              inArray(telemetryDaily.key, ENERGY_KEYS),
              between(telemetryDaily.day, range.from, lastWhole < range.to ? lastWhole : range.to),
            ),
          )
          .groupBy(telemetryDaily.deviceId),
    hoursBefore(db, ids, until, zone),
  ]);
  for (const row of days) out.set(row.deviceId, row.delta);
  for (const [deviceId, byHour] of hours) out.set(deviceId, (out.get(deviceId) ?? 0) + totalOf(byHour));
  return out;
}
