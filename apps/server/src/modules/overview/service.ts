import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  alertFilterSchema,
  energyQuerySchema,
  type Overview,
  type OverviewEnergy,
  type OverviewQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { countAlerts } from '../alerts/index.js';
import { buildings } from '../buildings/tables.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { energyBoard } from '../energy/index.js';
import { findProject } from '../projects/index.js';

/*
 * The platform overview: a project's figures at a glance, each read from where its own board reads it (the
 * energy board's service for today and yesterday, the alert counts, device_latest for the lights, ACs and
 * air sensors), so the overview never disagrees with the board it leads to. Every query is the caller's
 * tenant: the project is found with ownedOr404 first, and every query filters on the tenant too.
 */

/** Categories whose readings move the overview's figures (the console follows them over the socket). */
const WATCHED = ['light', 'ac', 'airSensor', 'ammeter'] as const;

/** On/off as stored: a boolean, or 1/0 from devices that send numbers (as the light and AC boards read it). */
function isOn(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return value === 'true' || value === 'on';
}

function numberOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/**
 * Today against yesterday up to the same moment (the energy board's comparison, one rule: energy's
 * comparisonOf), and the whole of yesterday for scale.
 */
async function energyOf(
  db: Db,
  scope: Scope,
  projectId: number,
  now: number,
): Promise<OverviewEnergy & { date: string }> {
  const day = await energyBoard(db, scope, energyQuerySchema.parse({ projectId, period: 'DAY' }), now);
  return {
    date: day.anchor,
    today: day.energy,
    yesterday: day.previousWhole,
    yesterdaySameTime: day.previous,
    yesterdayUntil: day.comparedUntil?.time ?? '24:00',
    changePercent: day.changePercent,
    curve: day.curve.map((p) => ({ hour: p.bucket, today: p.current, yesterday: p.previous })),
  };
}

/** GET /sbuilding/board/overview: the project's figures and its buildings with their devices online. */
export async function overview(
  db: Db,
  scope: Scope,
  query: OverviewQuery,
  now = Date.now(),
): Promise<Omit<Overview, 'mapStyleUrl'>> {
  const project = await findProject(db, scope, query.projectId);
  const inProject = and(tenantFilter(scope, devices.tenantId), eq(devices.projectId, project.id));
  const [buildingRows, onlineRows, readings, energy, alerts] = await Promise.all([
    db
      .select({
        id: buildings.id,
        name: buildings.name,
        address: buildings.address,
        longitude: buildings.longitude,
        latitude: buildings.latitude,
      })
      .from(buildings)
      .where(and(tenantFilter(scope, buildings.tenantId), eq(buildings.projectId, project.id)))
      .orderBy(asc(buildings.id)),
    db
      .select({ buildingId: devices.buildingId, online: devices.online, value: count() })
      .from(devices)
      .where(inProject)
      .groupBy(devices.buildingId, devices.online),
    // One row per watched device, with its on/off or CO2 reading when it has one.
    db
      .select({
        id: devices.id,
        category: devices.category,
        online: devices.online,
        key: deviceLatest.key,
        value: deviceLatest.value,
      })
      .from(devices)
      .leftJoin(
        deviceLatest,
        and(
          eq(deviceLatest.deviceId, devices.id),
          sql`${deviceLatest.key} = case when ${devices.category} = 'airSensor' then 'co2' else 'onOff' end`,
        ),
      )
      .where(and(inProject, inArray(devices.category, [...WATCHED])))
      .orderBy(asc(devices.id)),
    energyOf(db, scope, project.id, now),
    countAlerts(db, scope, alertFilterSchema.parse({ projectId: project.id, status: 'alerting' })),
  ]);

  const perBuilding = new Map<number, { online: number; offline: number }>();
  for (const row of onlineRows) {
    const counts = perBuilding.get(row.buildingId) ?? { online: 0, offline: 0 };
    if (row.online) counts.online += row.value;
    else counts.offline += row.value;
    perBuilding.set(row.buildingId, counts);
  }
  const withTotal = (c: { online: number; offline: number }) => ({ ...c, total: c.online + c.offline });
  const all = { online: 0, offline: 0 };
  for (const c of perBuilding.values()) {
    all.online += c.online;
    all.offline += c.offline;
  }

  const lights = { on: 0, total: 0 };
  const acs = { running: 0, total: 0 };
  const co2: number[] = [];
  let sensors = 0;
  for (const row of readings) {
    if (row.category === 'light') {
      lights.total += 1;
      if (row.key !== null && isOn(row.value)) lights.on += 1;
    } else if (row.category === 'ac') {
      acs.total += 1;
      if (row.key !== null && isOn(row.value)) acs.running += 1;
    } else if (row.category === 'airSensor') {
      sensors += 1;
      // An offline sensor's last reading says nothing about the air now.
      const value = row.online ? numberOf(row.value) : null;
      if (value !== null) co2.push(value);
    }
  }

  return {
    projectId: project.id,
    timeZone: project.timeZone,
    date: energy.date,
    devices: withTotal(all),
    energy: {
      today: energy.today,
      yesterdaySameTime: energy.yesterdaySameTime,
      yesterday: energy.yesterday,
      yesterdayUntil: energy.yesterdayUntil,
      changePercent: energy.changePercent,
      curve: energy.curve,
    },
    alerts,
    air: {
      sensors,
      reporting: co2.length,
      co2Average: co2.length === 0 ? null : Math.round(co2.reduce((s, v) => s + v, 0) / co2.length),
      co2Max: co2.length === 0 ? null : Math.round(Math.max(...co2)),
    },
    lights,
    acs,
    buildings: buildingRows.map((b) => {
      // 0, 0 is where the building form starts, not a place: such a building is listed, not pinned.
      const placed = b.longitude !== 0 || b.latitude !== 0;
      return {
        id: b.id,
        name: b.name,
        address: b.address,
        longitude: placed ? b.longitude : null,
        latitude: placed ? b.latitude : null,
        devices: withTotal(perBuilding.get(b.id) ?? { online: 0, offline: 0 }),
      };
    }),
    watchIds: [...new Set(readings.map((r) => r.id))],
  };
}
