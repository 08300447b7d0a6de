import { describe, expect, it } from 'vitest';
import type { WorkTime } from '@sbuilding/shared';
import {
  activePeriods,
  describeDay,
  inWorkingPeriod,
  localTimeOf,
  matchPeriod,
  previousDate,
  weekdayOf,
  type InstantDescription,
} from './calendar-rules.js';

function period(timeType: WorkTime['timeType'], startTime: string, endTime: string, id = 1): WorkTime {
  return {
    id,
    projectId: 1,
    name: timeType,
    startTime,
    endTime,
    timeType,
    zoneType: 'office',
    version: 1,
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
  };
}

describe('describeDay', () => {
  it('rests on a plain Saturday and Sunday', () => {
    expect(describeDay('2026-03-14', undefined)).toEqual({
      date: '2026-03-14',
      workday: false,
      reason: 'weekend',
    });
    expect(describeDay('2026-03-15', undefined).reason).toBe('weekend');
  });

  it('works on a plain Monday to Friday', () => {
    expect(describeDay('2026-03-16', undefined)).toEqual({
      date: '2026-03-16',
      workday: true,
      reason: 'weekday',
    });
    expect(describeDay('2026-03-20', undefined).workday).toBe(true);
  });

  it('rests on a weekday the calendar names a holiday, and says which one', () => {
    const exception = { date: '2026-10-05', type: 'holiday' as const, name: 'National Day' };
    expect(describeDay('2026-10-05', exception)).toEqual({
      date: '2026-10-05',
      workday: false,
      reason: 'holiday',
      holidayName: 'National Day',
    });
  });

  it('works on a Saturday the calendar names an extra working day', () => {
    const exception = { date: '2026-02-14', type: 'workday' as const, name: '' };
    expect(describeDay('2026-02-14', exception)).toEqual({
      date: '2026-02-14',
      workday: true,
      reason: 'extraWorkday',
    });
  });
});

describe('dates', () => {
  it('knows the day of week of a date, whatever the machine time zone', () => {
    expect(['2026-01-01', '2026-02-14', '2026-03-16'].map(weekdayOf)).toEqual([4, 6, 1]);
  });

  it('steps back over month, year and leap-day boundaries', () => {
    expect(previousDate('2026-03-01')).toBe('2026-02-28');
    expect(previousDate('2024-03-01')).toBe('2024-02-29');
    expect(previousDate('2026-01-01')).toBe('2025-12-31');
  });
});

describe('localTimeOf', () => {
  it('reads an instant on the wall clock of the project, not of UTC', () => {
    // 15:30 UTC on Friday 2 January is 23:30 the same day in Shanghai (UTC+8).
    expect(localTimeOf(new Date('2026-01-02T15:30:00Z'), 'Asia/Shanghai')).toEqual({
      date: '2026-01-02',
      time: '23:30',
      minutes: 23 * 60 + 30,
    });
    // An hour later it is already Saturday in Shanghai.
    expect(localTimeOf(new Date('2026-01-02T16:30:00Z'), 'Asia/Shanghai').date).toBe('2026-01-03');
  });

  it('follows daylight saving time', () => {
    // New York springs forward at 02:00 on 8 March 2026: 07:30 UTC is 03:30 EDT, not 02:30 EST.
    expect(localTimeOf(new Date('2026-03-08T07:30:00Z'), 'America/New_York').time).toBe('03:30');
    expect(localTimeOf(new Date('2026-03-07T07:30:00Z'), 'America/New_York').time).toBe('02:30');
  });

  it('writes midnight as 00:00', () => {
    expect(localTimeOf(new Date('2026-01-01T16:00:00Z'), 'Asia/Shanghai').time).toBe('00:00');
  });
});

describe('matchPeriod', () => {
  const work = { startTime: '09:00', endTime: '18:00' };

  it('holds its start and excludes its end', () => {
    expect(matchPeriod(work, 9 * 60)).toBe('sameDay');
    expect(matchPeriod(work, 18 * 60 - 1)).toBe('sameDay');
    expect(matchPeriod(work, 18 * 60)).toBe('none');
    expect(matchPeriod(work, 8 * 60 + 59)).toBe('none');
  });

  it('splits a period over midnight between the evening and the next morning', () => {
    const ot = { startTime: '20:00', endTime: '02:00' };
    expect(matchPeriod(ot, 23 * 60 + 30)).toBe('sameDay');
    expect(matchPeriod(ot, 0)).toBe('fromPreviousDay');
    expect(matchPeriod(ot, 60 + 59)).toBe('fromPreviousDay');
    expect(matchPeriod(ot, 2 * 60)).toBe('none');
    expect(matchPeriod(ot, 12 * 60)).toBe('none');
  });
});

describe('activePeriods', () => {
  const periods = [
    period('NAP', '12:30', '13:30', 3),
    period('WORK', '09:00', '18:00', 1),
    period('LUNCH', '12:00', '13:00', 2),
    period('OT', '20:00', '02:00', 4),
  ];

  it('lists every period holding the moment, in start order', () => {
    expect(activePeriods(periods, 12 * 60 + 45).map((p) => p.timeType)).toEqual(['WORK', 'LUNCH', 'NAP']);
    expect(activePeriods(periods, 13 * 60 + 15).map((p) => p.timeType)).toEqual(['WORK', 'NAP']);
    expect(activePeriods(periods, 19 * 60)).toEqual([]);
  });

  it('marks the after-midnight part of an overnight period as belonging to the previous day', () => {
    const [ot] = activePeriods(periods, 60);
    expect(ot).toMatchObject({ timeType: 'OT', fromPreviousDay: true });
    expect(activePeriods(periods, 21 * 60)[0]).toMatchObject({ timeType: 'OT', fromPreviousDay: false });
  });
});

describe('inWorkingPeriod', () => {
  const base: InstantDescription = {
    date: '2026-01-03',
    workday: false,
    reason: 'weekend',
    timeZone: 'Asia/Shanghai',
    localTime: '01:00',
    periods: [{ ...period('OT', '20:00', '02:00'), fromPreviousDay: true }],
    previousDay: { date: '2026-01-02', workday: true, reason: 'weekday' },
  };

  it('counts the after-midnight part of an overtime by the day it began', () => {
    expect(inWorkingPeriod(base, 'OT')).toBe(true);
    expect(inWorkingPeriod({ ...base, previousDay: { ...base.previousDay, workday: false } }, 'OT')).toBe(
      false,
    );
  });

  it('does not count a period on a day off', () => {
    const lunch = {
      ...base,
      localTime: '12:30',
      periods: [{ ...period('LUNCH', '12:00', '13:00'), fromPreviousDay: false }],
    };
    expect(inWorkingPeriod(lunch, 'LUNCH')).toBe(false);
    expect(inWorkingPeriod({ ...lunch, workday: true, reason: 'extraWorkday' }, 'LUNCH')).toBe(true);
    expect(inWorkingPeriod({ ...lunch, workday: true }, 'NAP')).toBe(false);
  });
});
