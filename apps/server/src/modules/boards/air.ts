import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import {
  AIR_BOARD_CATEGORIES,
  AIR_READINGS,
  airBoardSchema,
  airValues,
  zoneAirValues,
  type AirBoard,
  type AirBoardQuery,
  type AirReading,
  type AirSensor,
  type AirTrend,
  type AirTrendPoint,
  type AirTrendQuery,
  type LatestTelemetry,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { scopeKey, type SharedCache } from '../../platform/shared-cache.js';
import { notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findHall } from '../buildings/index.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { findZone } from '../buildings/index.js';
import { findDevice, latestTelemetry } from '../devices/index.js';
import { devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { telemetryHourly } from '../telemetry/tables.js';
import { airThresholds } from './settings.js';

/*
 * The air-quality board: air and temperature sensors with their latest readings (device_latest) banded by
 * the thresholds of the system configuration, per-zone means, and hourly trends read from the hourly
 * rollups only (24 or 168 rows per key, never a scan of raw telemetry).
 */

const HOUR_MS = 3_600_000;
const TREND_HOURS = { '24h': 24, '7d': 168 } as const;

function num(reading: LatestTelemetry[string] | undefined): number | null {
  const v = reading?.value;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** The project, and the building when one is asked (another project's building answers 404). */
export async function projectAndBuilding(
  db: Db,
  scope: Scope,
  query: { projectId: number; buildingId?: number | undefined },
) {
  const project = await findProject(db, scope, query.projectId);
  if (query.buildingId !== undefined) {
    const building = await findHall(db, scope, query.buildingId);
    if (building.projectId !== project.id) throw notFound();
  }
  return project;
}

/** Every zone of the project (or building) with its floor and building, in plan order. */
export async function zonesOf(db: Db, scope: Scope, projectId: number, buildingId: number | undefined) {
  return db
    .select({
      zoneId: zones.id,
      zoneName: zones.name,
      floorId: floors.id,
      floorName: floors.name,
      buildingId: buildings.id,
      buildingName: buildings.name,
    })
    .from(zones)
    .innerJoin(floors, eq(floors.id, zones.floorId))
    .innerJoin(buildings, eq(buildings.id, floors.buildingId))
    .where(
      and(
        tenantFilter(scope, zones.tenantId),
        eq(buildings.projectId, projectId),
        buildingId === undefined ? undefined : eq(buildings.id, buildingId),
      ),
    )
    .orderBy(asc(buildings.name), asc(buildings.id), asc(floors.sort), asc(floors.id), asc(zones.name));
}

/** GET /sbuilding/board/air: every air/temperature sensor of the project (or building), banded, and its zones. */
export async function airBoard(db: Db, scope: Scope, query: AirBoardQuery): Promise<AirBoard> {
  const project = await projectAndBuilding(db, scope, query);
  return airBoardOf(db, scope, project, query, await airThresholds(db));
}

/**
 * GET /sbuilding/board/air for many viewers: the answer, right check included, is shared through `cache`
 * already serialized (validated against airBoardSchema once) between callers who see the same rows
 * (scopeKey), so 200 wall screens cost one computation per BOARD_CACHE_MS and no query of their own.
 */
export async function sharedAirBoard(
  db: Db,
  scope: Scope,
  query: AirBoardQuery,
  cache: SharedCache<string>,
): Promise<string> {
  // Part of the key: a threshold saved in the system config shows at once, not when the answer expires
  // (the config is cached in memory: no query).
  const thresholds = await airThresholds(db);
  const key = `${scopeKey(scope)}:${query.projectId}:${query.buildingId ?? ''}:${JSON.stringify(thresholds)}`;
  return cache.get(key, async () => {
    const project = await projectAndBuilding(db, scope, query);
    return JSON.stringify(airBoardSchema.parse(await airBoardOf(db, scope, project, query, thresholds)));
  });
}

type BoardProject = Awaited<ReturnType<typeof projectAndBuilding>>;

async function airBoardOf(
  db: Db,
  scope: Scope,
  project: BoardProject,
  query: AirBoardQuery,
  thresholds: Awaited<ReturnType<typeof airThresholds>>,
): Promise<AirBoard> {
  const [zoneRows, rows] = await Promise.all([
    zonesOf(db, scope, project.id, query.buildingId),
    db
      .select({
        device: devices,
        buildingName: buildings.name,
        floorName: floors.name,
        zoneName: zones.name,
      })
      .from(devices)
      .innerJoin(buildings, eq(buildings.id, devices.buildingId))
      .leftJoin(floors, eq(floors.id, devices.floorId))
      .leftJoin(zones, eq(zones.id, devices.zoneId))
      .where(
        and(
          tenantFilter(scope, devices.tenantId),
          eq(devices.projectId, project.id),
          inArray(devices.category, [...AIR_BOARD_CATEGORIES]),
          query.buildingId === undefined ? undefined : eq(devices.buildingId, query.buildingId),
        ),
      )
      .orderBy(asc(buildings.name), asc(floors.sort), asc(devices.name), asc(devices.id)),
  ]);
  const latest = await latestTelemetry(
    db,
    rows.map((r) => r.device.id),
  );
  const sensors: AirSensor[] = rows.map(({ device: d, ...r }) => {
    const t = latest.get(d.id) ?? {};
    const times = AIR_READINGS.map((key) => t[key]?.ts).filter((ts): ts is string => ts !== undefined);
    return {
      id: d.id,
      name: d.name,
      model: d.model,
      category: d.category,
      buildingId: d.buildingId,
      buildingName: r.buildingName,
      floorId: d.floorId,
      floorName: r.floorName,
      zoneId: d.zoneId,
      zoneName: r.zoneName,
      online: d.online,
      lastReport: times.sort().at(-1) ?? null,
      values: airValues(
        {
          co2: num(t.co2),
          ch2o: num(t.ch2o),
          temperature: num(t.temperature),
          humidity: num(t.humidity),
        },
        thresholds,
      ),
    };
  });
  const zoneList = zoneRows.map((z) => {
    const here = sensors.filter((s) => s.zoneId === z.zoneId);
    return { ...z, sensorIds: here.map((s) => s.id), ...zoneAirValues(here, thresholds) };
  });
  return {
    thresholds,
    sensors,
    zones: zoneList,
    online: sensors.filter((s) => s.online).length,
    total: sensors.length,
  };
}

/** The sensors a trend is made of: the device (an air or temperature sensor), or the zone's. */
async function trendSensors(db: Db, scope: Scope, query: AirTrendQuery): Promise<number[]> {
  if (query.deviceId !== undefined) {
    const device = await findDevice(db, scope, query.deviceId);
    if (!AIR_BOARD_CATEGORIES.some((c) => c === device.category)) throw notFound('board.airDeviceNotFound');
    return [device.id];
  }
  const zone = await findZone(db, scope, query.zoneId ?? 0);
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        tenantFilter(scope, devices.tenantId),
        eq(devices.zoneId, zone.id),
        inArray(devices.category, [...AIR_BOARD_CATEGORIES]),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * GET /sbuilding/board/air/trend: the hourly means of the last 24 hours or 7 days (the current hour
 * last), of one sensor or of a zone's sensors together (sum over sum of counts: each reading weighs
 * the same). From the hourly rollups only.
 */
export async function airTrend(
  db: Db,
  scope: Scope,
  query: AirTrendQuery,
  now: number = Date.now(),
): Promise<AirTrend> {
  const ids = await trendSensors(db, scope, query);
  const hours = TREND_HOURS[query.range];
  const last = Math.floor(now / HOUR_MS) * HOUR_MS;
  const first = last - (hours - 1) * HOUR_MS;
  const points: AirTrendPoint[] = Array.from({ length: hours }, (_, i) => ({
    t: new Date(first + i * HOUR_MS).toISOString(),
    co2: null,
    ch2o: null,
    temperature: null,
    humidity: null,
  }));
  if (ids.length > 0) {
    const rows = await db
      .select({
        bucket: telemetryHourly.bucket,
        key: telemetryHourly.key,
        sum: sql<number>`sum(${telemetryHourly.sum})`,
        count: sql<number>`sum(${telemetryHourly.count})`,
      })
      .from(telemetryHourly)
      .where(
        and(
          inArray(telemetryHourly.deviceId, ids),
          inArray(telemetryHourly.key, [...AIR_READINGS]),
          between(telemetryHourly.bucket, new Date(first), new Date(last)),
        ),
      )
      .groupBy(telemetryHourly.bucket, telemetryHourly.key);
    for (const row of rows) {
      const point = points[Math.round((row.bucket.getTime() - first) / HOUR_MS)];
      const key = AIR_READINGS.find((k): k is AirReading => k === row.key);
      const count = Number(row.count);
      if (point && key && count > 0) point[key] = Math.round((Number(row.sum) / count) * 1000) / 1000;
    }
  }
  return {
    range: query.range,
    deviceId: query.deviceId ?? null,
    zoneId: query.zoneId ?? null,
    sensorCount: ids.length,
    points,
  };
}
