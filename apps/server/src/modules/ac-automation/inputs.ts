import { and, asc, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { DEVICE_CONTROL_PERMISSION } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { buildings, zones } from '../buildings/tables.js';
import { describeInstant, inWorkingPeriod } from '../calendar/index.js';
import { deviceGroupMembers, deviceLatest, devices } from '../devices/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import type { WeatherProvider } from '../scenes/index.js';
import { weekdayOf } from '../calendar/index.js';
import type { AcConfig, AcInputs, UnitState } from './evaluator.js';
import type { acAutomations } from './tables.js';

type Row = typeof acAutomations.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** Readings that arrived but may not be committed yet (the telemetry bus runs ahead of the writer). */
export type LiveOverlay = Map<number, Record<string, unknown>>;

/** Models whose telemetry counts motions. */
export const MOTION_MODELS = ['pir10', 'e90'] as const;

/** The scope automatic runs act in: the config's tenant, allowed to switch devices, no user. */
export function automationScope(row: Row): Scope {
  return {
    userId: 0,
    tenantId: row.tenantId,
    roles: ['tbAdmin'],
    permissions: [DEVICE_CONTROL_PERMISSION],
    isAdmin: false,
  };
}

export function configOf(row: Row): AcConfig {
  return { ...row.rules, active: row.active };
}

/** The ACs a config drives now (a group's members of category ac), in order. */
export async function unitsOf(db: Db, row: Row): Promise<DeviceRow[]> {
  if (row.targetKind === 'device') {
    return db
      .select()
      .from(devices)
      .where(and(eq(devices.id, row.targetId), eq(devices.category, 'ac')));
  }
  const members = await db
    .select({ device: devices })
    .from(deviceGroupMembers)
    .innerJoin(devices, eq(devices.id, deviceGroupMembers.deviceId))
    .where(and(eq(deviceGroupMembers.groupId, row.targetId), eq(devices.category, 'ac')))
    .orderBy(asc(deviceGroupMembers.sort), asc(devices.id));
  return members.map((m) => m.device);
}

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const bool = (v: unknown): boolean | null =>
  typeof v === 'boolean' ? v : v === 1 ? true : v === 0 ? false : null;

/** The zone whose occupancy a config follows: its own, or its one AC's. */
export function zoneOf(row: Row, units: DeviceRow[]): number | null {
  if (row.zoneId !== null) return row.zoneId;
  return row.targetKind === 'device' ? (units[0]?.zoneId ?? null) : null;
}

/**
 * The zone's occupancy: its motion sensors' latest counts added up (null without a reading), and since
 * when none has seen motion (null when one does now; without any motion ever, the first reading).
 */
async function occupancy(
  db: Db,
  zoneId: number | null,
  overlay: LiveOverlay | undefined,
): Promise<{ motionCount: number | null; vacantSince: Date | null }> {
  if (zoneId === null) return { motionCount: null, vacantSince: null };
  const sensors = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.zoneId, zoneId), inArray(devices.model, [...MOTION_MODELS])));
  const ids = sensors.map((s) => s.id);
  if (ids.length === 0) return { motionCount: null, vacantSince: null };
  const latest = await db
    .select()
    .from(deviceLatest)
    .where(and(inArray(deviceLatest.deviceId, ids), inArray(deviceLatest.key, ['motionCount', 'pir'])));
  const reading = new Map<number, Record<string, unknown>>();
  for (const l of latest) reading.set(l.deviceId, { ...reading.get(l.deviceId), [l.key]: l.value });
  for (const id of ids) {
    const fresh = overlay?.get(id);
    if (fresh) reading.set(id, { ...reading.get(id), ...fresh });
  }
  if (reading.size === 0) return { motionCount: null, vacantSince: null };
  let motionCount = 0;
  let moving = false;
  for (const values of reading.values()) {
    const count = num(values.motionCount) ?? 0;
    motionCount += count;
    if (count > 0 || (num(values.pir) ?? 0) > 0) moving = true;
  }
  if (moving) return { motionCount, vacantSince: null };
  const motion = or(eq(telemetryRaw.key, 'motionCount'), eq(telemetryRaw.key, 'pir'));
  const [lastSeen] = await db
    .select({ ts: telemetryRaw.ts })
    .from(telemetryRaw)
    .where(and(inArray(telemetryRaw.deviceId, ids), motion, gte(telemetryRaw.num, 1)))
    .orderBy(desc(telemetryRaw.ts))
    .limit(1);
  if (lastSeen) return { motionCount, vacantSince: lastSeen.ts };
  const [first] = await db
    .select({ ts: telemetryRaw.ts })
    .from(telemetryRaw)
    .where(and(inArray(telemetryRaw.deviceId, ids), motion))
    .orderBy(asc(telemetryRaw.ts))
    .limit(1);
  const oldest = latest.reduce<Date | null>((a, l) => (a === null || l.ts < a ? l.ts : a), null);
  return { motionCount, vacantSince: first?.ts ?? oldest };
}

