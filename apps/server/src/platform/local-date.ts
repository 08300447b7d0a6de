/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than formatting with one. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The local date 'YYYY-MM-DD' of an instant (ms or a Date) in a time zone: the one place the server turns an
 * instant into a project's calendar date (energy days, rollup buckets, history days, scenes' days, exports).
 */
export function localDate(instant: number | Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}
