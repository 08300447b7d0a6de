import type { CalendarDay, CalendarDayType, ProjectCalendar } from '@sbuilding/shared';

/** A day's state in the console: the weekly rule (`normal`) or one of the calendar's overrides. */
export type DayState = 'normal' | CalendarDayType;

/** What a click does: normal → holiday → extra working day → normal. */
export function nextDayState(state: DayState): DayState {
  if (state === 'normal') return 'holiday';
  if (state === 'holiday') return 'workday';
  return 'normal';
}

/** The overrides of a year, by ISO date. */
export type DayOverrides = ReadonlyMap<string, { type: CalendarDayType; name: string }>;

export function overridesOf(calendar: Pick<ProjectCalendar, 'days'>): DayOverrides {
  return new Map(calendar.days.map((d) => [d.date, { type: d.type, name: d.name }]));
}

export function stateOf(overrides: DayOverrides, date: string): DayState {
  return overrides.get(date)?.type ?? 'normal';
}

/** The overrides after one click on `date`; a day keeps its name (Spring Festival) while it stays an override. */
export function toggleDay(overrides: DayOverrides, date: string): DayOverrides {
  const next = new Map(overrides);
  const state = nextDayState(stateOf(overrides, date));
  if (state === 'normal') next.delete(date);
  else next.set(date, { type: state, name: overrides.get(date)?.name ?? '' });
  return next;
}

/** The body's `days`, in date order. */
export function daysOf(overrides: DayOverrides): CalendarDay[] {
  return [...overrides.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, { type, name }]) => ({ date, type, name }));
}

export function sameOverrides(a: DayOverrides, b: DayOverrides): boolean {
  if (a.size !== b.size) return false;
  for (const [date, day] of a) if (b.get(date)?.type !== day.type) return false;
  return true;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}

/** Saturday and Sunday: rest days by the weekly rule. */
export function isWeekend(year: number, month: number, day: number): boolean {
  const weekday = new Date(Date.UTC(year, month, day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The cells of a month in a Monday-first grid: `null` for the blanks before the 1st, then the day
 * numbers.
 */
export function monthCells(year: number, month: number): (number | null)[] {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const leading = (first + 6) % 7;
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return [...Array.from({ length: leading }, () => null), ...Array.from({ length }, (_, i) => i + 1)];
}
