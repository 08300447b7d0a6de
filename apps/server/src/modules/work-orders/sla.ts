import type { ServiceLevel, SlaUnit } from '@sbuilding/shared';
import { describeDay, type CalendarException } from '../calendar/index.js';
import { addDays, localDate, localMidnight } from '../energy/index.js';

/*
 * Service-level time on a project's work calendar: pure functions, no database, no clock (sla.test.ts gives
 * them fixed calendars and instants).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MINUTES = 24 * 60;
/** How far a count goes looking for working time before giving up (a calendar with no working day). */
const MAX_DAYS = 4_000;

/** What counting working time needs of a project: its clock, its WORK periods and its calendar's exceptions. */
export interface WorkCalendar {
  timeZone: string;
  /** The day's working windows, minutes since local midnight, [start, end), sorted and not overlapping. */
  windows: readonly (readonly [number, number])[];
  /** Holidays and extra working days by local date. */
  exceptions: ReadonlyMap<string, CalendarException>;
}

/**
 * The union of periods ('HH:mm' to 'HH:mm') as sorted, merged windows. A project without WORK periods works
 * the whole of its working days (a day then counts 24 hours).
 */
export function workWindows(periods: readonly { startTime: string; endTime: string }[]): [number, number][] {
  const minutes = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    return (h ?? 0) * 60 + (m ?? 0);
  };
  const spans = periods
    .map((p): [number, number] => [minutes(p.startTime), minutes(p.endTime)])
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  if (spans.length === 0) return [[0, DAY_MINUTES]];
  const merged: [number, number][] = [];
  for (const [start, end] of spans) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** How long one working day is on this calendar, ms. */
export function workingDayMs(calendar: WorkCalendar): number {
  return calendar.windows.reduce((sum, [start, end]) => sum + (end - start) * MINUTE_MS, 0);
}

/** The working stretches of each local day from the day of `fromMs` on, clipped to start at `fromMs`. */
function* workingStretches(calendar: WorkCalendar, fromMs: number): Generator<[number, number]> {
  let date = localDate(fromMs, calendar.timeZone);
  for (let day = 0; day < MAX_DAYS; day++, date = addDays(date, 1)) {
    if (!describeDay(date, calendar.exceptions.get(date)).workday) continue;
    const midnight = localMidnight(date, calendar.timeZone);
    for (const [start, end] of calendar.windows) {
      const from = Math.max(midnight + start * MINUTE_MS, fromMs);
      const to = midnight + end * MINUTE_MS;
      if (to > from) yield [from, to];
    }
  }
}

/** The instant at which `budgetMs` of working time, counted from `startMs`, is used up. */
export function addWorkingTime(calendar: WorkCalendar, startMs: number, budgetMs: number): number {
  if (budgetMs <= 0) return startMs;
  let left = budgetMs;
  let last = startMs;
  for (const [from, to] of workingStretches(calendar, startMs)) {
    if (to - from >= left) return from + left;
    left -= to - from;
    last = to;
  }
  return last;
}

/** The working time between two instants (0 when `toMs` is not after `fromMs`). */
export function workingTimeBetween(calendar: WorkCalendar, fromMs: number, toMs: number): number {
  let total = 0;
  for (const [from, to] of workingStretches(calendar, fromMs)) {
    if (from >= toMs) break;
    total += Math.min(to, toMs) - from;
  }
  return total;
}

/** A service level's budget, on the clock its unit counts (wall time for hours, working time otherwise). */
export function slaBudgetMs(level: ServiceLevel, calendar: WorkCalendar): number {
  if (level.unit === 'workingDays') return level.amount * workingDayMs(calendar);
  return level.amount * HOUR_MS;
}

/** When `budgetMs` counted from `startMs` runs out, on the unit's clock. */
export function slaDeadline(
  unit: SlaUnit,
  calendar: WorkCalendar,
  startMs: number,
  budgetMs: number,
): number {
  if (unit === 'hours') return startMs + Math.max(budgetMs, 0);
  return addWorkingTime(calendar, startMs, budgetMs);
}

/** How much of the budget the stretch from `fromMs` to `toMs` spent, on the unit's clock. */
export function slaSpent(unit: SlaUnit, calendar: WorkCalendar, fromMs: number, toMs: number): number {
  if (unit === 'hours') return Math.max(toMs - fromMs, 0);
  return workingTimeBetween(calendar, fromMs, toMs);
}
