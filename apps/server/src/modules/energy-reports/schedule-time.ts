import type { ReportFrequency, ReportPeriod } from '@sbuilding/shared';
import { addDays, localDate, localMidnight } from '../energy/index.js';

const HOUR_MS = 3_600_000;

/** The local date's day of the week, 0 = Sunday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The instant of `hour` o'clock (local) on a local date. */
function at(date: string, hour: number, zone: string): number {
  return localMidnight(date, zone) + hour * HOUR_MS;
}

/**
 * The first run strictly after `afterMs`: weekly on Mondays, monthly on the 1st, at the local hour. Computed
 * from the previous run (or now), so a run missed while no node was up is sent once when one starts.
 */
export function nextRunAfter(
  frequency: ReportFrequency,
  hour: number,
  zone: string,
  afterMs: number,
): number {
  const today = localDate(afterMs, zone);
  if (frequency === 'weekly') {
    let monday = addDays(today, -((weekday(today) + 6) % 7));
    while (at(monday, hour, zone) <= afterMs) monday = addDays(monday, 7);
    return at(monday, hour, zone);
  }
  let first = `${today.slice(0, 7)}-01`;
  while (at(first, hour, zone) <= afterMs) first = addDays(first, 40).slice(0, 7) + '-01';
  return at(first, hour, zone);
}

/**
 * What a run at `runMs` reports: the last whole week (Monday to Sunday) or month before it, by its last day
 * (a run on a Monday reports the week that ended the day before; "send now" on a Wednesday, the week before).
 */
export function periodOfRun(
  frequency: ReportFrequency,
  runMs: number,
  zone: string,
): { period: ReportPeriod; anchor: string; month: string } {
  const today = localDate(runMs, zone);
  const start =
    frequency === 'weekly' ? addDays(today, -((weekday(today) + 6) % 7)) : `${today.slice(0, 7)}-01`;
  const anchor = addDays(start, -1);
  return { period: frequency === 'weekly' ? 'WEEK' : 'MONTH', anchor, month: anchor.slice(0, 7) };
}

/** The first and last local date of what a run at `runMs` reports (a week from Monday, or a month). */
export function periodRange(
  frequency: ReportFrequency,
  runMs: number,
  zone: string,
): { from: string; to: string } {
  const { anchor, month } = periodOfRun(frequency, runMs, zone);
  return { from: frequency === 'weekly' ? addDays(anchor, -6) : `${month}-01`, to: anchor };
}
