import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  billFileName,
  billPlaceNames,
  TOU_PERIODS,
  type Bill,
  type BillNodes,
  type BillQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { addDays, ENERGY_KEYS, energyPlaces, localClock, localDate, localMidnight } from '../energy/index.js';
import { findProject } from '../projects/index.js';
import { energyMeterNodes } from './tables.js';
import { coefficientsOf, listMeterNodes, meterNodeChannels } from './meter-tree.js';
import { telemetryHourly } from '../telemetry/tables.js';
import { costsOfPeriods } from './price-channels.js';
import { ensureDemand, QUARTER_MS, quarterDemand, type DemandPeak } from './demand.js';
import { gapsOf, inForce, monthCharges } from './pricing.js';
import { daySplits, ensureProfiles } from './profiles.js';
import { pricingOf } from './tariffs.js';

const HOUR_MS = 3_600_000;
/** At most this many gaps are listed on a bill (the count says how many there were). */
const MAX_GAPS = 50;

type Place = Omit<BillNodes[number], 'metered'>;

/** The buildings, floors, zones and meter tree nodes of a project, without whether they are metered. */
async function placesOf(db: Db, scope: Scope, projectId: number): Promise<Place[]> {
  await findProject(db, scope, projectId);
  const [b, f, z, m] = await Promise.all([
    db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(and(tenantFilter(scope, buildings.tenantId), eq(buildings.projectId, projectId)))
      .orderBy(asc(buildings.id)),
    db
      .select({ id: floors.id, name: floors.name, parentId: floors.buildingId })
      .from(floors)
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(and(tenantFilter(scope, floors.tenantId), eq(buildings.projectId, projectId)))
      .orderBy(asc(floors.buildingId), asc(floors.sort), asc(floors.id)),
    db
      .select({ id: zones.id, name: zones.name, parentId: zones.floorId })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(and(tenantFilter(scope, zones.tenantId), eq(buildings.projectId, projectId)))
      .orderBy(asc(zones.floorId), asc(zones.id)),
    db
      .select({ id: energyMeterNodes.id, name: energyMeterNodes.name, parentId: energyMeterNodes.parentId })
      .from(energyMeterNodes)
      .where(and(tenantFilter(scope, energyMeterNodes.tenantId), eq(energyMeterNodes.projectId, projectId)))
      .orderBy(asc(energyMeterNodes.sort), asc(energyMeterNodes.id)),
  ]);
  return [
    ...b.map((x) => ({ level: 'building' as const, id: x.id, name: x.name, parentId: null })),
    ...f.map((x) => ({ level: 'floor' as const, ...x })),
    ...z.map((x) => ({ level: 'zone' as const, ...x })),
    ...m.map((x) => ({ level: 'node' as const, ...x })),
  ];
}

/**
 * The buildings, floors, zones and meter tree nodes of a project a bill can be made for, each saying whether
 * a meter channel measures it (placed as a bill places them), so "every bill" asks only for bills that exist.
 */
export async function billNodes(db: Db, scope: Scope, projectId: number): Promise<BillNodes> {
  const places = await placesOf(db, scope, projectId);
  const board = await energyPlaces(db, scope, {
    projectId,
    period: 'MONTH',
    anchor: undefined,
    buildingId: undefined,
  });
  const channelIds = board.meters.flatMap((m) => m.channels.map((c) => c.deviceId));
  const channels = new Set(channelIds);
  const inBuildings = new Set(board.meters.map((m) => m.buildingId));
  const onFloors = new Set(board.meters.map((m) => m.floorId));
  const inZones = new Set(
    channelIds.length === 0
      ? []
      : (
          await db
            .select({ zoneId: devices.zoneId })
            .from(devices)
            .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, channelIds)))
        ).map((d) => d.zoneId),
  );
  const coefficients = coefficientsOf(await listMeterNodes(db, scope, projectId));
  const nodeMetered = (id: number) => [...(coefficients.get(id)?.keys() ?? [])].some((d) => channels.has(d));
  return places.map((p) => ({
    ...p,
    metered:
      p.level === 'building'
        ? inBuildings.has(p.id)
        : p.level === 'floor'
          ? onFloors.has(p.id)
          : p.level === 'zone'
            ? inZones.has(p.id)
            : nodeMetered(p.id),
  }));
}

