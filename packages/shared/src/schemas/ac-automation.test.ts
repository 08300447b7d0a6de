import { describe, expect, it } from 'vitest';
import { acAutomationCreateBodySchema } from './ac-automation.js';

const base = { projectId: 1, targetKind: 'device', targetId: 3, setTemperature: 24 } as const;

function messages(body: object) {
  const result = acAutomationCreateBodySchema.safeParse({ ...base, ...body });
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('AC automation schema', () => {
  it('accepts a bare config with every rule off, active, auto mode, timing on all workdays', () => {
    expect(acAutomationCreateBodySchema.parse(base)).toMatchObject({
      zoneId: null,
      ambientTemperature: null,
      workMode: 'auto',
      fanSpeed: 'auto',
      motionCountThreshold: 1,
      autoOpenClose: false,
      vacantMinutes: 15,
      timingOpenClose: false,
      allWorkdays: true,
      smartTempControl: false,
      smartDoas: false,
      weatherLinkage: false,
      noonNap: false,
      active: true,
    });
  });

  it("keeps the set temperature in the catalogue's range (16-30 °C)", () => {
    expect(messages({ setTemperature: 15 })).toEqual(['setTemperature:targetTempRange']);
    expect(messages({ setTemperature: 31 })).toEqual(['setTemperature:targetTempRange']);
    expect(messages({ setTemperature: 24.5 })).toEqual(['setTemperature:invalid']);
    expect(messages({ setTemperature: undefined })).toEqual(['setTemperature:required']);
  });

  it('wants both timing times as HH:mm, open before close', () => {
    expect(messages({ timingOpenClose: true })).toEqual(['openTime:required', 'closeTime:required']);
    expect(messages({ timingOpenClose: true, openTime: '8:00', closeTime: '18:00' })).toEqual([
      'openTime:invalid',
    ]);
    expect(messages({ timingOpenClose: true, openTime: '18:00', closeTime: '08:00' })).toEqual([
      'closeTime:endAfterStart',
    ]);
    expect(messages({ timingOpenClose: true, openTime: '08:00', closeTime: '08:00' })).toEqual([
      'closeTime:endAfterStart',
    ]);
    expect(messages({ timingOpenClose: true, openTime: '08:00', closeTime: '18:00' })).toEqual([]);
    expect(
      messages({
        timingOpenClose: true,
        openTime: '08:00',
        closeTime: '18:00',
        allWorkdays: false,
        weekdays: [],
      }),
    ).toEqual(['weekdays:required']);
  });

  it('bounds the thresholds and the weather limits, heating limit below the cooling one', () => {
    expect(messages({ motionCountThreshold: 0 })).toEqual(['motionCountThreshold:outOfRange']);
    expect(messages({ vacantMinutes: 1441 })).toEqual(['vacantMinutes:outOfRange']);
    expect(messages({ weatherLinkage: true, noCoolBelow: 18, noHeatAbove: 20 })).toEqual([
      'noCoolBelow:lowBelowHigh',
    ]);
    expect(messages({ noCoolBelow: 60 })).toEqual(['noCoolBelow:outOfRange']);
  });

  it('refuses an ambient threshold that could never open the unit, and a group following no zone', () => {
    expect(messages({ workMode: 'cool', ambientTemperature: 22 })).toEqual(['ambientTemperature:outOfRange']);
    expect(messages({ workMode: 'hot', ambientTemperature: 26 })).toEqual(['ambientTemperature:outOfRange']);
    expect(messages({ workMode: 'cool', ambientTemperature: 26 })).toEqual([]);
    expect(messages({ targetKind: 'group', autoOpenClose: true })).toEqual(['zoneId:required']);
    expect(messages({ targetKind: 'group', autoOpenClose: true, zoneId: 4 })).toEqual([]);
  });
});
