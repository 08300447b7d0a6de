import { describe, expect, it } from 'vitest';
import { acAutomationCreateBodySchema, type AcDesiredState } from '@sbuilding/shared';
import { commandsFor, decideAc, sameRequest, type AcConfig, type AcInputs } from './evaluator.js';

/** A config with every rule off; tests switch on what they exercise. */
function config(over: Partial<AcConfig> = {}): AcConfig {
  const parsed = acAutomationCreateBodySchema.parse({
    projectId: 1,
    targetKind: 'device',
    targetId: 1,
    setTemperature: 24,
  });
  const { projectId: _p, targetKind: _k, targetId: _t, zoneId: _z, ...rules } = parsed;
  return { ...rules, ...over };
}

/** A Monday (a workday) at `hhmm` UTC; the project clock is UTC in these tests. */
function at(hhmm: string, over: Partial<AcInputs> = {}): AcInputs {
  const now = new Date(`2026-03-16T${hhmm}:00Z`);
  return {
    now,
    localMinutes: now.getUTCHours() * 60 + now.getUTCMinutes(),
    weekday: 1,
    workday: true,
    inNap: false,
    motionCount: null,
    vacantSince: null,
    outdoorTemp: 30,
    roomTemp: 28,
    isOn: false,
    previous: null,
    ...over,
  };
}

const timing = { timingOpenClose: true, openTime: '08:00', closeTime: '18:00' };
const minutesBefore = (input: AcInputs, minutes: number) => new Date(input.now.getTime() - minutes * 60_000);

