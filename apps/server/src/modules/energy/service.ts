import { and, asc, between, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  ENERGY_TOP_CONSUMERS,
  energyChange,
  type EnergyBoard,
  type EnergyBuilding,
  type EnergyChannel,
  type EnergyMeter,
  type EnergyPeriod,
  type EnergyPoint,
  type EnergyQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { telemetryDaily, telemetryHourly } from '../telemetry/tables.js';
import {
  datesOf,
  HOUR_MS,
  hoursOf,
  localClock,
  localDate,
  localMidnight,
  monthsOf,
  periodRange,
  previousRange,
  type LocalRange,
} from './periods.js';

/** The counter keys of an ammeter channel (rollups' `delta` is their consumption, meter resets included). */
const ENERGY_KEYS = ['energy', 'energy1', 'energy2', 'energy3', 'energy4'];

/** A channel device with its place. */
interface ChannelRow {
  id: number;
  name: string;
  props: Record<string, unknown>;
  parentId: number | null;
  buildingId: number;
  buildingName: string;
  floorId: number | null;
  floorName: string | null;
  floorSort: number | null;
}

/** Consumption by device and bucket key (an hour start in ms, a date or a month). */
type Usage = Map<number, Map<string, number>>;

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
async function usage(
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
    const rows = await db
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
          gte(telemetryHourly.bucket, new Date(start)),
          lt(telemetryHourly.bucket, new Date(start + hours.length * HOUR_MS)),
        ),
      )
      .groupBy(telemetryHourly.deviceId, telemetryHourly.bucket);
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

function totalOf(byBucket: Map<string, number> | undefined): number {
  let sum = 0;
  for (const value of byBucket?.values() ?? []) sum += value;
  return sum;
}

function channelNumber(props: Record<string, unknown>): number | null {
  return typeof props.channel === 'number' ? props.channel : null;
}

/** The meter a channel belongs to: its gateway and meter address (a device without an address is its own meter). */
function meterKey(row: ChannelRow): { key: string; code: string } {
  const code = typeof row.props.codeAddr === 'string' ? row.props.codeAddr : '';
  return code ? { key: `${row.parentId ?? ''}|${code}`, code } : { key: `device:${row.id}`, code: row.name };
}

function compare(energy: number, previous: number) {
  return { energy, previous, changePercent: energyChange(energy, previous) };
}

/** The project (in scope) and, when named, the building (in scope and in the project); 404 otherwise. */
export async function checkScope(db: Db, scope: Scope, query: EnergyQuery) {
  const [project] = await db
    .select({ id: projects.id, tenantId: projects.tenantId, timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, query.projectId));
  const owned = ownedOr404(scope, project);
  if (query.buildingId !== undefined) {
    const [building] = await db
      .select({ tenantId: buildings.tenantId, projectId: buildings.projectId })
      .from(buildings)
      .where(eq(buildings.id, query.buildingId));
    if (ownedOr404(scope, building).projectId !== owned.id) throw notFound();
  }
  return owned;
}

async function channelsOf(db: Db, scope: Scope, query: EnergyQuery): Promise<ChannelRow[]> {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      props: devices.props,
      parentId: devices.parentId,
      buildingId: devices.buildingId,
      buildingName: buildings.name,
      floorId: devices.floorId,
      floorName: floors.name,
      floorSort: floors.sort,
    })
    .from(devices)
    .innerJoin(buildings, eq(buildings.id, devices.buildingId))
    .leftJoin(floors, eq(floors.id, devices.floorId))
    .where(
      and(
        tenantFilter(scope, devices.tenantId),
        eq(devices.projectId, query.projectId),
        eq(devices.category, 'ammeter'),
        query.buildingId === undefined ? undefined : eq(devices.buildingId, query.buildingId),
      ),
    )
    .orderBy(asc(buildings.id), asc(devices.id));
}

/** The buildings of the project the caller may choose from (the board's building filter). */
async function buildingOptions(db: Db, scope: Scope, projectId: number) {
  return db
    .select({ id: buildings.id, name: buildings.name })
    .from(buildings)
    .where(and(tenantFilter(scope, buildings.tenantId), eq(buildings.projectId, projectId)))
    .orderBy(asc(buildings.id));
}

/**
 * The energy board of a project for a period, beside the previous period: totals, the curve, the breakdown
 * by building, floor, meter and channel, and the largest consumers. Every figure is summed from the same
 * per-channel, per-bucket consumption, so channels add up to their meter, meters to their floor, floors to
 * their building, buildings and buckets to the total. A meter is placed where its first channel is.
 */
