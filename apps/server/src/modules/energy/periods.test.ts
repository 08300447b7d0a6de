import { describe, expect, it } from 'vitest';
import { hoursOf, localClock, localMidnight, periodRange, previousRange } from './periods.js';

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
