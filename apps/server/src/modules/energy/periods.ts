import type { EnergyPeriod } from '@sbuilding/shared';
import { localDate } from '../../platform/local-date.js';

/*
 * Energy periods in the project's local calendar (spec section 9). Dates are 'YYYY-MM-DD' strings handled
 * as UTC midnights (calendar arithmetic only); instants come from `localMidnight`, which reads the zone.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface LocalRange {
  /** First local date, inclusive. */
  from: string;
  /** Last local date, inclusive. */
  to: string;
}

function toMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function toDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return toDate(toMs(date) + days * DAY_MS);
}

/** The period of `period` holding `anchor`. Weeks run Monday to Sunday (ISO 8601). */
export function periodRange(period: EnergyPeriod, anchor: string): LocalRange {
  const d = new Date(toMs(anchor));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (period) {
    case 'DAY':
      return { from: anchor, to: anchor };
    case 'WEEK': {
      const from = addDays(anchor, -((d.getUTCDay() + 6) % 7));
      return { from, to: addDays(from, 6) };
    }
    case 'MONTH':
      return { from: toDate(Date.UTC(y, m, 1)), to: toDate(Date.UTC(y, m + 1, 0)) };
    case 'YEAR':
      return { from: toDate(Date.UTC(y, 0, 1)), to: toDate(Date.UTC(y, 11, 31)) };
  }
}

/** The period just before `range`: the day, week, month or year before it. */
export function previousRange(period: EnergyPeriod, range: LocalRange): LocalRange {
  return periodRange(period, addDays(range.from, -1));
}

/** Local dates of the range, in order. */
export function datesOf(range: LocalRange): string[] {
  const out: string[] = [];
  for (let ms = toMs(range.from); ms <= toMs(range.to); ms += DAY_MS) out.push(toDate(ms));
  return out;
}

/** Months 'YYYY-MM' of the range, in order. */
export function monthsOf(range: LocalRange): string[] {
  return [...new Set(datesOf(range).map((d) => d.slice(0, 7)))];
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms`, in milliseconds (local minus UTC). */
function zoneOffset(zone: string, ms: number): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/** The instant the local `date` begins in `zone` (a day starting in a DST gap begins at the first valid instant). */
export function localMidnight(date: string, zone: string): number {
  const guess = toMs(date);
  const first = guess - zoneOffset(zone, guess);
  return guess - zoneOffset(zone, first);
}

/**
 * The hourly buckets (UTC hour starts) of a local day: 24, or 23/25 on a DST change. In a zone whose offset
 * is not a whole number of hours the day is taken from the hour its midnight falls in, since hourly rollups
 * are UTC hours.
 */
export function hoursOf(date: string, zone: string): number[] {
  const start = Math.floor(localMidnight(date, zone) / HOUR_MS) * HOUR_MS;
  const end = Math.floor(localMidnight(addDays(date, 1), zone) / HOUR_MS) * HOUR_MS;
  const out: number[] = [];
  for (let ms = start; ms < end; ms += HOUR_MS) out.push(ms);
  return out;
}

/** The instant the local wall time `msOfDay` after midnight on `date` happens in `zone` (in a DST gap: just after it). */
function localInstant(date: string, msOfDay: number, zone: string): number {
  const guess = toMs(date) + msOfDay;
  const first = guess - zoneOffset(zone, guess);
  return guess - zoneOffset(zone, first);
}

/**
 * What a period is compared with (issue 18). A period that is over is compared with the whole previous
 * period. A period still running is compared with the previous period up to the same moment: the same
 * local clock time on the day at the same place of the previous period (yesterday; the same weekday last
 * week; the same day of the month last month; the same date last year). When the previous period has no such
 * day (the 29th-31st after a shorter month, 29 February a year on), it ended before this moment came and is
 * compared whole, up to its end ('24:00' of its last day).
 */
export interface Comparison {
  /** The previous period's local dates (whole; the curve shows all of it). */
  previous: LocalRange;
  /** Where the previous period is cut; null when the whole of it is compared. */
  until: {
    /** The instant (ms): consumption before it counts. */
    at: number;
    /** Its local date and clock time 'HH:mm' ('24:00' at the end of the previous period's last day). */
    date: string;
    time: string;
  } | null;
}

/** The single rule every previous-period comparison uses (energy board, costs, overview, mini-program). */
export function comparisonOf(
  period: EnergyPeriod,
  current: LocalRange,
  now: number,
  zone: string,
): Comparison {
  const previous = previousRange(period, current);
  const running =
    now >= localMidnight(current.from, zone) && now < localMidnight(addDays(current.to, 1), zone);
  if (!running) return { previous, until: null };
  const today = localDate(now, zone);
  const wall = (((now + zoneOffset(zone, now)) % DAY_MS) + DAY_MS) % DAY_MS;
  const d = new Date(toMs(today));
  const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
  let same: string;
  switch (period) {
    case 'DAY':
      same = addDays(today, -1);
      break;
    case 'WEEK':
      same = addDays(today, -7);
      break;
    case 'MONTH':
      same = toDate(Date.UTC(year, month - 1, day));
      break;
    case 'YEAR':
      same = toDate(Date.UTC(year - 1, month, day));
      break;
  }
  // A day the previous month (or February a year ago) lacks rolls over into the next month: the cut is then
  // the end of that shorter month's last day.
  if ((period === 'MONTH' || period === 'YEAR') && Number(same.slice(8, 10)) !== day) {
    const last = addDays(`${same.slice(0, 7)}-01`, -1);
    return { previous, until: { at: localMidnight(addDays(last, 1), zone), date: last, time: '24:00' } };
  }
  const at = localInstant(same, wall, zone);
  return { previous, until: { at, date: same, time: localClock(at, zone) } };
}

// A formatter per zone, made once: making one costs about a millisecond, and the cost and bill calls ask
// for an instant's clock or date thousands of times (every channel's hours).
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** 'HH:mm' of an instant in `zone`. */
export function localClock(ms: number, zone: string): string {
  let format = clockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(zone, format);
  }
  return format.format(ms).slice(0, 5);
}

/** The local date 'YYYY-MM-DD' of an instant in a zone: the platform's one way (platform/local-date.ts). */
export { localDate };

export { HOUR_MS };
