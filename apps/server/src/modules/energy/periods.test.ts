import { describe, expect, it } from 'vitest';
import type { EnergyPeriod } from '@sbuilding/shared';
import { comparisonOf, hoursOf, localClock, localMidnight, periodRange, previousRange } from './periods.js';

describe('energy periods', () => {
  it('finds the day, ISO week, month and year holding a date, and the one before each', () => {
    expect(periodRange('WEEK', '2026-03-08')).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(periodRange('MONTH', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousRange('MONTH', periodRange('MONTH', '2026-01-31'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(previousRange('DAY', periodRange('DAY', '2026-03-01'))).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(previousRange('YEAR', periodRange('YEAR', '2026-07-04'))).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('starts a local day at its midnight in the project zone', () => {
    expect(new Date(localMidnight('2026-03-02', 'Asia/Shanghai')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    );
    expect(new Date(localMidnight('2026-07-01', 'Europe/Berlin')).toISOString()).toBe(
      '2026-06-30T22:00:00.000Z',
    );
  });

  it('gives a day 23 or 25 hours when the clocks change', () => {
    expect(hoursOf('2026-03-29', 'Europe/Berlin')).toHaveLength(23);
    expect(hoursOf('2026-10-25', 'Europe/Berlin')).toHaveLength(25);
    expect(hoursOf('2026-10-25', 'Asia/Shanghai')).toHaveLength(24);
    expect(
      hoursOf('2026-03-29', 'Europe/Berlin')
        .map((h) => localClock(h, 'Europe/Berlin'))
        .slice(0, 4),
    ).toEqual(['00:00', '01:00', '03:00', '04:00']);
  });
});

describe('comparisonOf: a running period against the previous one up to the same moment (issue 18)', () => {
  const zone = 'Asia/Shanghai';
  const at = (local: string) => Date.parse(`${local}+08:00`);
  const cut = (period: EnergyPeriod, anchor: string, now: string) =>
    comparisonOf(period, periodRange(period, anchor), at(now), zone);

  it('cuts yesterday at the same clock time: at 03:13 today, yesterday up to 03:13', () => {
    expect(cut('DAY', '2026-11-26', '2026-11-26T03:13:00')).toEqual({
      previous: { from: '2026-11-25', to: '2026-11-25' },
      until: { at: at('2026-11-25T03:13:00'), date: '2026-11-25', time: '03:13' },
    });
  });

  it('cuts last week on the same weekday and time', () => {
    // Thursday 26 November 2026: last week ran 16-22 November, its Thursday is the 19th.
    expect(cut('WEEK', '2026-11-26', '2026-11-26T10:30:00')).toEqual({
      previous: { from: '2026-11-16', to: '2026-11-22' },
      until: { at: at('2026-11-19T10:30:00'), date: '2026-11-19', time: '10:30' },
    });
  });

  it('cuts last month on the same day, or takes all of a shorter month that has no such day', () => {
    expect(cut('MONTH', '2026-03-28', '2026-03-28T10:00:00').until).toEqual({
      at: at('2026-02-28T10:00:00'),
      date: '2026-02-28',
      time: '10:00',
    });
    // 31 March: February 2026 has 28 days, it ended before this moment came and is compared whole.
    expect(cut('MONTH', '2026-03-31', '2026-03-31T10:00:00')).toEqual({
      previous: { from: '2026-02-01', to: '2026-02-28' },
      until: { at: at('2026-03-01T00:00:00'), date: '2026-02-28', time: '24:00' },
    });
    // In a leap year February has its 29th.
    expect(cut('MONTH', '2024-03-29', '2024-03-29T08:15:00').until?.date).toBe('2024-02-29');
    // 31 May against April (30 days); 1 January against December, over the year boundary.
    expect(cut('MONTH', '2026-05-31', '2026-05-31T12:00:00').until).toMatchObject({
      date: '2026-04-30',
      time: '24:00',
    });
    expect(cut('MONTH', '2027-01-01', '2027-01-01T00:30:00')).toEqual({
      previous: { from: '2026-12-01', to: '2026-12-31' },
      until: { at: at('2026-12-01T00:30:00'), date: '2026-12-01', time: '00:30' },
    });
  });

  it('cuts last year on the same date, 29 February against the end of 28 February', () => {
    expect(cut('YEAR', '2027-01-01', '2027-01-01T00:30:00')).toEqual({
      previous: { from: '2026-01-01', to: '2026-12-31' },
      until: { at: at('2026-01-01T00:30:00'), date: '2026-01-01', time: '00:30' },
    });
    expect(cut('YEAR', '2026-11-26', '2026-11-26T03:13:00').until?.date).toBe('2025-11-26');
    expect(cut('YEAR', '2028-02-29', '2028-02-29T12:00:00').until).toEqual({
      at: at('2027-03-01T00:00:00'),
      date: '2027-02-28',
      time: '24:00',
    });
  });

  it('compares a finished period, or one not begun, whole', () => {
    expect(cut('DAY', '2026-11-25', '2026-11-26T03:13:00').until).toBeNull();
    expect(cut('MONTH', '2026-12-01', '2026-11-26T03:13:00').until).toBeNull();
    // The last minute of a year still runs; its first instant after midnight belongs to the next.
    expect(cut('YEAR', '2026-06-01', '2026-12-31T23:59:00').until?.date).toBe('2025-12-31');
    expect(cut('YEAR', '2026-06-01', '2027-01-01T00:00:00').until).toBeNull();
  });

  it('reads the clock time in the project zone, across a change of the clocks', () => {
    // Berlin moved to summer time on 29 March 2026: 30 March 10:00 CEST against 29 March 10:00 CEST.
    const berlin = comparisonOf(
      'DAY',
      periodRange('DAY', '2026-03-30'),
      Date.parse('2026-03-30T08:00:00Z'),
      'Europe/Berlin',
    );
    expect(berlin.until).toEqual({
      at: Date.parse('2026-03-29T08:00:00Z'),
      date: '2026-03-29',
      time: '10:00',
    });
  });
});
