import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { energyChange, type AreaSource, type Portfolio, type PortfolioQuery } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors } from '../buildings/tables.js';
import {
  demandSpan,
  ensureDemandDays,
  peakFigure,
  placePeaks,
  projectEnergy,
  treeBuildingAreas,
  type DemandPlace,
  type PlaceEnergy,
} from '../energy-billing/index.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/** A building's area and where it comes from (both null: unknown). */
interface Area {
  area: number | null;
  areaSource: AreaSource | null;
}

function figures(e: PlaceEnergy, area: number | null) {
  const per = (kwh: number) => (area !== null && area > 0 ? kwh / area : null);
  return {
    ...e,
    changePercent: energyChange(e.kwh, e.previousKwh),
    area,
    kwhPerM2: per(e.kwh),
    previousKwhPerM2: per(e.previousKwh),
  };
}

const NOTHING: PlaceEnergy = {
  kwh: 0,
  previousKwh: 0,
  cost: 0,
  previousCost: 0,
  carbon: 0,
  previousCarbon: 0,
};

/**
 * The portfolio: every project of the caller's scope (a tenant's administrator: their tenant's; the platform
 * administrator: every tenant's), each with its buildings: kWh, kWh/m², cost, carbon, this period against
 * the previous one (the energy board's periods and comparison rule, in each project's own calendar), and the
 * period's peak demand. Projects and buildings with their floor areas are one query each, the meter tree's
 * building areas one (a building's area is its tree node's when the tree gives one, else its floors'), the
 * peaks one query for every place; each project's kWh, cost and carbon are energy-billing's (the stored day
 * splits, priced).
 */
export async function portfolio(
  db: Db,
  scope: Scope,
  query: PortfolioQuery,
  now = Date.now(),
): Promise<Portfolio> {
  const projectRows = await db
    .select({
      id: projects.id,
      projectName: projects.projectName,
      tenantId: projects.tenantId,
      tenantName: tenants.name,
    })
    .from(projects)
    .innerJoin(tenants, eq(tenants.id, projects.tenantId))
    .where(tenantFilter(scope, projects.tenantId))
    .orderBy(asc(tenants.name), asc(projects.id));
  if (projectRows.length === 0) return { period: query.period, projects: [] };
  const projectIds = projectRows.map((p) => p.id);
  const buildingRows = await db
    .select({
      id: buildings.id,
      projectId: buildings.projectId,
      name: buildings.name,
      floors: sql<number>`count(${floors.id})`.mapWith(Number),
      unknown: sql<number>`count(${floors.id}) filter (where ${floors.area} is null)`.mapWith(Number),
      area: sql<number | null>`sum(${floors.area})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(buildings)
    .leftJoin(floors, eq(floors.buildingId, buildings.id))
    .where(and(tenantFilter(scope, buildings.tenantId), inArray(buildings.projectId, projectIds)))
    .groupBy(buildings.id)
    .orderBy(asc(buildings.id));

  // kWh, cost and carbon: each project in its own zone, tariffs and calendar.
  const energies: Awaited<ReturnType<typeof projectEnergy>>[] = [];
  for (const p of projectRows) {
    const projectQuery = {
      projectId: p.id,
      period: query.period,
      anchor: query.anchor,
      buildingId: undefined,
    };
    energies.push(await projectEnergy(db, scope, projectQuery, now));
  }

  // One area per place: the meter tree's building node's when it gives one, else the floors' sum (README).
  const buildingOf = new Map(energies.flatMap((e) => e.channels.map((c) => [c.deviceId, c.buildingId])));
  const treeAreas = await treeBuildingAreas(db, scope, projectIds, buildingOf);
  const areaOf = (b: (typeof buildingRows)[number]): Area => {
    const tree = treeAreas.get(b.id);
    if (tree) return { area: tree.areaM2, areaSource: 'meterTree' };
    // Floors: null when it has no floor or a floor's area is not known (a partial sum would flatter kWh/m²).
    if (b.floors > 0 && b.unknown === 0) return { area: b.area ?? 0, areaSource: 'floors' };
    return { area: null, areaSource: null };
  };

  // Peak demand: the quarter hours split per zone (one range per zone and period), then every place at once.
  const byZone = new Map<string, { from: string; to: string; ids: number[] }>();
  for (const e of energies) {
    const zone = byZone.get(e.timeZone) ?? { from: e.current.from, to: e.current.to, ids: [] };
    zone.ids.push(...e.channels.map((c) => c.deviceId));
    byZone.set(e.timeZone, zone);
  }
  for (const [zone, z] of byZone) await ensureDemandDays(db, zone, z.ids, z.from, z.to, now);
  const places: DemandPlace[] = [];
  for (const e of energies) {
    const { start, end } = demandSpan(e.current.from, e.current.to, e.timeZone, now);
    const span = { fromMs: start, toMs: end };
    places.push({ key: `p${e.projectId}`, deviceIds: e.channels.map((c) => c.deviceId), ...span });
    const byBuilding = new Map<number, number[]>();
    for (const c of e.channels)
      byBuilding.set(c.buildingId, [...(byBuilding.get(c.buildingId) ?? []), c.deviceId]);
    for (const [id, deviceIds] of byBuilding) places.push({ key: `b${id}`, deviceIds, ...span });
  }
  const peaks = await placePeaks(db, places);

  return {
    period: query.period,
    projects: projectRows.map((p, i) => {
      const e = energies[i];
      if (!e) throw new Error('portfolio: a project without figures');
      const own = buildingRows.filter((b) => b.projectId === p.id);
      const areas = own.map((b) => areaOf(b).area);
      const area =
        own.length > 0 && areas.every((a) => a !== null)
          ? areas.reduce<number>((s, a) => s + (a ?? 0), 0)
          : null;
      return {
        projectId: p.id,
        projectName: p.projectName,
        tenantId: p.tenantId,
        tenantName: p.tenantName,
        timeZone: e.timeZone,
        currency: e.currency,
        hasTariff: e.hasTariff,
        hasFactor: e.hasFactor,
        current: e.current,
        previousRange: e.previousRange,
        comparedUntil: e.comparedUntil,
        ...figures(e.total, area),
        peak: peakFigure(peaks.get(`p${p.id}`), e.timeZone),
        buildings: own.map((b) => {
          const { area, areaSource } = areaOf(b);
          return {
            buildingId: b.id,
            name: b.name,
            ...figures(e.buildings.get(b.id) ?? NOTHING, area),
            areaSource,
            peak: peakFigure(peaks.get(`b${b.id}`), e.timeZone),
          };
        }),
      };
    }),
  };
}
