import { describe, expect, it } from 'vitest';
import type { WorkTime } from '@sbuilding/shared';
import type { SceneRules } from './tables.js';
import { planWeek, type WeekScene } from './week.js';

/* The pure planner on fixed inputs: what the database test does not reach. */

const RULES: SceneRules = {
  conditions: [],
  relationship: 'all',
  executionTimes: ['08:00'],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  effectiveStart: null,
  effectiveEnd: null,
  auxiliaryCondition: 'none',
  timeRange: null,
  maxExecuteCount: 0,
  repeatIntervalMinutes: 0,
  vacantTimeoutMinutes: 0,
  manualTimeoutMinutes: 0,
  preDelaySeconds: 0,
  targets: [{ kind: 'device', id: 1 }],
  actions: [{ method: 'setOnOff', params: { onOff: true } }],
};

const scene = (
  id: number,
  over: Omit<Partial<WeekScene>, 'rules'> & { rules?: Partial<SceneRules> } = {},
): WeekScene => ({
  id,
  name: `Scene ${id}`,
  enabled: true,
  triggerType: 'timing',
  zoneId: null,
  ...over,
  rules: { ...RULES, ...over.rules },
});

const workTime = (timeType: WorkTime['timeType'], startTime: string, endTime: string): WorkTime => ({
  id: 1,
  projectId: 1,
  name: timeType,
  startTime,
  endTime,
  timeType,
  zoneType: 'office',
  version: 1,
  createTime: '',
  updateTime: '',
});

// Monday 2026-03-02 to Sunday 2026-03-08, in UTC: Thursday the 5th a holiday.
const plan = (scenes: WeekScene[], workTimes: WorkTime[] = []) =>
  planWeek({
    from: '2026-03-02',
    timeZone: 'UTC',
    scenes,
    naps: [],
    exceptions: [{ date: '2026-03-05', type: 'holiday', name: 'Closed' }],
    workTimes,
  });

const verdicts = (runs: ReturnType<typeof plan>['runs'], id: number) =>
  runs.filter((r) => r.sceneId === id).map((r) => `${r.localDate.slice(8)} ${r.wouldRun ? 'run' : r.reason}`);

describe('planWeek', () => {
  it('splits an overnight overtime at midnight: its tail belongs to the day it began, if that day worked', () => {
    const week = plan([], [workTime('OT', '20:00', '02:00')]);
    const windows = week.days.map((d) =>
      d.windows.map((w) => `${w.startMinute}-${w.endMinute}${w.fromPreviousDay ? '*' : ''}`),
    );
    expect(windows).toEqual([
      ['1200-1440'], // Monday: the evening; Sunday before did not work
      ['0-120*', '1200-1440'],
      ['0-120*', '1200-1440'],
      ['0-120*'], // Thursday the holiday: only Wednesday's tail
      ['1200-1440'], // Friday: Thursday did not work
      ['0-120*'], // Saturday: Friday's tail
      [],
    ]);
  });

  it('marks runs that also wait on live readings, and leaves those checks out of the verdict', () => {
    const hybrid = scene(1, {
      triggerType: 'hybrid',
      rules: {
        conditions: [
          { source: 'weather', deviceId: null, property: 'temperature', operator: 'greater', value: 30 },
        ],
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    const week = plan([hybrid]);
    expect(verdicts(week.runs, 1)).toEqual([
      '02 run',
      '03 run',
      '04 run',
      '05 run',
      '06 run',
      '07 weekday',
      '08 weekday',
    ]);
    expect(week.runs.every((r) => r.conditional)).toBe(true);
  });

  it('applies the time range at the moment the pre-delay lets the run go, and spaces runs by the repeat interval', () => {
    const late = scene(1, {
      rules: { executionTimes: ['09:55'], preDelaySeconds: 600, timeRange: { start: '08:00', end: '10:00' } },
    });
    const spaced = scene(2, {
      rules: { executionTimes: ['08:00', '08:30', '09:00'], repeatIntervalMinutes: 45 },
    });
    const week = plan([late, spaced]);
    // 09:55 plus 10 minutes is 10:05, past the range.
    expect(verdicts(week.runs, 1)[0]).toBe('02 timeRange');
    expect(verdicts(week.runs, 2).slice(0, 3)).toEqual(['02 run', '02 repeatInterval', '02 run']);
  });

  it('leaves out disabled and untimed scenes', () => {
    const week = plan([scene(1, { enabled: false }), scene(2, { triggerType: 'device' }), scene(3)]);
    expect(new Set(week.runs.map((r) => r.sceneId))).toEqual(new Set([3]));
    expect(week.timedScenes).toBe(1);
    expect(week.to).toBe('2026-03-08');
  });
});