export async function energyBoard(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
  withUsage = true,
): Promise<EnergyBoard> {
  const project = await checkScope(db, scope, query);
  const zone = project.timeZone;
  const anchor = query.anchor ?? localDate(now, zone);
  const current = periodRange(query.period, anchor);
  const previous = previousRange(query.period, current);
  const [channels, options] = await Promise.all([
    channelsOf(db, scope, query),
    buildingOptions(db, scope, query.projectId),
  ]);
  const ids = channels.map((c) => c.id);
  const [thisPeriod, before] = withUsage
    ? await Promise.all([
        usage(db, ids, query.period, current, zone),
        usage(db, ids, query.period, previous, zone),
      ])
    : [new Map(), new Map()];

  // Meters: channels grouped by meter address, placed where their first channel is.
  const meters = new Map<string, { meter: EnergyMeter; first: ChannelRow; firstChannel: number }>();
  const channelOut = new Map<number, EnergyChannel>();
  for (const row of channels) {
    const channel = channelNumber(row.props);
    const item: EnergyChannel = {
      deviceId: row.id,
      name: row.name,
      channel,
      ...compare(totalOf(thisPeriod.get(row.id)), totalOf(before.get(row.id))),
    };
    channelOut.set(row.id, item);
    const { key, code } = meterKey(row);
    const order = channel ?? Number.MAX_SAFE_INTEGER;
    const entry = meters.get(key);
    if (!entry) {
      meters.set(key, {
        first: row,
        firstChannel: order,
        meter: { code, ...placeOf(row), ...compare(0, 0), channels: [item] },
      });
      continue;
    }
    entry.meter.channels.push(item);
    if (order < entry.firstChannel) {
      entry.first = row;
      entry.firstChannel = order;
      Object.assign(entry.meter, placeOf(row));
    }
  }
  const meterList = [...meters.values()].map(({ meter, first }) => {
    meter.channels.sort((a, b) => (a.channel ?? 99) - (b.channel ?? 99) || a.deviceId - b.deviceId);
    const energy = meter.channels.reduce((s, c) => s + c.energy, 0);
    const prev = meter.channels.reduce((s, c) => s + c.previous, 0);
    return { meter: { ...meter, ...compare(energy, prev) }, first };
  });

  // Floors within buildings, from the meters.
  const buildingMap = new Map<number, EnergyBuilding & { sorts: Map<number | null, number> }>();
  for (const { meter, first } of meterList) {
    let building = buildingMap.get(meter.buildingId);
    if (!building) {
      building = {
        buildingId: meter.buildingId,
        name: meter.buildingName,
        ...compare(0, 0),
        floors: [],
        sorts: new Map(),
      };
      buildingMap.set(meter.buildingId, building);
    }
    let floor = building.floors.find((f) => f.floorId === meter.floorId);
    if (!floor) {
      floor = { floorId: meter.floorId, name: meter.floorName, ...compare(0, 0) };
      building.floors.push(floor);
      building.sorts.set(meter.floorId, first.floorSort ?? Number.MAX_SAFE_INTEGER);
    }
    floor.energy += meter.energy;
    floor.previous += meter.previous;
  }
  const buildingList: EnergyBuilding[] = [...buildingMap.values()].map(({ sorts, ...b }) => {
    const floorList = b.floors
      .map((f) => ({ ...f, ...compare(f.energy, f.previous) }))
      .sort(
        (x, y) =>
          (sorts.get(x.floorId) ?? 0) - (sorts.get(y.floorId) ?? 0) || (x.floorId ?? 0) - (y.floorId ?? 0),
      );
    const energy = floorList.reduce((s, f) => s + f.energy, 0);
    const prev = floorList.reduce((s, f) => s + f.previous, 0);
    return { ...b, ...compare(energy, prev), floors: floorList };
  });
  const energy = buildingList.reduce((s, b) => s + b.energy, 0);
  const prevTotal = buildingList.reduce((s, b) => s + b.previous, 0);

  return {
    projectId: project.id,
    period: query.period,
    anchor,
    timeZone: zone,
    current,
    previousRange: previous,
    ...compare(energy, prevTotal),
    curve: curveOf(query.period, current, previous, zone, thisPeriod, before, now),
    buildings: buildingList,
    buildingOptions: options,
    meters: meterList.map(({ meter }) => meter),
    top: topOf(
      meterList.map(({ meter }) => meter),
      energy,
    ),
  };
}

function placeOf(row: ChannelRow) {
  return {
    buildingId: row.buildingId,
    buildingName: row.buildingName,
    floorId: row.floorId,
    floorName: row.floorName ?? '',
  };
}

function sumBuckets(use: Usage): Map<string, number> {
  const out = new Map<string, number>();
  for (const byBucket of use.values()) {
    for (const [key, value] of byBucket) out.set(key, (out.get(key) ?? 0) + value);
  }
  return out;
}

function curveOf(
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

function topOf(meters: readonly EnergyMeter[], total: number) {
  return meters
    .flatMap((m) =>
      m.channels.map((c) => ({
        deviceId: c.deviceId,
        name: c.name,
        meterCode: m.code,
        channel: c.channel,
        buildingName: m.buildingName,
        floorName: m.floorName,
        energy: c.energy,
        share: total > 0 ? Math.round((c.energy / total) * 1000) / 10 : 0,
      })),
    )
    .filter((c) => c.energy > 0)
    .sort((a, b) => b.energy - a.energy || a.deviceId - b.deviceId)
    .slice(0, ENERGY_TOP_CONSUMERS);
}

/**
 * The board's places without its figures: the periods, the meters with their channels, floors and buildings
 * exactly as energyBoard places them, every kWh 0 (for callers that price the same channels, issue 22).
 */
export function energyPlaces(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergyBoard> {
  return energyBoard(db, scope, query, now, false);
}