/** The bill's file name (`billFileName`): a floor's and a zone's say their building. */
export async function billFileNameOf(db: Db, scope: Scope, query: BillQuery, format: 'pdf' | 'xlsx') {
  const places = await placesOf(db, scope, query.projectId);
  const node = places.find((n) => n.level === query.level && n.id === query.nodeId);
  if (!node) throw notFound();
  return billFileName(node, billPlaceNames(node, places), query.month, format);
}

/** The node's building and name, in the project and the scope (404 otherwise). */
async function nodeOf(db: Db, scope: Scope, query: BillQuery) {
  const nodes = await placesOf(db, scope, query.projectId);
  const node = nodes.find((n) => n.level === query.level && n.id === query.nodeId);
  if (!node) throw notFound();
  let buildingId = node.id;
  if (node.level === 'floor') buildingId = node.parentId ?? 0;
  if (node.level === 'zone') {
    const floor = nodes.find((n) => n.level === 'floor' && n.id === node.parentId);
    buildingId = floor?.parentId ?? 0;
  }
  return { node, buildingId };
}

function lastDayOf(month: string): string {
  return addDays(`${nextMonthOf(month)}-01`, -1);
}

function nextMonthOf(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * A month's bill of a building, floor or zone: its meters' consumption and cost by tariff period, the
 * demand charge on the month's peak demand (the highest 15-minute average kW of the node's channels
 * together, from the stored readings, `demand.ts`; the highest hourly average when only the rollups are
 * left), each channel's own peak, the plan's fixed charges, the total, carbon, and each channel with its counter
 * readings at the month's start and end; the hours a channel did not report are listed as gaps (what the
 * meter counted across a gap is priced in the hour it reported again). Meters are placed as on the energy
 * board (a meter where its lowest channel is); a zone takes the channels marked in it.
 */
