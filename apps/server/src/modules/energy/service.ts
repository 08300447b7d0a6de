import { and, asc, eq } from 'drizzle-orm';
import {
  ENERGY_TOP_CONSUMERS,
  energyChange,
  type EnergyBoard,
  type EnergyBuilding,
  type EnergyChannel,
  type EnergyMeter,
  type EnergyQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { comparisonOf, localDate, periodRange } from './periods.js';
import { curveOf, totalOf, usage, usageBefore } from './usage.js';

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
 * The energy board of a project for a period, beside the previous period (up to the same moment while this
 * one runs: periods.ts, comparisonOf): totals, the curve, the breakdown
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
  const { previous, until } = comparisonOf(query.period, current, now, zone);
  const [channels, options] = await Promise.all([
    channelsOf(db, scope, query),
    buildingOptions(db, scope, query.projectId),
  ]);
  const ids = channels.map((c) => c.id);
  const [thisPeriod, before, beforeUntil] = withUsage
    ? await Promise.all([
        usage(db, ids, query.period, current, zone),
        usage(db, ids, query.period, previous, zone),
        until === null ? null : usageBefore(db, ids, previous, until.at, zone),
      ])
    : [new Map(), new Map(), null];
  // What each channel is compared with: the previous period up to the same moment while this one runs.
  const previousOf = (id: number) => (beforeUntil ? (beforeUntil.get(id) ?? 0) : totalOf(before.get(id)));

  // Meters: channels grouped by meter address, placed where their first channel is.
  const meters = new Map<string, { meter: EnergyMeter; first: ChannelRow; firstChannel: number }>();
  const channelOut = new Map<number, EnergyChannel>();
  for (const row of channels) {
    const channel = channelNumber(row.props);
    const item: EnergyChannel = {
      deviceId: row.id,
      name: row.name,
      channel,
      ...compare(totalOf(thisPeriod.get(row.id)), previousOf(row.id)),
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
    comparedUntil: until && { date: until.date, time: until.time },
    ...compare(energy, prevTotal),
    previousWhole: [...before.values()].reduce((s: number, b) => s + totalOf(b), 0),
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
