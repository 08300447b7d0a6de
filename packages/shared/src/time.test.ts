import { describe, expect, it } from 'vitest';
import { BILINGUAL_TIME_LOCALE, formatInstant, localeOfLang, zoneOffsetLabel } from './time.js';

// 06:05:09 UTC: 14:05:09 in Shanghai, 01:05:09 in New York (EST).
const AT = '2026-11-26T06:05:09Z';

describe('the time rule (issue 18)', () => {
  it('writes an instant in the given zone, not the runtime one', () => {
    expect(formatInstant(AT, 'Asia/Shanghai', 'zh-CN')).toBe('2026-11-26 14:05:09');
    expect(formatInstant(AT, 'America/New_York', 'zh-CN')).toBe('2026-11-26 01:05:09');
    // Across the date line the date moves too.
    expect(formatInstant('2026-11-26T20:00:00Z', 'Asia/Shanghai', 'zh-CN', 'date')).toBe('2026-11-27');
  });

  it('writes one order of date parts in every language, year first as the bills and boards do (issue 34)', () => {
    for (const locale of ['en', 'en-US', 'en-GB', 'zh-CN'])
      expect(formatInstant(AT, 'Asia/Shanghai', locale)).toBe('2026-11-26 14:05:09');
    expect(formatInstant(AT, 'Asia/Shanghai', 'en', 'timeMillis')).toBe('14:05:09.000');
  });

  it('uses a 24-hour clock in English as in Chinese, midnight as 00', () => {
    expect(formatInstant(AT, 'Asia/Shanghai', 'en')).toBe('2026-11-26 14:05:09');
    expect(formatInstant(AT, 'Asia/Shanghai', 'en', 'time')).toBe('14:05:09');
    expect(formatInstant('2026-11-26T16:30:00Z', 'Asia/Shanghai', 'en', 'timeMinutes')).toBe('00:30');
    expect(formatInstant(AT, 'Asia/Shanghai', 'zh-CN', 'dateTimeMinutes')).toBe('2026-11-26 14:05');
    expect(formatInstant(AT, 'Asia/Shanghai', 'en', 'monthDayMinutes')).toBe('11-26 14:05');
  });

  it('takes epoch milliseconds and Dates, and leaves a value that is no instant as it came', () => {
    expect(formatInstant(Date.parse(AT), 'UTC', 'en', 'time')).toBe('06:05:09');
    expect(formatInstant(new Date(AT), 'UTC', 'en', 'time')).toBe('06:05:09');
    expect(formatInstant('soon', 'UTC', 'en')).toBe('soon');
  });

  it('labels a zone with its offset at the instant, daylight saving included', () => {
    expect(zoneOffsetLabel('Asia/Shanghai', AT)).toBe('UTC+08:00');
    expect(zoneOffsetLabel('America/New_York', AT)).toBe('UTC-05:00');
    expect(zoneOffsetLabel('America/New_York', '2026-07-01T12:00:00Z')).toBe('UTC-04:00');
    expect(zoneOffsetLabel('Asia/Kolkata', AT)).toBe('UTC+05:30');
    expect(zoneOffsetLabel('UTC', AT)).toBe('UTC+00:00');
  });

  it('maps a server text language to its locale', () => {
    expect(localeOfLang('ZH')).toBe('zh-CN');
    expect(localeOfLang('EN')).toBe('en');
    expect(formatInstant(AT, 'Asia/Shanghai', BILINGUAL_TIME_LOCALE)).toBe('2026-11-26 14:05:09');
  });
});
