import type { Lang } from './constants.js';

/**
 * How the console and the server write an instant for people (issue 18): in the project's time zone, in the
 * language's usual order of date parts, always on a 24-hour clock (building operators read 24-hour clocks, in
 * English as in Chinese). One rule for every table, log, clock, chart axis, export and notification; the
 * console's `lib/time.ts` binds it to the selected project and the chosen language.
 */

/**
 * What part of an instant is written: the whole, without seconds, month and day with the time (a week's chart
 * axis), the date, the time, the time without seconds, the time to the millisecond (the commands of one scene
 * run, sent within a second).
 */
export type TimeStyle =
  | 'dateTime'
  | 'dateTimeMinutes'
  | 'monthDayMinutes'
  | 'date'
  | 'time'
  | 'timeMinutes'
  | 'timeMillis';

const DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
const TIME_MINUTES = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const STYLES: Record<TimeStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DATE, ...TIME },
  dateTimeMinutes: { ...DATE, ...TIME_MINUTES },
  monthDayMinutes: { month: '2-digit', day: '2-digit', ...TIME_MINUTES },
  date: DATE,
  time: TIME,
  timeMinutes: TIME_MINUTES,
  timeMillis: { ...TIME, fractionalSecondDigits: 3 },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(locale: string, timeZone: string, style: TimeStyle | 'offset'): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      style === 'offset' ? { timeZone, timeZoneName: 'longOffset' } : { ...STYLES[style], timeZone },
    );
    formats.set(key, format);
  }
  return format;
}

/** An ISO string, epoch milliseconds or a Date as a Date (null when it names no instant). */
function instantOf(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The instant in `timeZone`, written for `locale` ('en': 11/26/2026, 14:05:09; 'zh-CN': 2026/11/26 14:05:09).
 * A value that names no instant is written as it came (a server sending something else stays readable).
 */
export function formatInstant(
  value: string | number | Date,
  timeZone: string,
  locale: string,
  style: TimeStyle = 'dateTime',
): string {
  const date = instantOf(value);
  return date ? formatFor(locale, timeZone, style).format(date) : String(value);
}

/** The zone's offset from UTC at an instant, as people label a time: 'UTC+08:00', 'UTC-05:00', 'UTC+00:00'. */
export function zoneOffsetLabel(timeZone: string, at: string | number | Date = Date.now()): string {
  const date = instantOf(at) ?? new Date();
  const name = formatFor('en-US', timeZone, 'offset')
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT+08:00'; UTC itself is written 'GMT' by some engines.
  const offset = name && name !== 'GMT' ? name.replace(/^GMT/, '') : '+00:00';
  return `UTC${offset}`;
}

/**
 * The locale of texts written in both languages at once (e-mails): the ISO order of date parts,
 * '2026-11-26 14:05:09', which English and Chinese readers read alike.
 */
export const BILINGUAL_TIME_LOCALE = 'sv-SE';

/** The language a server text is written in ('EN' | 'ZH') as the locale its times are written for. */
export function localeOfLang(lang: Lang): string {
  return lang === 'ZH' ? 'zh-CN' : 'en';
}
