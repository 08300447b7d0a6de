import { describe, expect, it } from 'vitest';
import type { PowerState } from '@sbuilding/shared';
import { describeDay, type CalendarException } from '../calendar/index.js';
import {
  baselineOf,
  comparableDates,
  dayShare,
  daysBetween,
  keptBaselineOf,
  withBaseline,
  zoneBaselineOf,
  type DayReadings,
  type PlainSaving,
} from './baseline-arithmetic.js';
import { emptyState } from './readings.js';

/*
 * The baseline on hand-worked cases. A light switched off at 18:00 on Monday 2026-03-16 saves 36 W (36.5 W
 * on at full brightness, 0.5 W off); the plain rule counts it until the next reported change, here the 10 h
 * cap at 04:00: 0.36 kWh. The baseline keeps the share the light would otherwise have drawn over those
 * hours on comparable days.
 */
const state = (s: Partial<PowerState>): PowerState => ({ ...emptyState(), ...s });
const at = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00Z`);
const plain: PlainSaving = {
  owner: 1,
  deviceId: 7,
  deviceName: 'L',
  category: 'light',
  commandAt: '2026-03-16T18:00:00.000Z',
  before: state({ onOff: true, lightnessLevel: 255 }),
  after: state({ onOff: false, lightnessLevel: 255 }),
  afterAt: '2026-03-16T18:00:00.000Z',
  endAt: '2026-03-17T04:00:00.000Z',
  endReason: 'maxHours',
  beforeWatts: 36.5,
  afterWatts: 0.5,
  savedWatts: 36,
  hours: 10,
  kwh: 0.36,
};
/** A comparable day on which the light was on at 18:00 and its people switched it off at `off`. */
const switchedOffAt = (date: string, off: string): DayReadings => ({
  date,
  start: { onOff: true, lightnessLevel: 255 },
  changes: [{ key: 'onOff', value: false, at: at(date, off) }],
});
const windowOn = (date: string) => {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [at(date, '18:00'), at(next, '04:00')] as const;
};

describe('a saving is held to what the device would otherwise have drawn', () => {
  it('keeps two hours of ten for a light that stays on until 20:00 on comparable days', () => {
    const days = ['2026-03-13', '2026-03-12', '2026-03-11', '2026-03-10'];
    const shares = days.map((d) => ({
      date: d,
      share: dayShare(plain, switchedOffAt(d, '20:00'), ...windowOn(d)),
    }));
    expect(shares.map((s) => s.share)).toEqual([0.2, 0.2, 0.2, 0.2]);
    const held = withBaseline(plain, baselineOf(plain.kwh, true, shares));
    // 36 W × 2 h = 0.072 kWh, of the plain rule's 0.36.
    expect(held.kwh).toBe(0.072);
    expect(held.baseline).toEqual({
      source: 'device',
      workday: true,
      days,
      devices: 1,
      share: 0.2,
      plainKwh: 0.36,
    });
  });

  it('keeps ten minutes for a light whose people switch it off at 18:10', () => {
    const days = ['2026-03-13', '2026-03-12'];
    const shares = days.map((d) => ({
      date: d,
      share: dayShare(plain, switchedOffAt(d, '18:10'), ...windowOn(d)),
    }));
    const held = withBaseline(plain, baselineOf(plain.kwh, true, shares));
    // 36 W × 1/6 h = 0.006 kWh.
    expect(held.baseline.share).toBe(0.0167);
    expect(held.kwh).toBe(0.006);
    // A light already off at 18:00 on a comparable day bears out nothing that day; one on all night, all.
    const off = dayShare(
      plain,
      { date: '2026-03-13', start: { onOff: false }, changes: [] },
      ...windowOn('2026-03-13'),
    );
    const on = dayShare(
      plain,
      { date: '2026-03-12', start: { onOff: true }, changes: [] },
      ...windowOn('2026-03-12'),
    );
    expect([off, on]).toEqual([0, 1]);
    expect(
      withBaseline(
        plain,
        baselineOf(plain.kwh, true, [
          { date: 'a', share: off },
          { date: 'b', share: on },
        ]),
      ).kwh,
    ).toBe(0.18);
  });

  it('counts by the plain rule when no comparable day is known, and says so', () => {
    // No comparable day at all (a new device, or a first day of its type in the lookback).
    const none = withBaseline(plain, baselineOf(plain.kwh, true, []));
    expect(none.kwh).toBe(0.36);
    expect(none.baseline).toEqual({
      source: 'none',
      workday: true,
      days: [],
      devices: 0,
      share: 1,
      plainKwh: 0.36,
    });
    // Comparable days on which the light reported nothing before the hours: not known, so none either.
    const unknown = dayShare(
      plain,
      { date: '2026-03-13', start: {}, changes: [] },
      ...windowOn('2026-03-13'),
    );
    expect(unknown).toBeNull();
    expect(baselineOf(plain.kwh, true, [{ date: '2026-03-13', share: unknown }]).source).toBe('none');
  });

  it('holds a saving with no comparable day left to the baseline kept before, and says which', () => {
    // An after-work scene running every workday since 2 March: on 16 March its comparable days were the
    // four workdays before the scene, the light on until 20:00 on each (share 0.2, kept). Six weeks later
    // (27 April) every workday of the lookback is the scene's: none of its own, so the kept one.
    const kept = {
      workday: true,
      savingDate: '2026-03-16',
      share: 0.2,
      days: ['2026-02-27', '2026-02-26', '2026-02-25', '2026-02-24'],
      computedAt: new Date('2026-03-17T01:00:00.000Z'),
    };
    const later = { ...plain, commandAt: '2026-04-27T18:00:00.000Z' };
    expect(baselineOf(later.kwh, true, []).source).toBe('none');
    const held = withBaseline(later, keptBaselineOf(later.kwh, kept));
    // 0.36 kWh × 0.2 = 0.072 kWh, as on the day it was read; not the plain 0.36.
    expect(held.kwh).toBe(0.072);
    expect(held.baseline).toEqual({
      source: 'kept',
      workday: true,
      days: ['2026-02-27', '2026-02-26', '2026-02-25', '2026-02-24'],
      devices: 1,
      share: 0.2,
      plainKwh: 0.36,
      keptFor: '2026-03-16',
      keptAt: '2026-03-17T01:00:00.000Z',
    });
  });

  it("reads a new device's zone when none of its own days is known", () => {
    // Two other lights of its zone: one on until 20:00 on two days, one off at 18:10 on one, one not known.
    const zone = [
      { date: '2026-03-13', deviceId: 8, share: 0.2 },
      { date: '2026-03-12', deviceId: 8, share: 0.2 },
      { date: '2026-03-13', deviceId: 9, share: 0.0167 },
      { date: '2026-03-12', deviceId: 9, share: null },
    ];
    const held = withBaseline(plain, zoneBaselineOf(plain.kwh, true, zone));
    // (0.2 + 0.2 + 0.0167) / 3 = 0.1389 of 0.36 kWh.
    expect(held.baseline).toEqual({
      source: 'zone',
      workday: true,
      days: ['2026-03-13', '2026-03-12'],
      devices: 2,
      share: 0.1389,
      plainKwh: 0.36,
    });
    expect(held.kwh).toBe(0.05);
    expect(zoneBaselineOf(plain.kwh, true, [{ date: '2026-03-13', share: null }]).source).toBe('none');
  });

  it('never counts more than the plain rule, and counts dimming by the level the light kept', () => {
    // A light brighter on the comparable day than before the command still bears out only the saved watts.
    const nap: PlainSaving = {
      ...plain,
      before: state({ onOff: true, lightnessLevel: 200 }),
      after: state({ onOff: true, lightnessLevel: 77 }),
      beforeWatts: 28.74,
      afterWatts: 11.37,
      savedWatts: 17.37,
      endAt: '2026-03-16T19:30:00.000Z',
      endReason: 'changed',
      hours: 1.5,
      kwh: 0.0261,
    };
    const start = at('2026-03-13', '18:00');
    const end = at('2026-03-13', '19:30');
    expect(
      dayShare(
        nap,
        { date: '2026-03-13', start: { onOff: true, lightnessLevel: 255 }, changes: [] },
        start,
        end,
      ),
    ).toBe(1);
    // At 140 on the comparable day: (0.5 + 36 × 140 / 255 − 11.37) / 17.37 of the saving.
    const share = dayShare(
      nap,
      { date: '2026-03-13', start: { onOff: true, lightnessLevel: 140 }, changes: [] },
      start,
      end,
    );
    expect(share).toBeCloseTo((0.5 + (36 * 140) / 255 - 11.37) / 17.37, 6);
    // Dimmed below the nap's level: nothing.
    expect(
      dayShare(
        nap,
        { date: '2026-03-13', start: { onOff: true, lightnessLevel: 50 }, changes: [] },
        start,
        end,
      ),
    ).toBe(0);
  });
});

describe('comparable days', () => {
  // The project's calendar: National Day 2026-10-01 to 07 are holidays, Saturday 2026-10-10 works.
  const exceptions = new Map<string, CalendarException>(
    [
      ...['01', '02', '03', '04', '05', '06', '07'].map((d): CalendarException => ({
        date: `2026-10-${d}`,
        type: 'holiday',
        name: 'National Day',
      })),
      { date: '2026-10-10', type: 'workday', name: 'Worked Saturday' } satisfies CalendarException,
    ].map((e) => [e.date, e]),
  );
  const workdayOf = (date: string) => describeDay(date, exceptions.get(date)).workday;

  it('compares a workday with the most recent workdays the automation left alone', () => {
    // Monday 2026-10-12: the worked Saturday, then Friday to Thursday; the holidays are skipped.
    expect(comparableDates('2026-10-12', workdayOf, new Set())).toEqual([
      '2026-10-10',
      '2026-10-09',
      '2026-10-08',
      '2026-09-30',
    ]);
    // Days the automation acted on the device are not comparable.
    expect(comparableDates('2026-10-12', workdayOf, new Set(['2026-10-09', '2026-10-08']))).toEqual([
      '2026-10-10',
      '2026-09-30',
      '2026-09-29',
      '2026-09-28',
    ]);
  });

  it('compares a holiday with rest days: the holidays before it and the weekends', () => {
    // Tuesday 2026-10-06, a holiday: the holidays before it, then the weekend before them.
    expect(comparableDates('2026-10-06', workdayOf, new Set())).toEqual([
      '2026-10-05',
      '2026-10-04',
      '2026-10-03',
      '2026-10-02',
    ]);
    expect(comparableDates('2026-10-02', workdayOf, new Set(['2026-10-01']))).toEqual([
      '2026-09-27',
      '2026-09-26',
      '2026-09-20',
      '2026-09-19',
    ]);
    // Only as far back as the lookback: none at all within 3 days.
    expect(comparableDates('2026-10-02', workdayOf, new Set(['2026-10-01']), 4, 3)).toEqual([]);
    expect(daysBetween('2026-10-02', '2026-09-27')).toBe(-5);
  });

  it('reads a holiday baseline where a workday one would have kept the whole saving', () => {
    // On the holiday the light stays off (share 0); on workdays it stays on all evening (share 1).
    const holidays = comparableDates('2026-10-06', workdayOf, new Set()).map((date) => ({
      date,
      share: dayShare(plain, { date, start: { onOff: false }, changes: [] }, ...windowOn(date)),
    }));
    const workdays = comparableDates('2026-10-12', workdayOf, new Set()).map((date) => ({
      date,
      share: dayShare(plain, { date, start: { onOff: true }, changes: [] }, ...windowOn(date)),
    }));
    expect(withBaseline(plain, baselineOf(plain.kwh, false, holidays)).kwh).toBe(0);
    expect(withBaseline(plain, baselineOf(plain.kwh, true, workdays)).kwh).toBe(0.36);
  });
});
