import { describe, expect, it } from 'vitest';
import { FDD_RULE_DEFAULTS } from '@sbuilding/shared';
import { evaluate, type DeviceView, type RoundInput, type ZoneView } from './rules.js';

const NOW = new Date('2026-12-06T14:00:00Z'); // a Sunday, 22:00 in Shanghai
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

const device = (id: number, category: string, values: Record<string, unknown>, zoneId = 1): DeviceView => ({
  id,
  name: `D${id}`,
  category,
  buildingId: 7,
  zoneId,
  online: true,
  values,
  reportedAt: NOW.getTime(),
});

function round(
  devices: DeviceView[],
  zone: Partial<ZoneView> = {},
  extra: Partial<RoundInput> = {},
): RoundInput {
  const z: ZoneView = { hasSensors: true, vacantSince: minutesAgo(120), workHours: false, ...zone };
  return {
    now: NOW,
    devices,
    zones: new Map([[1, z]]),
    stuck: [],
    controls: [],
    starts: new Map(),
    jumps: [],
    baseLoads: [],
    rules: FDD_RULE_DEFAULTS,
    ...extra,
  };
}

const rulesOf = (input: RoundInput) => evaluate(input).map((h) => `${h.rule}:${h.deviceId}`);

describe('fault detection rules', () => {
  it('finds a light left on in a room empty for 30 minutes after hours, its waste the draw above standby', () => {
    const [hit] = evaluate(round([device(1, 'light', { onOff: true, lightnessLevel: 255 })]));
    expect(hit).toMatchObject({ rule: 'lightsOnVacant', deviceId: 1, fix: { key: 'onOff', value: false } });
    expect(hit?.evidence.wasteWatts).toBe(36);
    expect(hit?.evidence.vacantSince).toBe(minutesAgo(120).toISOString());
  });

  it('leaves a light alone in work hours, in a room empty for less than the threshold, or with no sensor', () => {
    const light = device(1, 'light', { onOff: true, lightnessLevel: 255 });
    expect(rulesOf(round([light], { workHours: true }))).toEqual([]);
    expect(rulesOf(round([light], { vacantSince: minutesAgo(29) }))).toEqual([]);
    expect(rulesOf(round([light], { vacantSince: null }))).toEqual([]);
    expect(rulesOf(round([light], { hasSensors: false }))).toEqual([]);
    expect(rulesOf(round([device(1, 'light', { onOff: false })]))).toEqual([]);
  });

  it('finds an AC running in an empty room at any hour, and not before its 60 minutes', () => {
    const ac = device(2, 'ac', {
      onOff: true,
      workMode: 'cool',
      targetTemp: 26,
      fanSpeed: 'mid',
      roomTemp: 27,
    });
    expect(rulesOf(round([ac], { workHours: true }))).toEqual(['acOnVacant:2']);
    expect(rulesOf(round([ac], { vacantSince: minutesAgo(59) }))).toEqual([]);
  });

  it('finds an AC cooling below 24 °C or heating above 22 °C, fixed by the policy setpoint', () => {
    const occupied = { vacantSince: null };
    const cold = device(3, 'ac', {
      onOff: true,
      workMode: 'cool',
      targetTemp: 18,
      fanSpeed: 'high',
      roomTemp: 26,
    });
    const [hit] = evaluate(round([cold], occupied));
    expect(hit).toMatchObject({ rule: 'setpointPolicy', fix: { key: 'targetTemp', value: 24 } });
    const warm = device(4, 'ac', {
      onOff: true,
      workMode: 'hot',
      targetTemp: 28,
      fanSpeed: 'mid',
      roomTemp: 21,
    });
    const [heat] = evaluate(round([warm], occupied));
    expect(heat).toMatchObject({ rule: 'setpointPolicy', fix: { key: 'targetTemp', value: 22 } });
    expect(heat?.evidence.wasteWatts).toBeGreaterThan(0);
    // Near misses: at the limits, in fan mode, or switched off (each in a room of its own).
    const edge = [
      device(5, 'ac', { onOff: true, workMode: 'cool', targetTemp: 24 }, 5),
      device(6, 'ac', { onOff: true, workMode: 'hot', targetTemp: 22 }, 6),
      device(7, 'ac', { onOff: true, workMode: 'wind', targetTemp: 16 }, 7),
      device(8, 'ac', { onOff: false, workMode: 'cool', targetTemp: 16 }, 8),
    ];
    expect(rulesOf(round(edge, occupied))).toEqual([]);
  });

  it('names the heating unit of a room whose units heat and cool at once', () => {
    const units = [
      device(9, 'ac', { onOff: true, workMode: 'cool', targetTemp: 25 }),
      device(10, 'ac', { onOff: true, workMode: 'hot', targetTemp: 21 }),
    ];
    expect(rulesOf(round(units, { vacantSince: null }))).toEqual(['heatCoolConflict:10']);
    // Units of different rooms do not fight.
    const apart = [units[0]!, { ...units[1]!, zoneId: 2 }];
    expect(rulesOf(round(apart, { vacantSince: null }))).toEqual([]);
  });

  it('finds a sensor reading what cannot be, and one stuck on a value, but not a sensor offline', () => {
    const broken = device(11, 'thSensor', { temperature: 120, humidity: 45 });
    const fine = device(12, 'airSensor', { co2: 650, temperature: 22 });
    const stuck = [{ deviceId: 12, key: 'co2', value: 650, count: 40 }];
    expect(rulesOf(round([broken, fine], {}, { stuck }))).toEqual(['sensorRange:11', 'sensorStuck:12']);
    expect(
      rulesOf(
        round(
          [
            { ...broken, online: false },
            { ...fine, online: false },
          ],
          {},
          { stuck },
        ),
      ),
    ).toEqual([]);
  });

  it('runs only the rules the project has on', () => {
    const light = device(1, 'light', { onOff: true });
    expect(rulesOf(round([light], {}, { rules: { acOnVacant: { vacantMinutes: 60 } } }))).toEqual([]);
  });

  it('finds a device that took its last command but has reported otherwise for five minutes since', () => {
    const light = device(13, 'light', { onOff: true, lightnessLevel: 255 }, 13);
    const off = { deviceId: 13, method: 'setOnOff', params: { onOff: false }, at: minutesAgo(10).getTime() };
    const [hit] = evaluate(round([light], { vacantSince: null }, { controls: [off] }));
    expect(hit).toMatchObject({ rule: 'ignoresCommands', deviceId: 13, fix: null });
    expect(hit?.evidence).toMatchObject({
      readings: { onOff: true },
      wasteWatts: 36,
      limit: 'onOff = false',
    });
    const ac = device(14, 'ac', { onOff: true, workMode: 'cool', targetTemp: 18, roomTemp: 24 }, 14);
    const setpoint = {
      deviceId: 14,
      method: 'setTargetTemp',
      params: { targetTemp: 26 },
      at: minutesAgo(10).getTime(),
    };
    expect(rulesOf(round([ac], { vacantSince: null }, { controls: [setpoint] }))).toEqual([
      'setpointPolicy:14',
      'ignoresCommands:14',
    ]);
  });

  it('leaves alone a device that follows its command, one changed on the device since, or one not heard from', () => {
    const off = (at: number) => ({ deviceId: 13, method: 'setOnOff', params: { onOff: false }, at });
    const lightOn = device(13, 'light', { onOff: true }, 13);
    const cases: [DeviceView, RoundInput['controls']][] = [
      // It is off, as commanded.
      [device(13, 'light', { onOff: false }, 13), [off(minutesAgo(10).getTime())]],
      // Commanded a moment ago: its report may not have come yet.
      [lightOn, [off(minutesAgo(3).getTime())]],
      // Not heard from since the command.
      [{ ...lightOn, reportedAt: minutesAgo(9).getTime() }, [off(minutesAgo(10).getTime())]],
      // A person switched it on again at the wall: the newest line is that change.
      [lightOn, [{ deviceId: 13, method: 'report', params: { onOff: true }, at: minutesAgo(8).getTime() }]],
    ];
    for (const [d, controls] of cases)
      expect(rulesOf(round([d], { vacantSince: null }, { controls }))).toEqual([]);
  });

  it("finds a sensor drifting from its zone's other readings, against an AC's room temperature too", () => {
    const occupied = { vacantSince: null };
    const ac = device(20, 'ac', { onOff: false, roomTemp: 23.9 });
    const drifted = device(21, 'thSensor', { temperature: 27.5, humidity: 40 });
    const [hit] = evaluate(round([ac, drifted], occupied));
    expect(hit).toMatchObject({
      rule: 'sensorDrift',
      deviceId: 21,
      evidence: { readings: { temperature: 27.5 }, baseline: 23.9, limit: '± 3 °C' },
      fix: null,
    });
    // Humidity against the zone's other sensors (an AC reports none): two that disagree say nothing, a third
    // names the one that is off.
    const humid = (id: number, humidity: number) => device(id, 'airSensor', { humidity });
    expect(rulesOf(round([humid(21, 40), humid(22, 62)], occupied))).toEqual([]);
    expect(rulesOf(round([humid(21, 40), humid(22, 62), humid(23, 61)], occupied))).toEqual([
      'sensorDrift:21',
    ]);
  });

  it('leaves alone a sensor within the limit, one alone in its zone, and one whose neighbours are elsewhere', () => {
    const occupied = { vacantSince: null };
    const sensor = (temperature: number, zoneId = 1) => device(21, 'thSensor', { temperature }, zoneId);
    const ac = device(20, 'ac', { onOff: false, roomTemp: 24 });
    expect(rulesOf(round([ac, sensor(26.9)], occupied))).toEqual([]);
    expect(rulesOf(round([sensor(40)], occupied))).toEqual([]);
    expect(rulesOf(round([ac, sensor(30, 2)], occupied))).toEqual([]);
    expect(rulesOf(round([{ ...ac, online: false }, sensor(30)], occupied))).toEqual([]);
  });

  it('finds an AC starting more than six times an hour, its waste a tenth of its running draw', () => {
    const ac = device(23, 'ac', {
      onOff: true,
      workMode: 'cool',
      targetTemp: 26,
      fanSpeed: 'mid',
      roomTemp: 26,
    });
    const occupied = { vacantSince: null };
    const [hit] = evaluate(round([ac], occupied, { starts: new Map([[23, 7]]) }));
    expect(hit).toMatchObject({ rule: 'shortCycle', deviceId: 23, evidence: { starts: 7, limit: '≤ 6/h' } });
    expect(hit?.evidence.wasteWatts).toBeGreaterThan(0);
    expect(rulesOf(round([ac], occupied, { starts: new Map([[23, 6]]) }))).toEqual([]);
  });

  it("finds a meter's base load outside work hours 30% and 0.5 kW above its baseline, the excess its waste", () => {
    const meter = device(24, 'ammeter', {});
    const load = { deviceId: 24, hour: '2026-12-06T13:00:00.000Z', baselineKwh: 1.5, samples: 14 };
    const [hit] = evaluate(round([meter], {}, { baseLoads: [{ ...load, kwh: 4.5 }] }));
    expect(hit).toMatchObject({
      rule: 'baseLoad',
      deviceId: 24,
      evidence: { hourKwh: 4.5, baseline: 1.5, hour: load.hour, wasteWatts: 3000 },
    });
    // 0.4 kW above: under the 0.5 kW floor; 10 kWh against 8: under 30%.
    expect(rulesOf(round([meter], {}, { baseLoads: [{ ...load, kwh: 1.9 }] }))).toEqual([]);
    expect(rulesOf(round([meter], {}, { baseLoads: [{ ...load, baselineKwh: 8, kwh: 10 }] }))).toEqual([]);
  });

  it('names the step of a counter that jumped, and judges no meter offline', () => {
    const meter = device(25, 'ammeter', {});
    const jump = { deviceId: 25, key: 'energy1', from: 1200.5, to: 11200.5, at: NOW.toISOString() };
    const [hit] = evaluate(round([meter], {}, { jumps: [jump] }));
    expect(hit).toMatchObject({ rule: 'counterJump', deviceId: 25, evidence: { jump, wasteWatts: 0 } });
    expect(rulesOf(round([{ ...meter, online: false }], {}, { jumps: [jump] }))).toEqual([]);
  });
});
