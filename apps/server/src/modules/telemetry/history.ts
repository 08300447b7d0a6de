import { and, asc, between, eq, inArray } from 'drizzle-orm';
import {
  HISTORY_HOURLY_MAX_DAYS,
  HISTORY_RAW_MAX_HOURS,
  HISTORY_RAW_MAX_POINTS,
  type History,
  type HistoryPoint,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { findDevice } from '../devices/index.js';
import { projects } from '../projects/tables.js';
import { telemetryDaily, telemetryHourly, telemetryRaw } from './tables.js';
import { localDate } from '../../platform/local-date.js';

export interface HistoryRequest {
  keys: string[];
  from: string;
  to: string;
  interval: 'auto' | 'raw' | 'hour' | 'day';
}

const HOUR_MS = 3_600_000;

/** `auto`: raw readings for a day or less, hourly rollups up to three months, daily ones beyond. */
export function pickInterval(request: HistoryRequest): 'raw' | 'hour' | 'day' {
  if (request.interval !== 'auto') return request.interval;
  const span = Date.parse(request.to) - Date.parse(request.from);
  if (span <= HISTORY_RAW_MAX_HOURS * HOUR_MS) return 'raw';
  if (span <= HISTORY_HOURLY_MAX_DAYS * 24 * HOUR_MS) return 'hour';
  return 'day';
}

function emptySeries(keys: readonly string[]): Record<string, HistoryPoint[]> {
  return Object.fromEntries(keys.map((k) => [k, []]));
}

async function rawSeries(db: Db, deviceId: number, request: HistoryRequest) {
  const series = emptySeries(request.keys);
  for (const key of request.keys) {
    const rows = await db
      .select({ ts: telemetryRaw.ts, num: telemetryRaw.num, txt: telemetryRaw.txt })
      .from(telemetryRaw)
      .where(
        and(
          eq(telemetryRaw.deviceId, deviceId),
          eq(telemetryRaw.key, key),
          between(telemetryRaw.ts, new Date(request.from), new Date(request.to)),
        ),
      )
      .orderBy(asc(telemetryRaw.ts))
      .limit(HISTORY_RAW_MAX_POINTS + 1);
    if (rows.length > HISTORY_RAW_MAX_POINTS) return null;
    series[key] = rows.map((r) => ({ t: r.ts.toISOString(), value: r.txt ?? r.num }));
  }
  return series;
}

function rollupPoint(t: string, r: { count: number; sum: number; min: number; max: number; delta: number }) {
  return { t, value: r.sum / r.count, min: r.min, max: r.max, count: r.count, delta: r.delta };
}

/**
 * A device's history of some keys between two instants, at the resolution `interval` asks (or `auto`
 * picks). Raw readings that would exceed HISTORY_RAW_MAX_POINTS for a key come as hourly rollups instead.
 */
export async function getHistory(
  db: Db,
  scope: Scope,
  deviceId: number,
  request: HistoryRequest,
): Promise<History> {
  const device = await findDevice(db, scope, deviceId);
  let interval = pickInterval(request);
  let series: Record<string, HistoryPoint[]> | null = null;
  if (interval === 'raw') {
    series = await rawSeries(db, device.id, request);
    if (!series) interval = 'hour';
  }
  if (interval === 'hour') {
    const rows = await db
      .select()
      .from(telemetryHourly)
      .where(
        and(
          eq(telemetryHourly.deviceId, device.id),
          inArray(telemetryHourly.key, request.keys),
          // The hour holding `from` counts: its bucket starts before it.
          between(
            telemetryHourly.bucket,
            new Date(Math.floor(Date.parse(request.from) / HOUR_MS) * HOUR_MS),
            new Date(request.to),
          ),
        ),
      )
      .orderBy(asc(telemetryHourly.bucket));
    series = emptySeries(request.keys);
    for (const row of rows) series[row.key]?.push(rollupPoint(row.bucket.toISOString(), row));
  }
  if (interval === 'day') {
    const [project] = await db
      .select({ timeZone: projects.timeZone })
      .from(projects)
      .where(eq(projects.id, device.projectId));
    const zone = project?.timeZone ?? 'UTC';
    const rows = await db
      .select()
      .from(telemetryDaily)
      .where(
        and(
          eq(telemetryDaily.deviceId, device.id),
          inArray(telemetryDaily.key, request.keys),
          between(
            telemetryDaily.day,
            localDate(Date.parse(request.from), zone),
            localDate(Date.parse(request.to), zone),
          ),
        ),
      )
      .orderBy(asc(telemetryDaily.day));
    series = emptySeries(request.keys);
    for (const row of rows) series[row.key]?.push(rollupPoint(row.day, row));
  }
  return { deviceId: device.id, interval, from: request.from, to: request.to, series: series ?? {} };
}