describe('AC automation evaluator', () => {
  it('does nothing when inactive, whatever the other rules say', () => {
    const d = decideAc(config({ ...timing, active: false }), at('09:00'));
    expect(d.desired).toMatchObject({ onOff: null, workMode: null, targetTemp: null, reason: 'inactive' });
  });

  it('leaves the AC alone when neither timing nor occupancy is set', () => {
    expect(decideAc(config(), at('09:00')).desired).toMatchObject({ onOff: null, reason: 'hold' });
  });

  it('opens at the timing-open time on workdays and closes at the timing-close time', () => {
    const c = config({ ...timing });
    expect(decideAc(c, at('07:59')).desired).toMatchObject({ onOff: false, reason: 'timingClose' });
    expect(decideAc(c, at('08:00')).desired).toMatchObject({
      onOff: true,
      reason: 'timingOpen',
      workMode: 'cool',
      targetTemp: 24,
      fanSpeed: 'auto',
    });
    expect(decideAc(c, at('17:59')).desired.onOff).toBe(true);
    expect(decideAc(c, at('18:00')).desired).toMatchObject({ onOff: false, reason: 'timingClose' });
  });

  it("follows the calendar with 'all workdays' (holidays rest, extra workdays work), else the weekdays", () => {
    const all = config({ ...timing });
    expect(decideAc(all, at('09:00', { workday: false, weekday: 1 })).desired.onOff).toBe(false);
    expect(decideAc(all, at('09:00', { workday: true, weekday: 6 })).desired.onOff).toBe(true);
    const weekdays = config({ ...timing, allWorkdays: false, weekdays: [6] });
    expect(decideAc(weekdays, at('09:00', { workday: false, weekday: 6 })).desired.onOff).toBe(true);
    expect(decideAc(weekdays, at('09:00', { workday: true, weekday: 1 })).desired.onOff).toBe(false);
  });

  it('auto opens when the motion count reaches the threshold and closes after the zone is vacant', () => {
    const c = config({ autoOpenClose: true, motionCountThreshold: 3, vacantMinutes: 15 });
    expect(decideAc(c, at('10:00', { motionCount: 2 })).desired).toMatchObject({
      onOff: null,
      reason: 'hold',
    });
    expect(decideAc(c, at('10:00', { motionCount: 3 })).desired).toMatchObject({
      onOff: true,
      reason: 'occupied',
    });
    const input = at('10:00', { motionCount: 0, isOn: true });
    const vacant14 = { ...input, vacantSince: minutesBefore(input, 14) };
    const opened = decideAc(c, at('10:00', { motionCount: 3 })).desired;
    expect(decideAc(c, { ...vacant14, previous: opened }).desired).toMatchObject({
      onOff: true,
      reason: 'occupied',
    });
    const vacant15 = { ...input, vacantSince: minutesBefore(input, 15), previous: opened };
    expect(decideAc(c, vacant15).desired).toMatchObject({ onOff: false, reason: 'vacant' });
    // Someone passing by (under the threshold) does not reopen it.
    const closed = decideAc(c, vacant15).desired;
    expect(decideAc(c, at('10:20', { motionCount: 1, previous: closed })).desired).toMatchObject({
      onOff: false,
      reason: 'vacant',
    });
  });

  it('with timing too, counts vacancy from the open time and closes inside the window once vacant', () => {
    const c = config({ ...timing, autoOpenClose: true, vacantMinutes: 15 });
    const since = new Date('2026-03-15T18:30:00Z');
    expect(decideAc(c, at('08:00', { motionCount: 0, vacantSince: since })).desired).toMatchObject({
      onOff: true,
      reason: 'timingOpen',
    });
    const closed = decideAc(c, at('08:15', { motionCount: 0, vacantSince: since })).desired;
    expect(closed).toMatchObject({ onOff: false, reason: 'vacant' });
    expect(decideAc(c, at('09:00', { motionCount: 1, previous: closed })).desired).toMatchObject({
      onOff: true,
      reason: 'occupied',
    });
    // Occupancy outside the window does not open it.
    expect(decideAc(c, at('19:00', { motionCount: 9 })).desired).toMatchObject({
      onOff: false,
      reason: 'timingClose',
    });
  });

  it("in 'auto' picks cooling or heating from the room, else the outdoor temperature", () => {
    const c = config({ ...timing });
    expect(decideAc(c, at('09:00', { roomTemp: 27 })).desired.workMode).toBe('cool');
    expect(decideAc(c, at('09:00', { roomTemp: 20 })).desired.workMode).toBe('hot');
    expect(decideAc(c, at('09:00', { roomTemp: 24, outdoorTemp: 5 })).desired.workMode).toBe('hot');
    expect(decideAc(c, at('09:00', { roomTemp: null, outdoorTemp: 30 })).desired.workMode).toBe('cool');
    expect(decideAc(config({ ...timing, workMode: 'wet' }), at('09:00')).desired.workMode).toBe('wet');
  });

  it('smart temperature control relaxes the setpoint when vacant and at extreme outdoor temperatures', () => {
    const c = config({ ...timing, smartTempControl: true });
    const vacant = at('09:00', { motionCount: 0, roomTemp: 28, outdoorTemp: 30 });
    expect(decideAc(c, { ...vacant, vacantSince: minutesBefore(vacant, 5) }).desired).toMatchObject({
      targetTemp: 26,
      adjustments: ['smartTemp'],
    });
    expect(decideAc(c, at('09:00', { motionCount: 4, outdoorTemp: 36 })).desired.targetTemp).toBe(25);
    expect(decideAc(c, at('09:00', { motionCount: 4, outdoorTemp: 30 })).desired).toMatchObject({
      targetTemp: 24,
      adjustments: [],
    });
    const heat = config({ ...timing, smartTempControl: true, workMode: 'hot', setTemperature: 20 });
    const cold = at('09:00', { motionCount: 0, roomTemp: 15, outdoorTemp: -8 });
    expect(decideAc(heat, { ...cold, vacantSince: minutesBefore(cold, 5) }).desired.targetTemp).toBe(17);
    // Clamped to the catalogue's range.
    const high = config({ ...timing, smartTempControl: true, setTemperature: 30, workMode: 'cool' });
    expect(decideAc(high, { ...vacant, vacantSince: minutesBefore(vacant, 5) }).desired.targetTemp).toBe(30);
  });

  it('smart DOAS runs the fan on outdoor air when it is cool enough instead of the compressor', () => {
    const c = config({ ...timing, smartDoas: true, workMode: 'cool' });
    expect(decideAc(c, at('09:00', { outdoorTemp: 21 })).desired).toMatchObject({
      onOff: true,
      workMode: 'wind',
      targetTemp: null,
      adjustments: ['smartDoas'],
    });
    expect(decideAc(c, at('09:00', { outdoorTemp: 23 })).desired.workMode).toBe('cool');
  });

  it('weather linkage: no cooling when outdoor is below X, no heating above Y', () => {
    const cool = config({ ...timing, weatherLinkage: true, noCoolBelow: 22, workMode: 'cool' });
    expect(decideAc(cool, at('09:00', { outdoorTemp: 20 })).desired).toMatchObject({
      onOff: false,
      reason: 'weatherLinkage',
    });
    expect(decideAc(cool, at('09:00', { outdoorTemp: 22 })).desired.onOff).toBe(true);
    const heat = config({
      ...timing,
      weatherLinkage: true,
      noHeatAbove: 16,
      workMode: 'hot',
      setTemperature: 22,
    });
    expect(decideAc(heat, at('09:00', { outdoorTemp: 17, roomTemp: 18 })).desired.reason).toBe(
      'weatherLinkage',
    );
    expect(decideAc(heat, at('09:00', { outdoorTemp: 10, roomTemp: 18 })).desired.onOff).toBe(true);
    // A unit someone opened is closed too; without timing or occupancy rules otherwise left alone.
    const alone = config({ weatherLinkage: true, noCoolBelow: 22, workMode: 'cool' });
    expect(decideAc(alone, at('09:00', { outdoorTemp: 18, isOn: true })).desired.onOff).toBe(false);
    expect(decideAc(alone, at('09:00', { outdoorTemp: 18, isOn: false })).desired.onOff).toBe(null);
  });

  it('the ambient temperature keeps a closed unit closed while the room is comfortable', () => {
    const c = config({ ...timing, workMode: 'cool', ambientTemperature: 26 });
    expect(decideAc(c, at('09:00', { roomTemp: 25, isOn: false })).desired).toMatchObject({
      onOff: null,
      reason: 'ambientComfortable',
    });
    expect(decideAc(c, at('09:00', { roomTemp: 26, isOn: false })).desired.onOff).toBe(true);
    // An open unit stays open (no on/off flapping around the threshold).
    expect(decideAc(c, at('09:00', { roomTemp: 25, isOn: true })).desired.onOff).toBe(true);
  });

  it('noon nap relaxes the setpoint and runs the fan low during the NAP work time', () => {
    const c = config({ ...timing, noonNap: true, workMode: 'cool' });
    expect(decideAc(c, at('12:30', { inNap: true })).desired).toMatchObject({
      targetTemp: 26,
      fanSpeed: 'low',
      adjustments: ['noonNap'],
    });
    expect(decideAc(c, at('12:30', { inNap: false })).desired).toMatchObject({
      targetTemp: 24,
      fanSpeed: 'auto',
    });
    expect(decideAc(config({ ...timing }), at('12:30', { inNap: true })).desired.targetTemp).toBe(24);
  });
});

