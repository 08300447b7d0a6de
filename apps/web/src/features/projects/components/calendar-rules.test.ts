import { describe, expect, it } from 'vitest';
import {
  daysOf,
  isWeekend,
  monthCells,
  nextDayState,
  overridesOf,
  sameOverrides,
  stateOf,
  toggleDay,
} from './calendar-rules';

describe('calendar day toggling', () => {
  it('cycles a day from normal to holiday to extra working day and back to normal', () => {
    expect(nextDayState('normal')).toBe('holiday');
    expect(nextDayState('holiday')).toBe('workday');
    expect(nextDayState('workday')).toBe('normal');
  });

  it('adds, changes and removes the override of the clicked day only', () => {
    const start = overridesOf({ days: [{ date: '2026-10-01', type: 'holiday', name: 'National Day' }] });
    const once = toggleDay(start, '2026-05-04');
    expect(stateOf(once, '2026-05-04')).toBe('holiday');
    expect(stateOf(once, '2026-10-01')).toBe('holiday');
    const twice = toggleDay(once, '2026-10-01');
    expect(twice.get('2026-10-01')).toEqual({ type: 'workday', name: 'National Day' });
    const thrice = toggleDay(twice, '2026-10-01');
    expect(thrice.has('2026-10-01')).toBe(false);
    expect(stateOf(start, '2026-05-04')).toBe('normal');
  });

  it('sends the days in date order and tells when nothing changed', () => {
    const a = toggleDay(toggleDay(new Map(), '2026-12-25'), '2026-01-01');
    expect(daysOf(a).map((d) => d.date)).toEqual(['2026-01-01', '2026-12-25']);
    expect(sameOverrides(a, overridesOf({ days: daysOf(a) }))).toBe(true);
    expect(sameOverrides(a, toggleDay(a, '2026-01-01'))).toBe(false);
  });
});

describe('the month grid', () => {
  it('starts weeks on Monday and knows weekends', () => {
    // 1 February 2026 is a Sunday: six blanks, then 28 days.
    const cells = monthCells(2026, 1);
    expect(cells.slice(0, 7)).toEqual([null, null, null, null, null, null, 1]);
    expect(cells.filter((c) => c !== null)).toHaveLength(28);
    expect(isWeekend(2026, 1, 1)).toBe(true);
    expect(isWeekend(2026, 1, 2)).toBe(false);
    expect(monthCells(2028, 1).filter((c) => c !== null)).toHaveLength(29);
  });
});
