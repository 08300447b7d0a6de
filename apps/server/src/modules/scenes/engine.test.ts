import { describe, expect, it } from 'vitest';
import { sceneCreateBodySchema, type SceneCondition } from '@sbuilding/shared';
import { describeDay } from '../calendar/calendar-rules.js';
import {
  compare,
  decide,
  dueTimesBetween,
  instantOf,
  numericValue,
  type EngineInputs,
  type EngineScene,
  type Reading,
} from './engine.js';
import type { SceneRules } from './tables.js';

/*
 * The engine on a virtual clock. The project is in Asia/Shanghai (UTC+8, no daylight saving):
 * 2026-03-16 is a Monday, 2026-03-21 a Saturday, 2026-10-01 a Thursday inside the National Day holiday.
 */
const TZ = 'Asia/Shanghai';
const at = (local: string) => new Date(`${local}:00+08:00`);
const PIR = 11;
const TH = 12;

function rules(overrides: Partial<SceneRules> = {}): SceneRules {
  return {
    conditions: [],
    relationship: 'all',
    executionTimes: [],
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
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
    ...overrides,
  };
}

function scene(overrides: Partial<SceneRules> = {}, more: Partial<EngineScene> = {}): EngineScene {
  return { enabled: true, triggerType: 'device', zoneId: 5, rules: rules(overrides), ...more };
}

const cond = (c: Partial<SceneCondition>): SceneCondition => ({
  source: 'device',
  deviceId: TH,
  property: 'temperature',
  operator: 'greater',
  value: 26,
  ...c,
});

/** Inputs at a local time; the calendar is the plain weekly rule unless a day exception is given. */
function inputs(
  local: string,
  overrides: Partial<EngineInputs> = {},
  values: Record<string, number> = {},
): EngineInputs {
  const now = at(local);
  const date = local.slice(0, 10);
  return {
    now,
    timeZone: TZ,
    trigger: 'device',
    day: describeDay(date, undefined),
    deviceValue: (deviceId, key): Reading => {
      const v = values[`${deviceId}.${key}`];
      return v === undefined ? { value: null, at: null } : { value: v, at: new Date(now.getTime() - 1000) };
    },
    weather: (property): Reading => {
      const v = values[`weather.${property}`];
      return v === undefined ? { value: null, at: null } : { value: v, at: now };
    },
    history: { runsToday: 0, lastRanAt: null },
    lastManualAt: null,
    zoneVacantSince: null,
    conditionsSince: null,
    ...overrides,
  };
}

const check = (d: ReturnType<typeof decide>, code: string) => d.checks.find((c) => c.code === code);

describe('operators', () => {
  it.each([
    ['greater', 27, 26, true],
    ['greater', 26, 26, false],
    ['less', 25, 26, true],
    ['less', 26, 26, false],
    ['equal', 26, 26, true],
    ['equal', 26.5, 26, false],
    ['notEqual', 26.5, 26, true],
    ['notEqual', 26, 26, false],
  ] as const)('%s: %d against %d is %s', (operator, live, value, expected) => {
    expect(compare(live, operator, value)).toBe(expected);
  });

  it.each([
    ['within', 20, true],
    ['within', 22, true],
    ['within', 26, true],
    ['within', 19.9, false],
    ['within', 26.1, false],
    ['notWithin', 19.9, true],
    ['notWithin', 26.1, true],
    ['notWithin', 22, false],
    ['notWithin', 20, false],
  ] as const)('%s [20, 26] of %d is %s (both ends inside)', (operator, live, expected) => {
    expect(compare(live, operator, [20, 26])).toBe(expected);
  });

  it('an unknown value holds for no operator, not even notEqual', () => {
    expect(compare(null, 'notEqual', 1)).toBe(false);
    expect(compare(null, 'notWithin', [1, 2])).toBe(false);
  });

  it('reads booleans and numeric text as numbers', () => {
    expect(numericValue(true)).toBe(1);
    expect(numericValue(false)).toBe(0);
    expect(numericValue('23.5')).toBe(23.5);
    expect(numericValue('cool')).toBeNull();
    expect(numericValue(null)).toBeNull();
  });
});

