import { and, asc, eq, gt, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  presenceOf,
  spaceBoardSchema,
  SPACE_DAYS,
  type OccupancyState,
  type SpaceBoard,
  type SpaceBoardQuery,
  type SpaceZone,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { scopeKey, type SharedCache } from '../../platform/shared-cache.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { latestTelemetry } from '../devices/index.js';
import { devices } from '../devices/tables.js';
import { addDays, HOUR_MS, localClock, localDate, localMidnight } from '../energy/index.js';
import { telemetryHourly, telemetryRaw } from '../telemetry/tables.js';
import { projectAndBuilding, zonesOf } from './air.js';
import { presenceMinutes } from './settings.js';

/*
 * The space board: occupancy per zone from its PIR sensors (category pirSensor, key `pir`). Now: the
 * sensors' latest readings (device_latest) and their age against the presence window of the system
 * configuration. The last 7 days: the hourly rollups of `pir` (an hour had presence when its max is above
 * 0), placed in the project's local days and hours; never a scan of raw telemetry.
 */

type Grid = (number | null)[][];

const emptyGrid = (): Grid => Array.from({ length: SPACE_DAYS }, () => Array<number | null>(24).fill(null));

/** Share of the cells with a value that are 1 (presence); null without any. */
function share(cells: readonly (number | null)[]): number | null {
  const known = cells.filter((c): c is number => c !== null);
  if (known.length === 0) return null;
  return Math.round((known.filter((c) => c > 0).length / known.length) * 1000) / 1000;
}

/**
 * Each sensor's last presence before `now` (ms). The latest reading says only what the sensor sees now: a
 * room left a minute ago reports pir 0, and its last presence is the last reading above 0 before that (the
 * space board's "Last presence —" beside a heatmap with presence today). Found without a scan of raw
 * telemetry: the last hour with presence from the hourly rollups, then the raw readings of that hour only.
 */
async function lastPresences(db: Db, ids: readonly number[], now: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const hours = await db
    .select({
      deviceId: telemetryHourly.deviceId,
      bucket: sql<Date>`max(${telemetryHourly.bucket})`.mapWith(telemetryHourly.bucket),
    })
    .from(telemetryHourly)
    .where(
      and(
        inArray(telemetryHourly.deviceId, [...ids]),
        eq(telemetryHourly.key, 'pir'),
        gt(telemetryHourly.max, 0),
        lte(telemetryHourly.bucket, new Date(now)),
      ),
    )
    .groupBy(telemetryHourly.deviceId);
  if (hours.length === 0) return out;
  const rows = await db
    .select({
      deviceId: telemetryRaw.deviceId,
      ts: sql<Date>`max(${telemetryRaw.ts})`.mapWith(telemetryRaw.ts),
    })
    .from(telemetryRaw)
    .where(
      and(
        eq(telemetryRaw.key, 'pir'),
        gt(telemetryRaw.num, 0),
        lte(telemetryRaw.ts, new Date(now)),
        or(
          ...hours.map((h) =>
            and(
              eq(telemetryRaw.deviceId, h.deviceId),
              gte(telemetryRaw.ts, h.bucket),
              lt(telemetryRaw.ts, new Date(h.bucket.getTime() + HOUR_MS)),
            ),
          ),
        ),
      ),
    )
    .groupBy(telemetryRaw.deviceId);
  for (const row of rows) out.set(row.deviceId, row.ts.getTime());
  return out;
}

/** GET /sbuilding/board/space: the project's (or building's) zones with PIR sensors, now and over 7 days. */
export async function spaceBoard(
  db: Db,
  scope: Scope,
  query: SpaceBoardQuery,
  now: number = Date.now(),
): Promise<SpaceBoard> {
  const project = await projectAndBuilding(db, scope, query);
  return spaceBoardOf(db, scope, project, query, now);
}

/** GET /sbuilding/board/space for many viewers: one shared serialized answer per scope (air.ts). */
export async function sharedSpaceBoard(
  db: Db,
  scope: Scope,
  query: SpaceBoardQuery,
  cache: SharedCache<string>,
): Promise<string> {
  return cache.get(`${scopeKey(scope)}:${query.projectId}:${query.buildingId ?? ''}`, async () => {
    const project = await projectAndBuilding(db, scope, query);
    return JSON.stringify(spaceBoardSchema.parse(await spaceBoardOf(db, scope, project, query, Date.now())));
  });
}

async function spaceBoardOf(
  db: Db,
  scope: Scope,
  project: Awaited<ReturnType<typeof projectAndBuilding>>,
  query: SpaceBoardQuery,
  now: number,
): Promise<SpaceBoard> {
  const zone = project.timeZone;
  const [window, zoneRows, sensors] = await Promise.all([
    presenceMinutes(db),
    zonesOf(db, scope, project.id, query.buildingId),
    db
      .select({ id: devices.id, zoneId: devices.zoneId, online: devices.online })
      .from(devices)
      .where(
        and(
          tenantFilter(scope, devices.tenantId),
          eq(devices.projectId, project.id),
          eq(devices.category, 'pirSensor'),
          isNotNull(devices.zoneId),
          query.buildingId === undefined ? undefined : eq(devices.buildingId, query.buildingId),
        ),
      )
      .orderBy(asc(devices.id)),
  ]);
  const ids = sensors.map((s) => s.id);
  const today = localDate(now, zone);
  const days = Array.from({ length: SPACE_DAYS }, (_, i) => addDays(today, i - (SPACE_DAYS - 1)));
  const from = Math.floor(localMidnight(days[0] ?? today, zone) / HOUR_MS) * HOUR_MS;
  const [latest, seen, hourRows] = await Promise.all([
    latestTelemetry(db, ids),
    lastPresences(db, ids, now),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            deviceId: telemetryHourly.deviceId,
            bucket: telemetryHourly.bucket,
            max: telemetryHourly.max,
          })
          .from(telemetryHourly)
          .where(
            and(
              inArray(telemetryHourly.deviceId, ids),
              eq(telemetryHourly.key, 'pir'),
              gte(telemetryHourly.bucket, new Date(from)),
              lte(telemetryHourly.bucket, new Date(now)),
            ),
          ),
  ]);

  // Each sensor's hours: 1 with presence, 0 without, placed by the local date and hour of the bucket.
  const gridOf = new Map<number, Grid>();
  for (const row of hourRows) {
    const ms = row.bucket.getTime();
    const day = days.indexOf(localDate(ms, zone));
    const hour = Number(localClock(ms, zone).slice(0, 2));
    if (day < 0) continue;
    const grid = gridOf.get(row.deviceId) ?? emptyGrid();
    gridOf.set(row.deviceId, grid);
    const cells = grid[day];
    if (cells) cells[hour] = Math.max(cells[hour] ?? 0, row.max > 0 ? 1 : 0);
  }

  const fresh = now - window * 60_000;
  const zoneList: SpaceZone[] = [];
  for (const z of zoneRows) {
    const here = sensors.filter((s) => s.zoneId === z.zoneId);
    if (here.length === 0) continue;
    const grid = emptyGrid();
    for (const sensor of here) {
      const own = gridOf.get(sensor.id);
      own?.forEach((cells, d) =>
        cells.forEach((cell, h) => {
          const row = grid[d];
          if (row && cell !== null) row[h] = Math.max(row[h] ?? 0, cell);
        }),
      );
    }
    const readings = here
      .map((s) => latest.get(s.id)?.pir)
      .filter((r): r is NonNullable<typeof r> => r !== undefined);
    const presences = [
      ...readings.filter((r) => presenceOf(r.value) === true).map((r) => Date.parse(r.ts)),
      ...here.map((s) => seen.get(s.id)).filter((ts): ts is number => ts !== undefined),
    ];
    const reports = readings.map((r) => Date.parse(r.ts));
    const state: OccupancyState =
      readings.length === 0 ? 'noData' : presences.some((ts) => ts >= fresh) ? 'occupied' : 'vacant';
    zoneList.push({
      ...z,
      sensorIds: here.map((s) => s.id),
      sensorsOnline: here.filter((s) => s.online).length,
      state,
      lastPresence: presences.length > 0 ? new Date(Math.max(...presences)).toISOString() : null,
      lastReport: reports.length > 0 ? new Date(Math.max(...reports)).toISOString() : null,
      utilisation: share(grid.flat()),
      byHour: Array.from({ length: 24 }, (_, h) => share(grid.map((cells) => cells[h] ?? null))),
      grid,
    });
  }

  const overall = emptyGrid().map((cells, d) =>
    cells.map((_, h) => share(zoneList.map((z) => z.grid[d]?.[h] ?? null))),
  );
  return {
    timeZone: zone,
    presenceMinutes: window,
    days,
    zones: zoneList,
    grid: overall,
    occupied: zoneList.filter((z) => z.state === 'occupied').length,
    vacant: zoneList.filter((z) => z.state === 'vacant').length,
  };
}
