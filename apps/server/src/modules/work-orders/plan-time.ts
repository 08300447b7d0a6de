import type { PlanIntervalUnit } from '@sbuilding/shared';
import { addDays, localMidnight } from '../energy/index.js';

/** A maintenance plan's timing: from its first local date, every `interval` units, at `hour` on its clock. */
export interface PlanTiming {
  startDate: string;
  interval: number;
  intervalUnit: PlanIntervalUnit;
  hour: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The local date of run number `k` (0 = the first): months keep the day, or the month's last when shorter. */
export function runDate(timing: PlanTiming, k: number): string {
  if (timing.intervalUnit === 'days') return addDays(timing.startDate, k * timing.interval);
  if (timing.intervalUnit === 'weeks') return addDays(timing.startDate, 7 * k * timing.interval);
  const [y, m, d] = timing.startDate.split('-').map(Number);
  const total = (m ?? 1) - 1 + k * timing.interval;
  const year = (y ?? 1970) + Math.floor(total / 12);
  const month = total % 12;
  const day = Math.min(d ?? 1, daysIn(year, month));
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function runAt(timing: PlanTiming, k: number, zone: string): number {
  return localMidnight(runDate(timing, k), zone) + timing.hour * HOUR_MS;
}

/** At least as long as one interval, to start the search at or just before the answer. */
function roughStepMs(timing: PlanTiming): number {
  const days = { days: 1, weeks: 7, months: 31 }[timing.intervalUnit];
  return days * timing.interval * DAY_MS;
}

/**
 * The first run at or after `fromMs` (`strictly` after it). A plan whose first date has passed starts at its
 * next run: nothing is made for the runs before it was saved.
 */
export function nextRun(timing: PlanTiming, zone: string, fromMs: number, strictly = false): number {
  const first = runAt(timing, 0, zone);
  let k = Math.max(0, Math.floor((fromMs - first) / roughStepMs(timing)) - 1);
  // The rough step is never shorter than a real one: the estimate is at or before the answer (one step spare
  // for a day a clock change made an hour longer).
  for (;;) {
    const at = runAt(timing, k, zone);
    if (strictly ? at > fromMs : at >= fromMs) return at;
    k += 1;
  }
}
