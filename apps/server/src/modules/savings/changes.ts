import { and, inArray } from 'drizzle-orm';
import {
  drawWatts,
  SAVINGS_DEFAULT_DAYS,
  SAVINGS_EVIDENCE_MAX,
  SAVINGS_MAX_OFF_HOURS,
  type PowerState,
  type SavingEvidence,
  type SavingOwnerKind,
  type SavingsEvidence,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { devices } from '../devices/tables.js';
import type { PlainSaving } from './baseline-arithmetic.js';
import { withBaselines } from './baseline.js';
import {
  CONTEXT_KEYS,
  CONTROL_KEYS,
  emptyState,
  firstDifferent,
  lastBefore,
  stored,
  valueOf,
  type Probe,
} from './readings.js';

/*
 * The savings rule (issue 23), one for scenes and AC automations: a saving is what really changed. A device
 * an automation commanded counts only when its reported state before the command drew more (on, brighter,
 * cooling harder) than the state it reported just after it; the saving lasts until the device next reports
 * a change (whoever made it), at most SAVINGS_MAX_OFF_HOURS, clipped to the period. Its power is the
 * difference of the two states' draws by the shared power model (`drawWatts`, the simulator's). That plain
 * saving is then held to its baseline (baseline.ts): only the share the device would otherwise have drawn on
 * comparable days counts. Each saving keeps its evidence: both states, the times, the draws, the baseline.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The lower state must be reported this soon after the command to be the command's doing. */
export const REPORTED_WITHIN_MS = 2 * 60_000;

/** A run of `owner` (a scene's, a noon nap's or an AC automation's id) that sent commands to `deviceId` at `at`. */
export interface CommandEvent {
  owner: number;
  /** Which of the three the owner is: its baselines are kept under it (baseline.ts). */
  ownerKind: SavingOwnerKind;
  deviceId: number;
  at: Date;
}

/** What one owner saved: hours its savings lasted (summed over devices), and the energy, kWh. */
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

/** Commands sent this long before the period can still be saving inside it. */
export function lookbackStart(from: Date): Date {
  return new Date(from.getTime() - SAVINGS_MAX_OFF_HOURS * HOUR_MS);
}

export { mayLowerDraw } from './readings.js';

/** The readings around one command: the state before, the first changes after it, the next change after those. */
export interface Observed {
  before: PowerState;
  /** Keys reported changed within REPORTED_WITHIN_MS of the command, with when. */
  changes: { key: keyof PowerState; value: PowerState[keyof PowerState]; at: Date }[];
  /** The first later report that changed a control key again (null: none before the cap). */
  nextChangeAt: Date | null;
}

/**
 * One command's saving, or null when there is none: the device's state before must be known and draw more
 * than the state it reported after the command (within REPORTED_WITHIN_MS). It lasts from that report until
 * the next reported change, at most SAVINGS_MAX_OFF_HOURS, clipped to [from, to]: the plain rule, before
 * its baseline (`withBaseline`). Pure.
 */
export function savingOf(
  event: Omit<CommandEvent, 'ownerKind'> & { category: string; deviceName: string },
  observed: Observed,
  from: Date,
  to: Date,
): PlainSaving | null {
  if (observed.changes.length === 0) return null;
  const after: PowerState = { ...observed.before };
  for (const c of observed.changes) Object.assign(after, { [c.key]: c.value });
  const beforeWatts = drawWatts(event.category, observed.before);
  const afterWatts = drawWatts(event.category, after);
  if (beforeWatts === null || afterWatts === null || afterWatts >= beforeWatts) return null;
  const afterAt = new Date(Math.max(...observed.changes.map((c) => c.at.getTime())));
  const cap = afterAt.getTime() + SAVINGS_MAX_OFF_HOURS * HOUR_MS;
  const next = observed.nextChangeAt?.getTime() ?? Infinity;
  const end = Math.min(next, cap);
  // Still lasting at the end of the period (the later readings were not looked at): open.
  const hours = (Math.min(end, to.getTime()) - Math.max(afterAt.getTime(), from.getTime())) / HOUR_MS;
  // Nothing of it in the period.
  if (hours <= 0) return null;
  const savedWatts = beforeWatts - afterWatts;
  return {
    owner: event.owner,
    deviceId: event.deviceId,
    deviceName: event.deviceName,
    category: event.category,
    commandAt: event.at.toISOString(),
    before: observed.before,
    after,
    afterAt: afterAt.toISOString(),
    endAt:
      next <= cap ? new Date(next).toISOString() : cap <= to.getTime() ? new Date(cap).toISOString() : null,
    endReason: next <= cap ? 'changed' : cap <= to.getTime() ? 'maxHours' : 'ongoing',
    beforeWatts: round(beforeWatts),
    afterWatts: round(afterWatts),
    savedWatts: round(savedWatts),
    hours: fine(hours),
    kwh: fine((hours * savedWatts) / 1000),
  };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Each saving's hours and kWh keep four decimals: a minute's saving is not lost before the sums round. */
function fine(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

/** Sums each owner's savings; owners without any get zero. Pure. */
export function sumByOwner(savings: SavingEvidence[], owners: number[]): Map<number, OwnerSaving> {
  const result = new Map<number, OwnerSaving>(owners.map((o) => [o, { offHours: 0, kwh: 0 }]));
  for (const s of savings) {
    const total = result.get(s.owner);
    if (!total) continue;
    total.offHours += s.hours;
    total.kwh += s.kwh;
  }
  for (const total of result.values()) {
    total.offHours = round(total.offHours);
    total.kwh = round(total.kwh);
  }
  return result;
}

/**
 * Reads what each command's device reported around it (telemetry_raw, a few statements per 500 probes, each
 * an index probe of its primary key) and answers the savings with their evidence. Devices are read through
 * the tenancy scope; with `buildingId` only that building's count. A run's several commands to one device
 * are one event.
 */
export async function savingsOf(
  db: Db,
  scope: Scope,
  commands: CommandEvent[],
  period: { from: Date; to: Date },
  buildingId?: number,
): Promise<SavingEvidence[]> {
  const unique = [
    ...new Map(commands.map((c) => [`${c.owner}:${c.deviceId}:${c.at.getTime()}`, c])).values(),
  ];
  const ids = [...new Set(unique.map((e) => e.deviceId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      category: devices.category,
      buildingId: devices.buildingId,
      projectId: devices.projectId,
    })
    .from(devices)
    .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, ids)));
  const known = new Map(
    rows.filter((d) => buildingId === undefined || d.buildingId === buildingId).map((d) => [d.id, d]),
  );
  const events = unique
    .map((e) => ({ ...e, device: known.get(e.deviceId) }))
    .filter((e): e is CommandEvent & { device: (typeof rows)[number] } => e.device !== undefined)
    .filter((e) => CONTROL_KEYS[e.device.category] !== undefined);

  const keysOf = (category: string) => [...(CONTROL_KEYS[category] ?? []), ...(CONTEXT_KEYS[category] ?? [])];
  const beforeProbes: Probe[] = events.flatMap((e, i) =>
    keysOf(e.device.category).map((k) => ({ i, d: e.deviceId, k, t: e.at.getTime() })),
  );
  const beforeRows = await lastBefore(db, beforeProbes);
  const befores = events.map((e, i) => {
    const state = emptyState();
    for (const k of keysOf(e.device.category)) {
      const r = beforeRows.get(`${i}:${k}`);
      if (r) Object.assign(state, { [k]: valueOf(k, r.num, r.txt) });
    }
    return state;
  });

  const changeProbes: Probe[] = events.flatMap((e, i) =>
    (CONTROL_KEYS[e.device.category] ?? []).map((k) => ({
      i,
      d: e.deviceId,
      k,
      t: e.at.getTime(),
      u: e.at.getTime() + REPORTED_WITHIN_MS,
      ...stored(k, befores[i]?.[k] ?? null),
    })),
  );
  const changeRows = await firstDifferent(db, changeProbes);
  const changes = events.map((e, i) =>
    (CONTROL_KEYS[e.device.category] ?? []).flatMap((k) => {
      const r = changeRows.get(`${i}:${k}`);
      return r ? [{ key: k, value: valueOf(k, r.num, r.txt), at: r.ts }] : [];
    }),
  );

  const endProbes: Probe[] = events.flatMap((e, i) => {
    const found = changes[i] ?? [];
    if (found.length === 0) return [];
    const afterAt = Math.max(...found.map((c) => c.at.getTime()));
    const after: PowerState = { ...(befores[i] ?? emptyState()) };
    for (const c of found) Object.assign(after, { [c.key]: c.value });
    const until = Math.min(afterAt + SAVINGS_MAX_OFF_HOURS * HOUR_MS, period.to.getTime());
    return (CONTROL_KEYS[e.device.category] ?? []).map((k) => ({
      i,
      d: e.deviceId,
      k,
      t: afterAt,
      u: until,
      ...stored(k, after[k]),
    }));
  });
  const endRows = await firstDifferent(db, endProbes);

  const out: PlainSaving[] = [];
  for (const [i, e] of events.entries()) {
    const ends = (CONTROL_KEYS[e.device.category] ?? [])
      .map((k) => endRows.get(`${i}:${k}`)?.ts.getTime())
      .filter((v): v is number => v !== undefined);
    const saving = savingOf(
      {
        owner: e.owner,
        deviceId: e.deviceId,
        at: e.at,
        category: e.device.category,
        deviceName: e.device.name,
      },
      {
        before: befores[i] ?? emptyState(),
        changes: changes[i] ?? [],
        nextChangeAt: ends.length ? new Date(Math.min(...ends)) : null,
      },
      period.from,
      period.to,
    );
    if (saving) out.push(saving);
  }
  // Each held to what the device would otherwise have drawn on comparable days (./baseline.ts).
  const kinds = new Map(unique.map((e) => [`${e.owner}:${e.deviceId}:${e.at.toISOString()}`, e.ownerKind]));
  return withBaselines(db, scope, out, new Map(rows.map((d) => [d.id, d.projectId])), period, (s) =>
    kinds.get(`${s.owner}:${s.deviceId}:${s.commandAt}`),
  );
}

/** The evidence call's answer: newest first, cut at SAVINGS_EVIDENCE_MAX, the total of all. Pure. */
export function evidenceAnswer(rows: SavingEvidence[], range: { from: Date; to: Date }): SavingsEvidence {
  const sorted = [...rows].sort((a, b) => b.afterAt.localeCompare(a.afterAt));
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    kwh: round(rows.reduce((s, r) => s + r.kwh, 0)),
    total: rows.length,
    rows: sorted.slice(0, SAVINGS_EVIDENCE_MAX),
  };
}
