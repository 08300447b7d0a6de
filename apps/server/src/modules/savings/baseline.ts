import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import {
  SAVINGS_BASELINE_LOOKBACK_DAYS,
  SAVINGS_BASELINE_ZONE_DEVICES,
  type PowerState,
  type SavingOwnerKind,
  type SavingEvidence,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { describeDates, localTimeOf, previousDate } from '../calendar/index.js';
import { devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { sceneRuns } from '../scenes/tables.js';
import {
  baselineOf,
  comparableDates,
  DAY_MS,
  dayShare,
  daysBetween,
  keptBaselineOf,
  windowOf,
  withBaseline,
  zoneBaselineOf,
  type PlainSaving,
} from './baseline-arithmetic.js';
import { keepBaselines, keptBaselines, type KeptKey } from './kept-baselines.js';
import { changePoints, CONTROL_KEYS, lastBefore, mayLowerDraw, valueOf, type Probe } from './readings.js';

/*
 * The baseline a saving is held to (issue 23). The plain rule counts a switch-off until the device next
 * reports a change, up to 10 h; but people leaving at 18:00 would have switched most lights off within the
 * hour themselves. So a saving counts only what the device would otherwise have drawn: over the same hours of
 * the SAVINGS_BASELINE_DAYS most recent comparable days (the same day type on the project's calendar, before
 * the command's date, within SAVINGS_BASELINE_LOOKBACK_DAYS, on which no automation sent the device a command
 * that lowers its draw), the share of the saved watts its reported states drew above the lower state. A
 * light on all those hours keeps the whole saving, one switched off by its people at 18:10 keeps ten
 * minutes' worth. Never more than the plain rule (the share is at most 1). A device with no comparable day
 * whose state is known is first held to the baseline kept when the same owner last found comparable days
 * for it (`source: 'kept'`, tables.ts: an automation that runs every workday for longer than the lookback
 * leaves none of its own, and raw telemetry is deleted after its retention), then read from the
 * same-category devices of its zone on theirs (`source: 'zone'`); with none either, the plain rule counts
 * and the evidence says so (`source: 'none'`).
 *
 * This file reads what the baseline needs (the runs, the comparable days' reports, the zone's devices) and
 * puts it together; the arithmetic on what it reads is baseline-arithmetic.ts, the kept rows kept-baselines.ts.
 */

/**
 * Each device's local dates on which an automation (a scene, a noon nap, an AC automation: any run) sent it
 * a command that can lower its draw, in [from, to]: those days are not comparable days.
 */
async function automatedDates(
  db: Db,
  scope: Scope,
  projectId: number,
  deviceIds: number[],
  range: { from: Date; to: Date },
  timeZone: string,
): Promise<Map<number, Set<string>>> {
  const wanted = new Set(deviceIds);
  const rows = await db
    .select({ startedAt: sceneRuns.startedAt, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        gte(sceneRuns.startedAt, range.from),
        lte(sceneRuns.startedAt, range.to),
        sql`exists (select 1 from jsonb_array_elements(${sceneRuns.commands}) c
          where (c ->> 'deviceId')::int in (select json_array_elements_text(${JSON.stringify(deviceIds)}::json)::int))`,
      ),
    );
  const out = new Map<number, Set<string>>();
  for (const run of rows) {
    const date = localTimeOf(run.startedAt, timeZone).date;
    for (const c of run.commands) {
      if (!wanted.has(c.deviceId) || !mayLowerDraw(c)) continue;
      const dates = out.get(c.deviceId) ?? new Set<string>();
      dates.add(date);
      out.set(c.deviceId, dates);
    }
  }
  return out;
}

/** One saving's comparable day on one device (its own, or a zone mate's), `shift` ms from the saving's day. */
interface DayProbe {
  n: number;
  deviceId: number;
  day: string;
  shift: number;
}

/** Reads each probed day's states over the saving's hours and answers its share (null: state not known). */
async function readShares(
  db: Db,
  own: readonly PlainSaving[],
  windows: readonly { start: number; end: number }[],
  pairs: readonly DayProbe[],
): Promise<{ date: string; share: number | null; deviceId: number }[][]> {
  const probes: Probe[] = pairs.flatMap((p, i) => {
    const s = own[p.n];
    const w = windows[p.n];
    if (!s || !w) return [];
    return (CONTROL_KEYS[s.category] ?? []).map((k) => ({
      i,
      d: p.deviceId,
      k,
      t: w.start + p.shift,
      u: w.end + p.shift,
    }));
  });
  const [startRows, changeRows] = await Promise.all([lastBefore(db, probes), changePoints(db, probes)]);
  const shares: { date: string; share: number | null; deviceId: number }[][] = own.map(() => []);
  for (const [i, p] of pairs.entries()) {
    const s = own[p.n];
    const w = windows[p.n];
    if (!s || !w) continue;
    const keys = CONTROL_KEYS[s.category] ?? [];
    const start: Partial<PowerState> = {};
    for (const k of keys) {
      const r = startRows.get(`${i}:${k}`);
      if (r) Object.assign(start, { [k]: valueOf(k, r.num, r.txt) });
    }
    const changes = (changeRows.get(i) ?? []).flatMap((c) => {
      const key = keys.find((k) => k === c.k);
      return key ? [{ key, value: valueOf(key, c.num, c.txt), at: c.ts }] : [];
    });
    shares[p.n]?.push({
      date: p.day,
      deviceId: p.deviceId,
      share: dayShare(s, { date: p.day, start, changes }, w.start + p.shift, w.end + p.shift),
    });
  }
  return shares;
}

/** Devices of the same category in the same zone, by device (for the savings whose own history is thin). */
async function zoneMates(
  db: Db,
  scope: Scope,
  projectId: number,
  deviceIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (deviceIds.length === 0) return out;
  const placed = await db
    .select({ id: devices.id, zoneId: devices.zoneId, category: devices.category })
    .from(devices)
    .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, deviceIds)));
  const zoneIds = [...new Set(placed.flatMap((d) => (d.zoneId === null ? [] : [d.zoneId])))];
  if (zoneIds.length === 0) return out;
  const candidates = await db
    .select({ id: devices.id, zoneId: devices.zoneId, category: devices.category })
    .from(devices)
    .where(
      and(
        tenantFilter(scope, devices.tenantId),
        eq(devices.projectId, projectId),
        inArray(devices.zoneId, zoneIds),
      ),
    )
    .orderBy(devices.id);
  for (const d of placed) {
    const mates = candidates
      .filter((c) => c.zoneId === d.zoneId && c.category === d.category && c.id !== d.id)
      .slice(0, SAVINGS_BASELINE_ZONE_DEVICES)
      .map((c) => c.id);
    if (mates.length > 0) out.set(d.id, mates);
  }
  return out;
}

