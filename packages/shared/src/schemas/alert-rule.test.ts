import { describe, expect, it } from 'vitest';
import {
  alertRuleCreateBodySchema,
  thresholdBreached,
  thresholdKeysOf,
  thresholdRecovered,
} from './alert-rule.js';

const co2 = {
  projectId: 1,
  name: 'CO2 high',
  model: 'sair4g',
  telemetryKey: 'co2',
  operator: 'above',
  threshold: 1500,
  level: 'secondary',
  deadband: 100,
} as const;

function messages(body: object) {
  const result = alertRuleCreateBodySchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('alert rule schema', () => {
  it('accepts a rule with its defaults: enabled, at once, auto-clear without delay, the whole project', () => {
    expect(alertRuleCreateBodySchema.parse(co2)).toMatchObject({
      enabled: true,
      durationS: 0,
      autoClear: true,
      clearDelayS: 0,
      thresholdHigh: null,
      buildingId: null,
    });
  });

  it("offers a model's numeric readings only, and refuses a key the model does not report", () => {
    expect(thresholdKeysOf('ac20').map((s) => s.key)).toEqual(['targetTemp', 'roomTemp']);
    expect(thresholdKeysOf('kxx')).toEqual([]);
    expect(messages({ ...co2, telemetryKey: 'power' })).toEqual(['telemetryKey:invalid']);
    expect(messages({ ...co2, model: 'ac20', telemetryKey: 'onOff' })).toEqual(['telemetryKey:invalid']);
  });

  it('needs a range with high above low, room for its deadband, and durations within a day', () => {
    expect(messages({ ...co2, operator: 'outside' })).toEqual(['thresholdHigh:required']);
    expect(messages({ ...co2, operator: 'inside', thresholdHigh: 1500 })).toEqual([
      'thresholdHigh:lowBelowHigh',
    ]);
    expect(messages({ ...co2, operator: 'outside', thresholdHigh: 1600 })).toEqual(['deadband:outOfRange']);
    expect(messages({ ...co2, durationS: 86_401 })).toEqual(['durationS:outOfRange']);
    expect(messages({ ...co2, clearDelayS: -1 })).toEqual(['clearDelayS:outOfRange']);
    expect(messages({ ...co2, deadband: -1 })).toEqual(['deadband:nonNegative']);
    expect(messages({ ...co2, level: 'complete' })).toEqual(['level:invalid']);
  });
});

describe('threshold conditions', () => {
  it('clears above-rules only below the threshold minus the deadband', () => {
    const rule = { operator: 'above', threshold: 1500, thresholdHigh: null, deadband: 100 } as const;
    expect(thresholdBreached(rule, 1501)).toBe(true);
    expect(thresholdBreached(rule, 1500)).toBe(false);
    expect(thresholdRecovered(rule, 1450)).toBe(false);
    expect(thresholdRecovered(rule, 1400)).toBe(true);
  });

  it('treats ranges from both ends, the deadband inside (outside) or outside (inside) the range', () => {
    const outside = { operator: 'outside', threshold: 16, thresholdHigh: 30, deadband: 1 } as const;
    expect([15.9, 16, 30, 30.1].map((v) => thresholdBreached(outside, v))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect([16.5, 17, 29, 29.5].map((v) => thresholdRecovered(outside, v))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const inside = { operator: 'inside', threshold: 16, thresholdHigh: 30, deadband: 1 } as const;
    expect([15.9, 16, 30, 30.1].map((v) => thresholdBreached(inside, v))).toEqual([false, true, true, false]);
    expect([15.5, 15, 31, 30.5].map((v) => thresholdRecovered(inside, v))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const below = { operator: 'below', threshold: 10, thresholdHigh: null, deadband: 2 } as const;
    expect([9, 10].map((v) => thresholdBreached(below, v))).toEqual([true, false]);
    expect([11, 12].map((v) => thresholdRecovered(below, v))).toEqual([false, true]);
  });
});