describe('conditions and relationship', () => {
  const two = [cond({ value: 26 }), cond({ deviceId: PIR, property: 'pir', operator: 'equal', value: 0 })];

  it('all: runs only when every condition holds, and names the one that did not with the value it read', () => {
    const s = scene({ conditions: two, relationship: 'all' });
    expect(
      decide(s, inputs('2026-03-16 10:00', {}, { [`${TH}.temperature`]: 27, [`${PIR}.pir`]: 0 })).decision,
    ).toBe('run');
    const d = decide(s, inputs('2026-03-16 10:00', {}, { [`${TH}.temperature`]: 27, [`${PIR}.pir`]: 1 }));
    expect(d).toMatchObject({ decision: 'skip', reason: 'conditionFalse' });
    expect(check(d, 'conditionFalse')?.detail).toMatchObject({
      index: 1,
      property: 'pir',
      live: 1,
      value: 0,
    });
    expect(d.conditions.map((c) => [c.live, c.holds])).toEqual([
      [27, true],
      [1, false],
    ]);
  });

  it('either: one holding condition is enough', () => {
    const s = scene({ conditions: two, relationship: 'either' });
    const values = { [`${TH}.temperature`]: 20, [`${PIR}.pir`]: 0 };
    expect(decide(s, inputs('2026-03-16 10:00', {}, values)).decision).toBe('run');
    const none = decide(s, inputs('2026-03-16 10:00', {}, { [`${TH}.temperature`]: 20, [`${PIR}.pir`]: 1 }));
    expect(none.reason).toBe('conditionFalse');
  });

  it('a condition without a live value does not hold', () => {
    const d = decide(scene({ conditions: [cond({})] }), inputs('2026-03-16 10:00'));
    expect(d.reason).toBe('conditionFalse');
    expect(d.conditions[0]).toMatchObject({ live: null, holds: false, liveAt: null });
  });

  it('reads device properties from their telemetry keys (measured temperature is roomTemp, present on is onOff)', () => {
    const s = scene({
      conditions: [
        cond({ property: 'measuredTemp', operator: 'within', value: [24, 28] }),
        cond({ property: 'presentOn', operator: 'equal', value: 1 }),
        cond({ property: 'ambientBrightness', operator: 'less', value: 100 }),
      ],
    });
    const d = decide(
      s,
      inputs(
        '2026-03-16 10:00',
        {},
        { [`${TH}.roomTemp`]: 25, [`${TH}.onOff`]: 1, [`${TH}.illuminance`]: 50 },
      ),
    );
    expect(d.decision).toBe('run');
  });

  it('weather conditions read the weather', () => {
    const s = scene(
      {
        conditions: [
          cond({ source: 'weather', deviceId: null, property: 'pm25', operator: 'greater', value: 75 }),
        ],
      },
      { triggerType: 'weather' },
    );
    expect(decide(s, inputs('2026-03-16 10:00', {}, { 'weather.pm25': 80 })).decision).toBe('run');
    expect(decide(s, inputs('2026-03-16 10:00', {}, { 'weather.pm25': 50 })).reason).toBe('conditionFalse');
  });
});

