import type { LocalTime } from './types.js';

/**
 * Simulated time: `speed` simulated milliseconds pass per real millisecond, starting from the real time the
 * clock was made. Telemetry is still published without a device timestamp, so the server stamps it with
 * the real arrival time; only the models (thermal, occupancy, energy) run faster.
 */
export class SimClock {
  private readonly realStart = Date.now();
  constructor(readonly speed: number) {}
  now(): number {
    return this.realStart + (Date.now() - this.realStart) * this.speed;
  }
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        weekday: 'short',
        month: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown zone name in a project: the machine's own zone is a better guess than failing.
      formatter = new Intl.DateTimeFormat('en-US', {
        hourCycle: 'h23',
        weekday: 'short',
        month: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in the building's time zone (the project's `timeZone`). */
export function localTime(ts: number, timeZone: string): LocalTime {
  const parts = formatterFor(timeZone).formatToParts(new Date(ts));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    weekday: WEEKDAYS[part('weekday')] ?? 1,
    minute: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60,
    month: Number(part('month')),
  };
}

/** Monthly mean outdoor temperature of a temperate coastal city (°C), January first; November is 13 ± 5. */
const MONTHLY_MEAN = [5, 6, 10, 15, 20, 24, 28, 28, 24, 19, 13, 7];
const DAILY_AMPLITUDE = 5;

/** Outdoor temperature: the month's mean plus a daily sine, coldest at 03:00 and warmest at 15:00. */
export function outdoorTemperature(local: LocalTime): number {
  const mean = MONTHLY_MEAN[local.month - 1] ?? 15;
  const hour = local.minute / 60;
  return mean + DAILY_AMPLITUDE * Math.sin((2 * Math.PI * (hour - 9)) / 24);
}

/** Daylight reaching a window, 0-1: zero at night, a sine from 06:30 to 17:30. */
export function daylight(local: LocalTime): number {
  const hour = local.minute / 60;
  return Math.max(0, Math.sin((Math.PI * (hour - 6.5)) / 11));
}

/** Moves `value` toward `target` for `dtHours` at `rate` per hour: exact for any step, so it never overshoots. */
export function approach(value: number, target: number, rate: number, dtHours: number): number {
  return target + (value - target) * Math.exp(-rate * dtHours);
}

/** The probability that an event with `ratePerHour` happens within `dtHours` (speed-independent randomness). */
export function chance(ratePerHour: number, dtHours: number): number {
  return 1 - Math.exp(-Math.max(0, ratePerHour) * dtHours);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
