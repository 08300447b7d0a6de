import type { LocalTime } from './types.js';

/** A period of the day in minutes since midnight; `end` may pass 1440 for an overtime past midnight. */
export interface Period {
  start: number;
  end: number;
}

/** When people are in: the project's work times (spec section 3: WORK, LUNCH, NAP, OT). */
export interface WorkSchedule {
  work: Period[];
  /** Lunch and nap breaks: half the people are out. */
  breaks: Period[];
  overtime: Period[];
}

/** Used when the project has no work times (or they cannot be read): 08:00-18:00 with lunch 12:00-13:00. */
export const DEFAULT_SCHEDULE: WorkSchedule = {
  work: [{ start: 8 * 60, end: 18 * 60 }],
  breaks: [{ start: 12 * 60, end: 13 * 60 }],
  overtime: [],
};

function minutes(hhmm: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** The schedule of a project's work times (all zone types merged); the default when there is no WORK period. */
export function scheduleFromWorkTimes(
  rows: readonly { startTime: string; endTime: string; timeType: string }[],
): WorkSchedule {
  const schedule: WorkSchedule = { work: [], breaks: [], overtime: [] };
  for (const row of rows) {
    const start = minutes(row.startTime);
    let end = minutes(row.endTime);
    if (start === null || end === null) continue;
    if (end <= start) end += 24 * 60;
    const period = { start, end };
    if (row.timeType === 'WORK') schedule.work.push(period);
    else if (row.timeType === 'LUNCH' || row.timeType === 'NAP') schedule.breaks.push(period);
    else if (row.timeType === 'OT') schedule.overtime.push(period);
  }
  return schedule.work.length > 0 ? schedule : DEFAULT_SCHEDULE;
}

function inside(periods: readonly Period[], minute: number): Period | undefined {
  return periods.find(
    (p) => (minute >= p.start && minute < p.end) || (minute + 1440 >= p.start && minute + 1440 < p.end),
  );
}

/** Arrivals spread over the first 45 minutes, departures over the last hour. */
const ARRIVAL_MINUTES = 45;
const DEPARTURE_MINUTES = 60;

/**
 * Share of the office's people present, 0-1: 85% through the working day, ramping up at arrival and down
 * at departure, 35% during lunch, 15% in overtime, 2% at night (security, cleaners) and 5% at weekends.
 */
export function occupancyAt(local: LocalTime, schedule: WorkSchedule): number {
  const weekend = local.weekday === 0 || local.weekday === 6;
  const work = inside(schedule.work, local.minute);
  if (weekend) return work ? 0.08 : 0.03;
  if (work) {
    if (inside(schedule.breaks, local.minute)) return 0.35;
    const since = local.minute - work.start;
    const until = work.end - local.minute;
    if (since < ARRIVAL_MINUTES) return 0.2 + (0.65 * since) / ARRIVAL_MINUTES;
    if (until < DEPARTURE_MINUTES) return 0.3 + (0.55 * until) / DEPARTURE_MINUTES;
    return 0.85;
  }
  if (inside(schedule.overtime, local.minute)) return 0.15;
  return 0.02;
}

/** Inside the working hours of a weekday (ventilation runs, people switch lights on). */
export function isWorkingTime(local: LocalTime, schedule: WorkSchedule): boolean {
  const weekend = local.weekday === 0 || local.weekday === 6;
  return !weekend && inside(schedule.work, local.minute) !== undefined;
}