/**
 * Each unit's state now, from its latest readings, and when it was last heard from (ms; absent: never): its
 * newest reading, or its connection (or its gateway's announcing it), which tells a unit that has connected
 * since a change could not reach it (retry.ts).
 */
export async function unitStates(
  db: Db,
  units: DeviceRow[],
): Promise<{ states: Map<number, UnitState>; heardAt: Map<number, number> }> {
  const out = new Map<number, UnitState>();
  const heardAt = new Map<number, number>();
  for (const u of units) {
    out.set(u.id, { onOff: null, workMode: null, targetTemp: null, fanSpeed: null });
    if (u.lastActivityAt) heardAt.set(u.id, u.lastActivityAt.getTime());
  }
  if (units.length === 0) return { states: out, heardAt };
  const rows = await db
    .select()
    .from(deviceLatest)
    .where(
      and(
        inArray(
          deviceLatest.deviceId,
          units.map((u) => u.id),
        ),
        inArray(deviceLatest.key, ['onOff', 'workMode', 'targetTemp', 'fanSpeed', 'roomTemp']),
      ),
    );
  for (const r of rows) {
    const state = out.get(r.deviceId);
    if (!state) continue;
    heardAt.set(r.deviceId, Math.max(heardAt.get(r.deviceId) ?? 0, r.ts.getTime()));
    if (r.key === 'onOff') state.onOff = bool(r.value);
    if (r.key === 'workMode') state.workMode = str(r.value);
    if (r.key === 'targetTemp') state.targetTemp = num(r.value);
    if (r.key === 'fanSpeed') state.fanSpeed = str(r.value);
  }
  return { states: out, heardAt };
}

export interface Gathered {
  inputs: AcInputs;
  units: DeviceRow[];
  states: Map<number, UnitState>;
  /** When each unit was last heard from (ms): a reading, or its connection. */
  heardAt: Map<number, number>;
  localTime: string;
}

/** Everything the evaluator reads about a config at `now`. */
export async function gatherInputs(
  db: Db,
  row: Row,
  now: Date,
  options: { weather?: WeatherProvider | undefined; overlay?: LiveOverlay | undefined } = {},
): Promise<Gathered> {
  const units = await unitsOf(db, row);
  const zoneId = zoneOf(row, units);
  const [zone] =
    zoneId === null ? [] : await db.select({ type: zones.type }).from(zones).where(eq(zones.id, zoneId));
  const [day, occ, { states, heardAt }, room, place] = await Promise.all([
    describeInstant(db, automationScope(row), row.projectId, now, zone?.type),
    occupancy(db, zoneId, options.overlay),
    unitStates(db, units),
    units.length === 0
      ? []
      : db
          .select({ value: deviceLatest.value })
          .from(deviceLatest)
          .where(
            and(
              inArray(
                deviceLatest.deviceId,
                units.map((u) => u.id),
              ),
              eq(deviceLatest.key, 'roomTemp'),
            ),
          ),
    db
      .select({ latitude: buildings.latitude, longitude: buildings.longitude })
      .from(buildings)
      .where(eq(buildings.projectId, row.projectId))
      .orderBy(asc(buildings.id))
      .limit(1)
      .then((r) => r[0] ?? null),
  ]);
  const report = place && options.weather ? await options.weather.weatherAt(now, place) : null;
  const temps = room.flatMap((r) => {
    const v = num(r.value);
    return v === null ? [] : [v];
  });
  const onOffs = [...states.values()].map((s) => s.onOff);
  const [hours, minutes] = day.localTime.split(':').map(Number);
  return {
    inputs: {
      now,
      localMinutes: (hours ?? 0) * 60 + (minutes ?? 0),
      weekday: weekdayOf(day.date),
      workday: day.workday,
      inNap: inWorkingPeriod(day, 'NAP'),
      motionCount: occ.motionCount,
      vacantSince: occ.vacantSince,
      outdoorTemp: report?.temperature ?? null,
      roomTemp: temps.length === 0 ? null : temps.reduce((a, b) => a + b, 0) / temps.length,
      isOn: onOffs.some((o) => o === true)
        ? true
        : onOffs.every((o) => o === false) && onOffs.length > 0
          ? false
          : null,
      previous: row.lastDesired ?? null,
    },
    units,
    states,
    heardAt,
    localTime: day.localTime,
  };
}
