import { describe, expect, it } from 'vitest';
import { napPlan } from './noon-nap-plan.js';

const live = { onOff: 1, lightnessLevel: 200, workMode: 'cool', fanSpeed: 'high', targetTemp: 24 };
const sleep = { dimLevel: 50, acAction: 'sleep' as const, sleepOffset: 2 };

describe('what a noon nap start does to one device', () => {
  it('leaves a device that is off, or whose state is unknown', () => {
    expect(napPlan(sleep, 'light', { ...live, onOff: 0 })).toBeNull();
    expect(napPlan(sleep, 'ac', { ...live, onOff: null })).toBeNull();
    expect(napPlan(sleep, 'light', { ...live, lightnessLevel: null })).toBeNull();
  });

  it('switches a light off at dim level 0 and back on at the end', () => {
    expect(napPlan({ ...sleep, dimLevel: 0 }, 'light', live)).toMatchObject({
      change: [{ method: 'setOnOff', params: { onOff: false } }],
      restore: [{ method: 'setOnOff', params: { onOff: true } }],
    });
  });

  it('moves the set point towards the room only when cooling, drying or heating, within 16-30', () => {
    expect(napPlan(sleep, 'ac', { ...live, workMode: 'wet', targetTemp: 29 })?.change).toEqual([
      { method: 'setFanSpeed', params: { fanSpeed: 'low' } },
      { method: 'setTargetTemp', params: { targetTemp: 30 } },
    ]);
    expect(napPlan(sleep, 'ac', { ...live, workMode: 'hot', targetTemp: 17 })?.restore).toEqual([
      { method: 'setFanSpeed', params: { fanSpeed: 'high' } },
      { method: 'setTargetTemp', params: { targetTemp: 17 } },
    ]);
    expect(napPlan(sleep, 'ac', { ...live, workMode: 'wind' })?.change).toEqual([
      { method: 'setFanSpeed', params: { fanSpeed: 'low' } },
    ]);
    // Already low and at the limit: nothing to do.
    expect(napPlan(sleep, 'ac', { ...live, fanSpeed: 'low', targetTemp: 30 })).toBeNull();
  });

  it('switches ACs off, or leaves them, as chosen', () => {
    expect(napPlan({ ...sleep, acAction: 'off' }, 'ac', live)?.change).toEqual([
      { method: 'setOnOff', params: { onOff: false } },
    ]);
    expect(napPlan({ ...sleep, acAction: 'keep' }, 'ac', live)).toBeNull();
  });
});
