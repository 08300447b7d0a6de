import type { CalendarDayType, WorkTime, WorkTimeType } from '@sbuilding/shared';

/**
 * The pure rules of a project's calendar: no database, no clock. calendar-service.ts feeds them the
 * project's rows; tests feed them fixed dates.
 */

/** Why a day works or rests: the weekly rule, or a calendar exception overriding it. */
export type DayReason = 'weekend' | 'weekday' | 'holiday' | 'extraWorkday';

export interface DayInfo {
  /** Local date 'YYYY-MM-DD' in the project's time zone. */
  date: string;
  workday: boolean;
  reason: DayReason;
  /** The exception's name ('Spring Festival') when the day is one. */
  holidayName?: string;
}

export interface CalendarException {
  date: string;
  type: CalendarDayType;
  name: string;
}

/** Day of week of a 'YYYY-MM-DD' date, 0 Sunday to 6 Saturday (the date itself has no time zone). */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay();
}

/** The date before a 'YYYY-MM-DD' date. */
export function previousDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) - 1)).toISOString().slice(0, 10);
}

/**
 * Whether a date is a workday: Monday to Friday work, Saturday and Sunday rest, unless the project's
 * calendar names the date a holiday (rest) or an extra working day (work).
 */
export function describeDay(date: string, exception: CalendarException | undefined): DayInfo {
  if (exception?.type === 'holiday') return withName({ date, workday: false, reason: 'holiday' }, exception);
  if (exception?.type === 'workday')
    return withName({ date, workday: true, reason: 'extraWorkday' }, exception);
  const weekday = weekdayOf(date);
  const weekend = weekday === 0 || weekday === 6;
  return { date, workday: !weekend, reason: weekend ? 'weekend' : 'weekday' };
}

function withName(info: DayInfo, exception: CalendarException): DayInfo {
  return exception.name ? { ...info, holidayName: exception.name } : info;
}

export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 'HH:mm' */
  time: string;
  /** Minutes since local midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time of an instant in an IANA time zone. */
export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const hour = parts.hour ?? '00';
  const minute = parts.minute ?? '00';
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hour}:${minute}`,
    minutes: Number(hour) * 60 + Number(minute),
  };
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Where a period holds a moment of the day: not at all, on the day it starts, or after midnight of it. */
export type PeriodMatch = 'none' | 'sameDay' | 'fromPreviousDay';

/**
 * Whether a period [start, end) holds a moment of the day. A period whose end is not after its start runs
 * past midnight (20:00-02:00): its part after midnight belongs to the day it started, the previous day.
 */
export function matchPeriod(period: { startTime: string; endTime: string }, minutes: number): PeriodMatch {
  const start = minutesOf(period.startTime);
  const end = minutesOf(period.endTime);
  if (start < end) return minutes >= start && minutes < end ? 'sameDay' : 'none';
  if (minutes >= start) return 'sameDay';
  return minutes < end ? 'fromPreviousDay' : 'none';
}

/** A work-time period that holds the instant. */
export interface ActivePeriod extends WorkTime {
  /** True for the after-midnight part of a period that began on the previous day. */
  fromPreviousDay: boolean;
}

/** The periods holding a moment of the day, in start-time order. */
export function activePeriods(periods: readonly WorkTime[], minutes: number): ActivePeriod[] {
  const active: ActivePeriod[] = [];
  for (const period of periods) {
    const match = matchPeriod(period, minutes);
    if (match !== 'none') active.push({ ...period, fromPreviousDay: match === 'fromPreviousDay' });
  }
  return active.sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** The answer to "is this instant a workday, and which work-time periods is it in". */
export interface InstantDescription extends DayInfo {
  timeZone: string;
  /** Local wall-clock time 'HH:mm'. */
  localTime: string;
  /** Every period whose clock window holds the instant, whether or not its day works. */
  periods: ActivePeriod[];
  /** The day before: it decides whether the after-midnight part of an overnight period works. */
  previousDay: DayInfo;
}

/**
 * Whether the instant is inside a period of `timeType` on a working day: the period's own day must work
 * (the previous day for the after-midnight part of an overnight overtime). This is the check automation
 * wants ("is it lunch break on a workday?").
 */
export function inWorkingPeriod(description: InstantDescription, timeType: WorkTimeType): boolean {
  return description.periods.some(
    (p) =>
      p.timeType === timeType && (p.fromPreviousDay ? description.previousDay.workday : description.workday),
  );
}