/**
 * Holds each plain saving to its baseline, read from what its device reported on its comparable days; when
 * none of them is known (a new device), from the devices of the same category in its zone on theirs (see
 * the module comment). `projectOf` places each device in its project (its calendar and time zone).
 */
export async function withBaselines(
  db: Db,
  scope: Scope,
  plain: PlainSaving[],
  projectOf: ReadonlyMap<number, number>,
  period: { from: Date; to: Date },
  kindOf: (s: PlainSaving) => SavingOwnerKind | undefined = () => undefined,
): Promise<SavingEvidence[]> {
  const out: SavingEvidence[] = [];
  for (const projectId of new Set(plain.map((s) => projectOf.get(s.deviceId)))) {
    if (projectId === undefined) continue;
    const own = plain.filter((s) => projectOf.get(s.deviceId) === projectId);
    const { timeZone, tenantId } = await findProject(db, scope, projectId);
    const keyOf = (s: PlainSaving): KeptKey | undefined => {
      const ownerKind = kindOf(s);
      return ownerKind === undefined
        ? undefined
        : { tenantId, projectId, deviceId: s.deviceId, ownerKind, ownerId: s.owner };
    };
    const windows = own.map((s) => windowOf(s, period));
    const dateOf = windows.map((w) => localTimeOf(new Date(w.start), timeZone).date);

    // The day types of every date that may be compared.
    const dates = new Set<string>();
    for (const date of dateOf) {
      let day = date;
      dates.add(day);
      for (let k = 0; k < SAVINGS_BASELINE_LOOKBACK_DAYS; k += 1) dates.add((day = previousDate(day)));
    }
    const dayTypes = new Map(
      (await describeDates(db, scope, projectId, [...dates])).map((d) => [d.date, d.workday]),
    );
    const starts = windows.map((w) => w.start);
    const lookback = {
      from: new Date(Math.min(...starts) - (SAVINGS_BASELINE_LOOKBACK_DAYS + 1) * DAY_MS),
      to: new Date(Math.max(...starts)),
    };
    // The days each device's comparable days are, given the days automations acted on it.
    const probesOf = (n: number, deviceId: number, automated: Map<number, Set<string>>): DayProbe[] => {
      const date = dateOf[n] ?? '';
      return comparableDates(date, (d) => dayTypes.get(d), automated.get(deviceId) ?? new Set()).map(
        (day) => ({ n, deviceId, day, shift: daysBetween(date, day) * DAY_MS }),
      );
    };

    // The device's own comparable days.
    const automated = await automatedDates(
      db,
      scope,
      projectId,
      [...new Set(own.map((s) => s.deviceId))],
      lookback,
      timeZone,
    );
    const shares = await readShares(
      db,
      own,
      windows,
      own.flatMap((s, n) => probesOf(n, s.deviceId, automated)),
    );

    // Its own days known: kept for the days it has none (tables.ts). None known: the most recent kept one.
    const workdayOf = (n: number) => dayTypes.get(dateOf[n] ?? '') ?? false;
    const ownBaselines = own.map((s, n) => baselineOf(s.kwh, workdayOf(n), shares[n] ?? []));
    await keepBaselines(
      db,
      own.flatMap((s, n) => {
        const key = keyOf(s);
        const b = ownBaselines[n];
        return key && b?.source === 'device'
          ? [{ ...key, workday: b.workday, savingDate: dateOf[n] ?? '', share: b.share, days: b.days }]
          : [];
      }),
    );
    const kept = await keptBaselines(
      db,
      scope,
      own.flatMap((s, n) => {
        const key = keyOf(s);
        return key && ownBaselines[n]?.source === 'none'
          ? [{ ...key, i: n, workday: workdayOf(n), savingDate: dateOf[n] ?? '' }]
          : [];
      }),
    );

    // Thin: none of its own days known, none kept. Its zone's same-category devices on their comparable days.
    const thin = own.flatMap((_, n) => (ownBaselines[n]?.source === 'none' && !kept.has(n) ? [n] : []));
    const mates = await zoneMates(db, scope, projectId, [
      ...new Set(thin.flatMap((n) => own[n]?.deviceId ?? [])),
    ]);
    const mateIds = [...new Set([...mates.values()].flat())];
    const mateAutomated =
      mateIds.length > 0
        ? await automatedDates(db, scope, projectId, mateIds, lookback, timeZone)
        : new Map();
    const zoneShares = await readShares(
      db,
      own,
      windows,
      thin.flatMap((n) =>
        (mates.get(own[n]?.deviceId ?? 0) ?? []).flatMap((mate) => probesOf(n, mate, mateAutomated)),
      ),
    );

    for (const [n, s] of own.entries()) {
      const ownBaseline = ownBaselines[n] ?? baselineOf(s.kwh, workdayOf(n), []);
      const keptOne = kept.get(n);
      const zone = zoneShares[n] ?? [];
      const baseline =
        ownBaseline.source !== 'none'
          ? ownBaseline
          : keptOne
            ? keptBaselineOf(s.kwh, keptOne)
            : zone.some((d) => d.share !== null)
              ? zoneBaselineOf(s.kwh, workdayOf(n), zone)
              : ownBaseline;
      out.push(withBaseline(s, baseline));
    }
  }
  return out;
}