describe('calendar gates', () => {
  it('weekdays: skips on a day not chosen', () => {
    const s = scene({ weekdays: [1, 2, 3, 4, 5] });
    expect(decide(s, inputs('2026-03-16 10:00')).decision).toBe('run');
    const d = decide(s, inputs('2026-03-21 10:00'));
    expect(d.reason).toBe('weekday');
    expect(check(d, 'weekday')?.detail).toMatchObject({ weekday: 6 });
  });

  it('workdays only: a calendar holiday on a Thursday skips, an extra working Saturday runs', () => {
    const s = scene({ auxiliaryCondition: 'workdays' });
    const holiday = describeDay('2026-10-01', { date: '2026-10-01', type: 'holiday', name: 'National Day' });
    const d = decide(s, inputs('2026-10-01 10:00', { day: holiday }));
    expect(d.reason).toBe('auxiliaryCondition');
    expect(check(d, 'auxiliaryCondition')?.detail).toMatchObject({ workday: false, dayReason: 'holiday' });
    const extra = describeDay('2026-10-10', { date: '2026-10-10', type: 'workday', name: 'Adjusted' });
    expect(decide(s, inputs('2026-10-10 10:00', { day: extra })).decision).toBe('run');
    expect(decide(s, inputs('2026-03-21 10:00')).reason).toBe('auxiliaryCondition');
  });

  it('holidays only: runs on rest days (weekends and calendar holidays), not on workdays', () => {
    const s = scene({ auxiliaryCondition: 'holidays' });
    expect(decide(s, inputs('2026-03-16 10:00')).reason).toBe('auxiliaryCondition');
    expect(decide(s, inputs('2026-03-21 10:00')).decision).toBe('run');
    const holiday = describeDay('2026-10-01', { date: '2026-10-01', type: 'holiday', name: 'National Day' });
    expect(decide(s, inputs('2026-10-01 10:00', { day: holiday })).decision).toBe('run');
  });

  it('effective dates: both ends included, on the local date', () => {
    const s = scene({ effectiveStart: '2026-03-16', effectiveEnd: '2026-03-20' });
    // 2026-03-15 23:30 in UTC is already the 16th in Shanghai.
    expect(decide(s, { ...inputs('2026-03-16 07:30'), now: new Date('2026-03-15T23:30:00Z') }).decision).toBe(
      'run',
    );
    expect(decide(s, inputs('2026-03-15 23:59')).reason).toBe('effectiveDates');
    expect(decide(s, inputs('2026-03-20 23:59')).decision).toBe('run');
    const after = decide(s, inputs('2026-03-21 00:00'));
    expect(after.reason).toBe('effectiveDates');
    expect(check(after, 'effectiveDates')?.detail).toEqual({
      date: '2026-03-21',
      start: '2026-03-16',
      end: '2026-03-20',
    });
  });

  it('time range: [start, end), and a range past midnight', () => {
    const day = scene({ timeRange: { start: '08:00', end: '18:00' } });
    expect(decide(day, inputs('2026-03-16 08:00')).decision).toBe('run');
    expect(decide(day, inputs('2026-03-16 17:59')).decision).toBe('run');
    expect(decide(day, inputs('2026-03-16 18:00')).reason).toBe('timeRange');
    expect(decide(day, inputs('2026-03-16 07:59')).reason).toBe('timeRange');
    const night = scene({ timeRange: { start: '22:00', end: '06:00' } });
    expect(decide(night, inputs('2026-03-16 23:00')).decision).toBe('run');
    expect(decide(night, inputs('2026-03-16 05:59')).decision).toBe('run');
    expect(decide(night, inputs('2026-03-16 12:00')).reason).toBe('timeRange');
  });
});

