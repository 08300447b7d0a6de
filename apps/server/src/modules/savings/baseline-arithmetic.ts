import {
  drawWatts,
  SAVINGS_BASELINE_DAYS,
  SAVINGS_BASELINE_LOOKBACK_DAYS,
  type PowerState,
  type SavingBaseline,
  type SavingEvidence,
} from '@sbuilding/shared';
import { previousDate } from '../calendar/index.js';

/*
 * The baseline's arithmetic (baseline.ts reads what it works on): which days are comparable, the share one
 * such day bears out, and the baseline and the held saving that the shares give. Pure: no database.
 */

export const DAY_MS = 86_400_000;

/** A saving by the plain rule, before its baseline. */
export type PlainSaving = Omit<SavingEvidence, 'baseline'>;

/** One comparable day's readings over the saving's hours: the state at their start, and its changes after. */
export interface DayReadings {
  date: string;
  /** The control keys' last reported values at the window's start (missing or null: not known). */
  start: Partial<PowerState>;
  /** Changes within the window, ms. */
  changes: { key: keyof PowerState; value: PowerState[keyof PowerState]; at: number }[];
}

/**
 * The comparable days of a local date, newest first: the same day type (workday or not, `workdayOf`),
 * before it, not `automated`, at most `n`, looking back at most `lookback` days. Pure.
 */
export function comparableDates(
  date: string,
  workdayOf: (date: string) => boolean | undefined,
  automated: ReadonlySet<string>,
  n = SAVINGS_BASELINE_DAYS,
  lookback = SAVINGS_BASELINE_LOOKBACK_DAYS,
): string[] {
  const want = workdayOf(date);
  const out: string[] = [];
  let day = date;
  for (let k = 0; k < lookback && out.length < n; k += 1) {
    day = previousDate(day);
    if (workdayOf(day) === want && !automated.has(day)) out.push(day);
  }
  return out;
}

/** Whole days from `a` to `b` ('YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

/**
 * The share of a saving one comparable day bears out over [start, end) (ms, on that day): the time-weighted
 * draw of its reported states above the saving's lower state, bounded by the saved watts, over the saved
 * watts; keys not reported that day are taken from the state before the command (an AC's room temperature).
 * Null when that day's on/off state at the start is not known. Pure.
 */
export function dayShare(
  saving: Pick<PlainSaving, 'category' | 'before' | 'afterWatts' | 'savedWatts'>,
  day: DayReadings,
  start: number,
  end: number,
): number | null {
  if (end <= start || saving.savedWatts <= 0) return null;
  if (day.start.onOff === null || day.start.onOff === undefined) return null;
  let state: PowerState = { ...saving.before };
  for (const [key, value] of Object.entries(day.start)) {
    if (value !== null && value !== undefined) state = { ...state, [key]: value };
  }
  const excess = (s: PowerState) =>
    Math.min(saving.savedWatts, Math.max(0, (drawWatts(saving.category, s) ?? 0) - saving.afterWatts));
  let at = start;
  let sum = 0;
  for (const c of [...day.changes].sort((a, b) => a.at - b.at)) {
    if (c.at <= start || c.at >= end || c.value === null) continue;
    sum += excess(state) * (c.at - at);
    at = c.at;
    state = { ...state, [c.key]: c.value };
  }
  sum += excess(state) * (end - at);
  return sum / (saving.savedWatts * (end - start));
}

const fine = (v: number) => Math.round(v * 10_000) / 10_000;

/** The baseline of a saving from its comparable days' shares (null: that day's state not known). Pure. */
export function baselineOf(
  plainKwh: number,
  workday: boolean,
  days: readonly { date: string; share: number | null }[],
): SavingBaseline {
  const known = days.filter((d): d is { date: string; share: number } => d.share !== null);
  if (known.length === 0) return { source: 'none', workday, days: [], devices: 0, share: 1, plainKwh };
  const share = known.reduce((s, d) => s + d.share, 0) / known.length;
  return {
    source: 'device',
    workday,
    days: known.map((d) => d.date),
    devices: 1,
    share: fine(share),
    plainKwh,
  };
}

/**
 * The baseline from the zone's devices (each day of each device one sample): the mean share of the known
 * ones, their dates newest first, and how many devices had one. Pure.
 */
export function zoneBaselineOf(
  plainKwh: number,
  workday: boolean,
  days: readonly { date: string; share: number | null; deviceId?: number }[],
): SavingBaseline {
  const known = days.filter((d): d is { date: string; share: number; deviceId?: number } => d.share !== null);
  if (known.length === 0) return baselineOf(plainKwh, workday, []);
  const share = known.reduce((s, d) => s + d.share, 0) / known.length;
  return {
    source: 'zone',
    workday,
    days: [...new Set(known.map((d) => d.date))].sort().reverse(),
    devices: new Set(known.map((d) => d.deviceId)).size,
    share: fine(share),
    plainKwh,
  };
}

/** A baseline kept in tables.ts. */
export interface KeptBaseline {
  workday: boolean;
  savingDate: string;
  share: number;
  days: string[];
  computedAt: Date;
}

/** A kept baseline as the baseline of a saving with no comparable day of its own. Pure. */
export function keptBaselineOf(plainKwh: number, kept: KeptBaseline): SavingBaseline {
  return {
    source: 'kept',
    workday: kept.workday,
    days: kept.days,
    devices: 1,
    share: fine(kept.share),
    plainKwh,
    keptFor: kept.savingDate,
    keptAt: kept.computedAt.toISOString(),
  };
}

/** A plain saving held to its baseline: its kWh times the baseline's share (never more than plain). Pure. */
export function withBaseline(plain: PlainSaving, baseline: SavingBaseline): SavingEvidence {
  return { ...plain, kwh: fine(plain.kwh * Math.min(1, baseline.share)), baseline };
}

/** Where a saving lies within the period, ms. Pure. */
export function windowOf(s: PlainSaving, period: { from: Date; to: Date }) {
  const end = s.endAt === null ? period.to.getTime() : Math.min(Date.parse(s.endAt), period.to.getTime());
  return { start: Math.max(Date.parse(s.afterAt), period.from.getTime()), end };
}