describe('commands for a unit', () => {
  const want = (over: Partial<AcDesiredState>): AcDesiredState => ({
    onOff: true,
    workMode: 'cool',
    targetTemp: 24,
    fanSpeed: 'auto',
    reason: 'timingOpen',
    adjustments: [],
    ...over,
  });

  it('sends only what differs: nothing to a unit already as wanted', () => {
    const unit = { onOff: true, workMode: 'cool', targetTemp: 24, fanSpeed: 'auto' };
    expect(commandsFor(want({}), unit)).toEqual([]);
    expect(commandsFor(want({ targetTemp: 26 }), unit)).toEqual([
      { method: 'setTargetTemp', params: { targetTemp: 26 } },
    ]);
  });

  it('switches on first, then the settings; off is only switched off', () => {
    const off = { onOff: false, workMode: 'hot', targetTemp: 20, fanSpeed: 'auto' };
    expect(commandsFor(want({}), off).map((c) => c.method)).toEqual([
      'setOnOff',
      'setWorkMode',
      'setTargetTemp',
    ]);
    const on = { ...off, onOff: true };
    expect(commandsFor(want({ onOff: false, workMode: null, targetTemp: null, fanSpeed: null }), on)).toEqual(
      [{ method: 'setOnOff', params: { onOff: false } }],
    );
    // Settings with power left alone go to a unit that is on, not to one that is off.
    expect(commandsFor(want({ onOff: null }), off)).toEqual([]);
  });

  it('compares requests without their reasons', () => {
    expect(sameRequest(want({ reason: 'occupied' }), want({}))).toBe(true);
    expect(sameRequest(want({ targetTemp: 25 }), want({}))).toBe(false);
  });
});