describe('timing', () => {
  const timed = scene(
    { executionTimes: ['08:30', '18:00'], weekdays: [1, 2, 3, 4, 5] },
    { triggerType: 'timing' },
  );

  it('runs at an execution time on a chosen weekday; another minute is not an execution time', () => {
    expect(decide(timed, inputs('2026-03-16 08:30', { trigger: 'timing' })).decision).toBe('run');
    const d = decide(timed, inputs('2026-03-16 08:31', { trigger: 'timing' }));
    expect(d.reason).toBe('executionTime');
    expect(decide(timed, inputs('2026-03-21 08:30', { trigger: 'timing' })).reason).toBe('weekday');
  });

  it('a late run is judged by the execution time it is for, not by when it happens', () => {
    const d = decide(timed, inputs('2026-03-16 08:33', { trigger: 'timing', dueAt: at('2026-03-16 08:30') }));
    expect(d.decision).toBe('run');
  });

  it('the due execution times between two instants, on the project clock', () => {
    const due = dueTimesBetween(timed.rules, TZ, at('2026-03-16 08:30'), at('2026-03-17 09:00'));
    expect(due.map((d) => d.toISOString())).toEqual([
      at('2026-03-16 18:00').toISOString(),
      at('2026-03-17 08:30').toISOString(),
    ]);
  });

  it('finds wall-clock instants across daylight saving, and none for a skipped time', () => {
    expect(instantOf('2026-03-08', '01:30', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T06:30:00.000Z',
    );
    expect(instantOf('2026-03-08', '03:30', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(instantOf('2026-03-08', '02:30', 'America/New_York')).toBeNull();
  });

  it('a manual scene never runs by itself; execute now runs it', () => {
    const manual = scene({}, { triggerType: 'manual' });
    expect(decide(manual, inputs('2026-03-16 10:00', { trigger: 'timing' })).reason).toBe('manualOnly');
    expect(decide(manual, inputs('2026-03-16 10:00', { trigger: 'manual' })).decision).toBe('run');
  });
});

describe('limits', () => {
  it('disabled scenes skip, but execute now still runs them (the checks are kept for the record)', () => {
    const s = scene({}, { enabled: false });
    expect(decide(s, inputs('2026-03-16 10:00')).reason).toBe('disabled');
    const manual = decide(s, inputs('2026-03-16 10:00', { trigger: 'manual' }));
    expect(manual).toMatchObject({ decision: 'run', reason: null });
    expect(check(manual, 'disabled')?.ok).toBe(false);
  });

  it('max execute count per day', () => {
    const s = scene({ maxExecuteCount: 3 });
    expect(
      decide(s, inputs('2026-03-16 10:00', { history: { runsToday: 2, lastRanAt: null } })).decision,
    ).toBe('run');
    const d = decide(s, inputs('2026-03-16 10:00', { history: { runsToday: 3, lastRanAt: null } }));
    expect(d.reason).toBe('maxCount');
    expect(check(d, 'maxCount')?.detail).toEqual({ runsToday: 3, max: 3 });
  });

  it('repeat interval: not again within the interval of the last run', () => {
    const s = scene({ repeatIntervalMinutes: 30 });
    const last = at('2026-03-16 10:00');
    const d = decide(s, inputs('2026-03-16 10:29', { history: { runsToday: 1, lastRanAt: last } }));
    expect(d.reason).toBe('repeatInterval');
    expect(check(d, 'repeatInterval')?.detail).toMatchObject({ until: at('2026-03-16 10:30').toISOString() });
    expect(
      decide(s, inputs('2026-03-16 10:30', { history: { runsToday: 1, lastRanAt: last } })).decision,
    ).toBe('run');
  });

  it('manual timeout: leaves the targets alone after someone switched one by hand', () => {
    const s = scene({ manualTimeoutMinutes: 60 });
    const lastManualAt = at('2026-03-16 09:30');
    expect(decide(s, inputs('2026-03-16 10:00', { lastManualAt })).reason).toBe('manualTimeout');
    expect(decide(s, inputs('2026-03-16 10:30', { lastManualAt })).decision).toBe('run');
    expect(decide(s, inputs('2026-03-16 10:00', { lastManualAt: null })).decision).toBe('run');
  });

  it('vacant timeout: the zone must have been vacant that long; an occupied zone never qualifies', () => {
    const s = scene({ vacantTimeoutMinutes: 10 });
    const d = decide(s, inputs('2026-03-16 10:00', { zoneVacantSince: at('2026-03-16 09:51') }));
    expect(d.reason).toBe('vacantTimeout');
    expect(check(d, 'vacantTimeout')?.detail).toMatchObject({
      vacantMinutes: 9,
      timeoutMinutes: 10,
      zoneId: 5,
    });
    expect(decide(s, inputs('2026-03-16 10:00', { zoneVacantSince: at('2026-03-16 09:50') })).decision).toBe(
      'run',
    );
    expect(decide(s, inputs('2026-03-16 10:00', { zoneVacantSince: null })).reason).toBe('vacantTimeout');
  });

  it('pre-delay: the conditions must keep holding that long; the clock restarts when they stop', () => {
    const s = scene({ conditions: [cond({ value: 26 })], preDelaySeconds: 120 });
    const hot = { [`${TH}.temperature`]: 27 };
    const first = decide(s, inputs('2026-03-16 10:00', {}, hot));
    expect(first).toMatchObject({ decision: 'skip', reason: 'preDelay' });
    expect(first.conditionsSince?.toISOString()).toBe(at('2026-03-16 10:00').toISOString());
    const since = first.conditionsSince;
    expect(decide(s, inputs('2026-03-16 10:01', { conditionsSince: since }, hot)).reason).toBe('preDelay');
    expect(decide(s, inputs('2026-03-16 10:02', { conditionsSince: since }, hot)).decision).toBe('run');
    const cooled = decide(
      s,
      inputs('2026-03-16 10:01', { conditionsSince: since }, { [`${TH}.temperature`]: 25 }),
    );
    expect(cooled.conditionsSince).toBeNull();
  });

  it('pre-delay of a timed scene counts from its execution time', () => {
    const s = scene({ executionTimes: ['08:30'], preDelaySeconds: 60 }, { triggerType: 'timing' });
    const dueAt = at('2026-03-16 08:30');
    expect(decide(s, { ...inputs('2026-03-16 08:30', { trigger: 'timing', dueAt }) }).reason).toBe(
      'preDelay',
    );
    expect(decide(s, inputs('2026-03-16 08:31', { trigger: 'timing', dueAt })).decision).toBe('run');
  });

  it('lists every check with what it read, the first failing one being the reason', () => {
    const s = scene({
      maxExecuteCount: 1,
      repeatIntervalMinutes: 10,
      timeRange: { start: '08:00', end: '09:00' },
    });
    const d = decide(
      s,
      inputs('2026-03-16 10:00', { history: { runsToday: 1, lastRanAt: at('2026-03-16 09:55') } }),
    );
    expect(d.reason).toBe('timeRange');
    expect(d.checks.map((c) => [c.code, c.ok])).toEqual([
      ['disabled', true],
      ['timeRange', false],
      ['maxCount', false],
      ['repeatInterval', false],
    ]);
  });
});

describe('the scene schema (spec section 5)', () => {
  const base = {
    projectId: 1,
    name: 'Lights off when empty',
    triggerType: 'device',
    category: 'light',
    conditions: [{ source: 'device', deviceId: 3, property: 'pir', operator: 'equal', value: 0 }],
    targets: [{ kind: 'group', id: 1 }],
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
  };
  const issues = (body: object) => {
    const r = sceneCreateBodySchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('accepts a complete scene and fills the defaults', () => {
    const r = sceneCreateBodySchema.parse(base);
    expect(r).toMatchObject({
      enabled: true,
      relationship: 'all',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      maxExecuteCount: 0,
    });
  });

  it('answers the spec messages by key', () => {
    expect(issues({ ...base, triggerType: 'timing', executionTimes: ['08:00', '08:00'] })).toContainEqual([
      'executionTimes.1',
      'executeTimeExists',
    ]);
    expect(issues({ ...base, actions: [] })).toContainEqual(['actions', 'executeActionRequired']);
    expect(issues({ ...base, targets: [] })).toContainEqual(['targets', 'selectTarget']);
    expect(issues({ ...base, effectiveStart: '2026-03-20', effectiveEnd: '2026-03-19' })).toContainEqual([
      'effectiveEnd',
      'endDateBeforeStart',
    ]);
    expect(
      issues({ ...base, conditions: [{ source: 'device', deviceId: 3, operator: 'equal', value: 0 }] }),
    ).toContainEqual(['conditions.0.property', 'required']);
    expect(
      issues({ ...base, conditions: [{ source: 'device', deviceId: 3, property: 'pir', value: 0 }] }),
    ).toContainEqual(['conditions.0.operator', 'required']);
    expect(
      issues({
        ...base,
        conditions: [{ source: 'device', deviceId: 3, property: 'pir', operator: 'equal' }],
      }),
    ).toContainEqual(['conditions.0.value', 'required']);
  });

  it('within takes [low, high]; the other operators one number', () => {
    const c = { source: 'device', deviceId: 3, property: 'temperature' };
    expect(issues({ ...base, conditions: [{ ...c, operator: 'within', value: 3 }] })).toContainEqual([
      'conditions.0.value',
      'invalid',
    ]);
    expect(
      issues({ ...base, conditions: [{ ...c, operator: 'notWithin', value: [28, 20] }] }),
    ).toContainEqual(['conditions.0.value', 'invalid']);
    expect(issues({ ...base, conditions: [{ ...c, operator: 'within', value: [20, 28] }] })).toEqual([]);
  });

  it('checks actions against the device catalogue for the category', () => {
    expect(
      issues({ ...base, actions: [{ method: 'setTargetTemp', params: { targetTemp: 24 } }] }),
    ).toContainEqual(['actions.0.method', 'invalid']);
    expect(
      issues({ ...base, actions: [{ method: 'setBrightness', params: { lightnessLevel: 300 } }] }),
    ).toContainEqual(['actions.0.params.lightnessLevel', 'byteRange']);
    expect(
      issues({ ...base, category: 'ac', actions: [{ method: 'setTargetTemp', params: { targetTemp: 24 } }] }),
    ).toEqual([]);
  });

  it('a timing scene needs execution times; a device scene conditions; a vacant timeout a zone', () => {
    expect(issues({ ...base, triggerType: 'timing', conditions: [] })).toContainEqual([
      'executionTimes',
      'required',
    ]);
    expect(issues({ ...base, conditions: [] })).toContainEqual(['conditions', 'required']);
    expect(issues({ ...base, vacantTimeoutMinutes: 10 })).toContainEqual(['zoneId', 'required']);
  });
});