export async function energyBill(db: Db, scope: Scope, query: BillQuery, now = Date.now()): Promise<Bill> {
  // A meter tree node: the channels its consumption is made of, each +1 or −1 (a virtual meter).
  let coefficients: Map<number, number> | undefined;
  let node: { id: number; name: string; level: string };
  let buildingId: number | undefined;
  if (query.level === 'node') {
    await findProject(db, scope, query.projectId);
    const found = await meterNodeChannels(db, scope, query.projectId, query.nodeId);
    node = { id: found.node.id, name: found.node.name, level: 'node' };
    coefficients = found.coefficients;
  } else ({ node, buildingId } = await nodeOf(db, scope, query));
  const from = `${query.month}-01`;
  const to = lastDayOf(query.month);
  const board = await energyPlaces(db, scope, {
    projectId: query.projectId,
    period: 'MONTH',
    anchor: from,
    buildingId,
  });
  const zone = board.timeZone;
  let channels = board.meters.flatMap((m) =>
    m.channels.map((c) => ({ ...c, code: m.code, floorId: m.floorId })),
  );
  if (node.level === 'floor') channels = channels.filter((c) => c.floorId === node.id);
  if (node.level === 'zone') {
    const inZone = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(tenantFilter(scope, devices.tenantId), eq(devices.zoneId, node.id)));
    const ids = new Set(inZone.map((d) => d.id));
    channels = channels.filter((c) => ids.has(c.deviceId));
  }
  if (coefficients) channels = channels.filter((c) => coefficients.has(c.deviceId));
  const weight = (deviceId: number) => coefficients?.get(deviceId) ?? 1;
  if (channels.length === 0) throw badRequest('energy.noNode');
  const ids = channels.map((c) => c.deviceId);

  const { tariffs, factors } = await pricingOf(db, query.projectId);
  await ensureProfiles(db, zone, ids, await daySplits(db, query.projectId, tariffs, from, to));
  const priced = await costsOfPeriods(db, { ids, from, to, tariffs, factors, coefficients });

  // Peak demand, readings and gaps from the month's hourly rollups.
  const start = localMidnight(from, zone);
  const monthEnd = localMidnight(`${nextMonthOf(query.month)}-01`, zone);
  const end = Math.min(monthEnd, Math.floor(now / HOUR_MS) * HOUR_MS);
  const hourly = await db
    .select({
      deviceId: telemetryHourly.deviceId,
      bucket: telemetryHourly.bucket,
      delta: sql<number>`sum(${telemetryHourly.delta})`.mapWith(Number),
      min: sql<number>`min(${telemetryHourly.min})`.mapWith(Number),
      max: sql<number>`max(${telemetryHourly.max})`.mapWith(Number),
    })
    .from(telemetryHourly)
    .where(
      and(
        inArray(telemetryHourly.deviceId, ids),
        inArray(telemetryHourly.key, ENERGY_KEYS),
        gte(telemetryHourly.bucket, new Date(start)),
        lt(telemetryHourly.bucket, new Date(localMidnight(`${nextMonthOf(query.month)}-01`, zone))),
      ),
    )
    .groupBy(telemetryHourly.deviceId, telemetryHourly.bucket)
    .orderBy(asc(telemetryHourly.bucket));
  const byHour = new Map<number, number>();
  const hourPeaks = new Map<number, DemandPeak>();
  const readings = new Map<number, { start: number; end: number; hours: number[] }>();
  for (const row of hourly) {
    const ms = row.bucket.getTime();
    byHour.set(ms, (byHour.get(ms) ?? 0) + row.delta * weight(row.deviceId));
    const own = hourPeaks.get(row.deviceId);
    if (!own || row.delta > own.kw) hourPeaks.set(row.deviceId, { kw: row.delta, at: ms });
    const seen = readings.get(row.deviceId);
    // A reading's consumption is counted from the reading before it, in the hour of the reading (the
    // rollups' rule): the month's first hour carries what the counter counted since the previous month's last
    // reading. So the month starts from that reading (the first hour's last value less its consumption), not
    // from the first hour's lowest value, and end − start is what the month is billed (hourly history readings
    // at hh:59:59.999 left the whole first hour out).
    if (!seen) readings.set(row.deviceId, { start: row.max - row.delta, end: row.max, hours: [ms] });
    else {
      seen.end = row.max;
      seen.hours.push(ms);
    }
  }
  // Peak demand: 15-minute averages from the stored readings; the hourly rollups' when they are gone.
  const demandEnd = Math.max(start, Math.min(monthEnd, Math.floor(now / QUARTER_MS) * QUARTER_MS));
  await ensureDemand(db, zone, ids, from, to, now);
  const demand = await quarterDemand(db, ids, start, demandEnd, coefficients);
  let peak: DemandPeak | null = demand.total;
  let peakOf = demand.byChannel;
  const basis = peak ? 'quarterHour' : 'hour';
  if (!peak) {
    peakOf = hourPeaks;
    for (const [ms, kwh] of byHour) if (kwh > (peak?.kw ?? 0)) peak = { kw: kwh, at: ms };
  }
  const peakKw = peak?.kw ?? 0;
  const plan = inForce(tariffs, to);
  const charges = monthCharges(plan, peakKw);
  const fixed = charges.fixedCharges.reduce((s, c) => s + c.amount, 0);
  const local = (ms: number) => `${localDate(ms, zone)} ${localClock(ms, zone)}`;
  const gaps: Bill['gaps'] = [];
  let gapCount = 0;
  for (const c of channels) {
    for (const gap of gapsOf(readings.get(c.deviceId)?.hours ?? [], start, end, HOUR_MS)) {
      gapCount += 1;
      if (gaps.length < MAX_GAPS)
        gaps.push({ deviceId: c.deviceId, name: c.name, from: local(gap.from), to: local(gap.to) });
    }
  }
  const usedTariffs = tariffs.filter(
    (t, i) => t.validFrom <= to && (tariffs[i + 1]?.validFrom ?? '9999-12-31') > from,
  );
  return {
    projectId: query.projectId,
    month: query.month,
    level: query.level,
    nodeId: node.id,
    nodeName: node.name,
    currency: plan?.currency ?? 'CNY',
    timeZone: zone,
    tariffNames: usedTariffs.map((t) => t.name),
    kwh: priced.kwh,
    periods: TOU_PERIODS.map((period) => ({ period, ...priced.periods[period] })),
    energyCost: priced.cost,
    peakKw,
    peakAt: peak ? local(peak.at) : null,
    peakBasis: basis,
    demandCharge: charges.demandCharge,
    fixedCharges: charges.fixedCharges,
    total: priced.cost + charges.demandCharge + fixed,
    carbon: priced.carbon,
    meters: channels.map((c) => {
      const r = readings.get(c.deviceId);
      const own = peakOf.get(c.deviceId);
      return {
        deviceId: c.deviceId,
        name: c.name,
        code: c.code,
        channel: c.channel,
        startReading: r?.start ?? null,
        endReading: r?.end ?? null,
        // A virtual meter's subtracted channel counts negative.
        kwh: (priced.byChannel.get(c.deviceId) ?? 0) * weight(c.deviceId),
        peakKw: own?.kw ?? 0,
        peakAt: own ? local(own.at) : null,
      };
    }),
    gaps,
    gapCount,
  };
}
