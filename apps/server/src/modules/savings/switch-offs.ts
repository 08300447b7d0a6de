import { and, inArray, sql } from 'drizzle-orm';
import {
  ratedWatts,
  SAVINGS_DEFAULT_DAYS,
  SAVINGS_MAX_OFF_HOURS,
  type SceneCommandResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { devices } from '../devices/tables.js';

/*
 * The savings rule (issue 8), one for scenes and AC automations: every successful switch-off a scene or an
 * automation sent keeps its device off until the device next reports on (by anyone), at most
 * SAVINGS_MAX_OFF_HOURS, clipped to the period; the energy is those hours times the device's rated draw
 * (RATED_WATTS of packages/shared/src/schemas/savings.ts, the simulator's power model).
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** One switch-off: whose (`owner`: a scene's or an automation's id), which device, when, its draw. */
export interface OffEvent {
  owner: number;
  deviceId: number;
  at: Date;
  watts: number;
}

/** What one owner saved: hours its switch-offs kept devices off, and the energy, kWh. */
export interface OwnerSaving {
  offHours: number;
  kwh: number;
}

/** The period of a savings question, and the building its devices must be in (absent: any). */
export interface SavingsQuery {
  from?: string | undefined;
  to?: string | undefined;
  buildingId?: number | undefined;
}

/** The period asked, default the last SAVINGS_DEFAULT_DAYS days up to `now`. */
export function savingsPeriod(period: SavingsQuery, now: Date): { from: Date; to: Date } {
  const to = period.to ? new Date(period.to) : now;
  const from = period.from ? new Date(period.from) : new Date(to.getTime() - SAVINGS_DEFAULT_DAYS * DAY_MS);
  return { from, to };
}

/** Switch-offs sent this long before the period can still keep a device off inside it. */
export function lookbackStart(from: Date): Date {
  return new Date(from.getTime() - SAVINGS_MAX_OFF_HOURS * HOUR_MS);
}

/**
 * The successful commands of a run that switched their device off: `setOnOff` false, or `setBrightness`
 * to 0 (a light goes off at level 0).
 */
export function offCommands(commands: SceneCommandResult[]): SceneCommandResult[] {
  return commands.filter(
    (c) =>
      c.result === 'success' &&
      ((c.method === 'setOnOff' && c.params.onOff === false) ||
        (c.method === 'setBrightness' && c.params.lightnessLevel === 0)),
  );
}

/**
 * The hours a switch-off at `at` kept its device off within [from, to]: until `endAt` (the device next
 * reported on, or was switched off again; null when neither), at most SAVINGS_MAX_OFF_HOURS, clipped to
 * the period. Pure.
 */
export function keptOffHours(at: Date, endAt: Date | null, from: Date, to: Date): number {
  const cap = at.getTime() + SAVINGS_MAX_OFF_HOURS * HOUR_MS;
  const end = Math.min(endAt?.getTime() ?? Infinity, cap, to.getTime());
  const start = Math.max(at.getTime(), from.getTime());
  return Math.max(0, end - start) / HOUR_MS;
}

/**
 * Sums the savings of each owner. `nextOn(event)` is when the event's device next reported on after it.
 * A device switched off again while still off (by the same or another owner) counts once: the earlier
 * stretch ends at the later switch-off. Owners in `owners` without events get zero. Pure apart from nextOn.
 */
export async function sumSavings(
  events: OffEvent[],
  owners: number[],
  from: Date,
  to: Date,
  nextOn: (event: OffEvent) => Promise<Date | null> | Date | null,
): Promise<Map<number, OwnerSaving>> {
  const result = new Map<number, OwnerSaving>(owners.map((o) => [o, { offHours: 0, kwh: 0 }]));
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const [i, event] of sorted.entries()) {
    const saving = result.get(event.owner);
    if (!saving) continue;
    const on = await nextOn(event);
    const again = sorted.slice(i + 1).find((e) => e.deviceId === event.deviceId && e.at >= event.at);
    const ends = [on, again?.at ?? null].filter((d): d is Date => d !== null);
    const endAt = ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null;
    const hours = keptOffHours(event.at, endAt, from, to);
    saving.offHours += hours;
    saving.kwh += (hours * event.watts) / 1000;
  }
  for (const saving of result.values()) {
    saving.offHours = round(saving.offHours);
    saving.kwh = round(saving.kwh);
  }
  return result;
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Events looked up per statement in `nextOnReports`. */
const LOOKUP_BATCH = 500;

/**
 * When each event's device next reported `onOff` true after the event (raw telemetry), all in a few
 * statements (one per LOOKUP_BATCH events, each an index probe of telemetry_raw's primary key per event),
 * not one round trip per event. Answers a lookup for `sumSavings`.
 */
export async function nextOnReports(
  db: Db,
  events: { deviceId: number; at: Date }[],
): Promise<(event: { deviceId: number; at: Date }) => Date | null> {
  const key = (e: { deviceId: number; at: Date }) => `${e.deviceId}@${e.at.getTime()}`;
  const unique = [...new Map(events.map((e) => [key(e), e])).values()];
  const found = new Map<string, Date | null>();
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    const batch = unique.slice(i, i + LOOKUP_BATCH).map((e) => ({ d: e.deviceId, t: e.at.getTime() }));
    const result = await db.execute(sql`
      select e.d as "deviceId", e.t as "at",
        (select extract(epoch from r.ts) * 1000 from telemetry_raw r
          where r.device_id = e.d and r.key = 'onOff' and r.num = 1 and r.ts > to_timestamp(e.t / 1000.0)
          order by r.ts limit 1) as "onAt"
      from json_to_recordset(${JSON.stringify(batch)}::json) as e(d int, t float8)`);
    for (const row of rowsOf(result)) {
      const onAt: unknown = Reflect.get(row, 'onAt');
      found.set(
        `${Number(Reflect.get(row, 'deviceId'))}@${Number(Reflect.get(row, 'at'))}`,
        onAt === null || onAt === undefined ? null : new Date(Number(onAt)),
      );
    }
  }
  return (e) => found.get(key(e)) ?? null;
}

function rowsOf(result: unknown): object[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  return Array.isArray(rows) ? rows.filter((r): r is object => typeof r === 'object' && r !== null) : [];
}

/**
 * Each switch-off with its device's draw (RATED_WATTS of its category), the devices read through the
 * tenancy scope; with `buildingId`, only the devices of that building (a device of another tenant or
 * building drops out).
 */
export async function withDraw(
  db: Db,
  scope: Scope,
  offs: Omit<OffEvent, 'watts'>[],
  buildingId?: number,
  watts: (category: string) => number = ratedWatts,
): Promise<OffEvent[]> {
  const ids = [...new Set(offs.map((e) => e.deviceId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id, category: devices.category, buildingId: devices.buildingId })
    .from(devices)
    .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, ids)));
  const known = new Map(
    rows.filter((d) => buildingId === undefined || d.buildingId === buildingId).map((d) => [d.id, d]),
  );
  return offs.flatMap((e) => {
    const device = known.get(e.deviceId);
    // A device since deleted still counts towards the whole project, at the draw of none known.
    if (!device) return buildingId === undefined ? [{ ...e, watts: 0 }] : [];
    return [{ ...e, watts: watts(device.category) }];
  });
}
