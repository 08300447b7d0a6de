import type { Lang } from './constants.js';

/**
 * How the console and the server write an instant for people (issues 18 and 34): in the project's time zone, on a
 * 24-hour clock, and in one order of date parts in both languages: year, month, day, as the server's dates
 * (bills, boards, calendars: 'YYYY-MM-DD'), the date pickers and the bilingual e-mails write them:
 * '2026-11-26 14:05:09'. The languages' own orders (English 11/26/2026, Chinese 2026/11/26) had put three formats
 * on the console's screens, and a month-first date reads as another day to most of the world. One rule for every
 * table, log, clock, chart axis, export and notification; the console's `lib/time.ts` binds it to the selected
 * project and the chosen language.
 */

/**
 * What part of an instant is written: the whole, without seconds, month and day with the time (a week's chart
 * axis), the date, the time, the time without seconds, the time to the millisecond (the commands of one scene
 * run, sent within a second).
 */
export type TimeStyle =
  'dateTime' | 'dateTimeMinutes' | 'monthDayMinutes' | 'date' | 'time' | 'timeMinutes' | 'timeMillis';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'fractionalSecond';

/** Each style's parts: '-' between the date's, ':' between the time's, a space between date and time. */
const STYLES: Record<TimeStyle, { date: Part[]; time: Part[] }> = {
  dateTime: { date: ['year', 'month', 'day'], time: ['hour', 'minute', 'second'] },
  dateTimeMinutes: { date: ['year', 'month', 'day'], time: ['hour', 'minute'] },
  monthDayMinutes: { date: ['month', 'day'], time: ['hour', 'minute'] },
  date: { date: ['year', 'month', 'day'], time: [] },
  time: { date: [], time: ['hour', 'minute', 'second'] },
  timeMinutes: { date: [], time: ['hour', 'minute'] },
  timeMillis: { date: [], time: ['hour', 'minute', 'second', 'fractionalSecond'] },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(timeZone: string, style: 'parts' | 'offset'): Intl.DateTimeFormat {
  const key = `${timeZone}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'en-US',
      style === 'offset'
        ? { timeZone, timeZoneName: 'longOffset' }
        : {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            fractionalSecondDigits: 3,
            hourCycle: 'h23',
          },
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
 * The instant in `timeZone`: '2026-11-26 14:05:09' (`dateTime`), '2026-11-26' (`date`), '14:05' (`timeMinutes`)…
 * The same in every language (`locale` is kept for the callers that name the reader's: the order does not
 * depend on it). A value that names no instant is written as it came (a server sending something else stays
 * readable).
 */
export function formatInstant(
  value: string | number | Date,
  timeZone: string,
  locale: string,
  style: TimeStyle = 'dateTime',
): string {
  const date = instantOf(value);
  if (!date) return String(value);
  const parts = new Map<string, string>(
    formatFor(timeZone, 'parts')
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const { date: datePart, time } = STYLES[style];
  const day = datePart.map((p) => parts.get(p) ?? '').join('-');
  const clock = time
    .filter((p) => p !== 'fractionalSecond')
    .map((p) => parts.get(p) ?? '')
    .join(':');
  const millis = time.includes('fractionalSecond') ? `.${parts.get('fractionalSecond') ?? '000'}` : '';
  return [day, `${clock}${millis}`].filter((x) => x !== '').join(' ');
}

/** The zone's offset from UTC at an instant, as people label a time: 'UTC+08:00', 'UTC-05:00', 'UTC+00:00'. */
export function zoneOffsetLabel(timeZone: string, at: string | number | Date = Date.now()): string {
  const date = instantOf(at) ?? new Date();
  const name = formatFor(timeZone, 'offset')
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT+08:00'; UTC itself is written 'GMT' by some engines.
  const offset = name && name !== 'GMT' ? name.replace(/^GMT/, '') : '+00:00';
  return `UTC${offset}`;
}

/**
 * The locale of texts written in both languages at once (e-mails). Every language now writes the same
 * '2026-11-26 14:05:09' (`formatInstant`); kept for the callers that name it.
 */
export const BILINGUAL_TIME_LOCALE = 'sv-SE';

/** The language a server text is written in ('EN' | 'ZH') as the locale its times are written for. */
export function localeOfLang(lang: Lang): string {
  return lang === 'ZH' ? 'zh-CN' : 'en';
}
