import { describe, expect, it } from 'vitest';
import { AcUnit, SHORT_CYCLE_OFF_MINUTES, SHORT_CYCLE_ON_MINUTES } from './kinds/ac.js';
import { Ammeter, BASE_LOAD_LEAK_WATTS, COUNTER_JUMP_KWH } from './kinds/ammeter.js';
import { Light } from './kinds/light.js';
import {
  AirSensor,
  DRIFT_HUMIDITY_MAX_RH,
  DRIFT_HUMIDITY_RH_PER_HOUR,
  DRIFT_TEMPERATURE_C_PER_HOUR,
  DRIFT_TEMPERATURE_MAX_C,
  ThSensor,
} from './kinds/sensors.js';
import { demoFaultsOf } from './simulator.js';
import type { DeviceInfo, StepContext } from './types.js';

/**
 * The faults the simulator gives devices (issue 38), which the server's fault rules must find: each changes
 * what the device does, not only what it says.
 */
function info(over: Partial<DeviceInfo> & Pick<DeviceInfo, 'model' | 'category'>): DeviceInfo {
  return {
    id: 1,
    name: 'dev',
    projectId: 1,
    buildingId: 1,
    floorId: 10,
    zoneId: 100,
    parentId: null,
    props: {},
    latest: {},
    ...over,
  };
}

/** An evening hour of an empty office; `random` 0 makes every "by hand" chance happen. */
const empty = (ts: number): StepContext => ({
  ts,
  dtHours: 0.25,
  local: { weekday: 3, minute: 20 * 60, month: 12 },
  occupancy: 0,
  working: false,
  outdoor: 6,
  world: { load: () => 0, zoneTemperature: () => null, zoneLight: () => 0 },
  random: () => 0,
});

/** A weekday morning of a full office, 30 °C outside; `random` near 1 makes no "by hand" chance happen. */
const busy = (ts: number, dtHours: number): StepContext => ({
  ts,
  dtHours,
  local: { weekday: 3, minute: 10 * 60, month: 7 },
  occupancy: 0.85,
  working: true,
  outdoor: 30,
  world: { load: () => 0, zoneTemperature: () => null, zoneLight: () => 0 },
  random: () => 0.99,
});

/** The same stream of 0-1 numbers for each twin, so a faulty device and its healthy twin see the same noise. */
function seeded(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x / 2_147_483_648;
  };
}

function num(value: unknown): number {
  if (typeof value !== 'number') throw new Error(`not a number: ${String(value)}`);
  return value;
}

const MINUTE_MS = 60_000;

describe('simulated faults', () => {
  it('leaves a stuck-on light on in an empty room, until a command switches it off', () => {
    const healthy = new Light(info({ model: 'e90', category: 'light', latest: { onOff: true } }));
    const stuck = new Light(info({ id: 2, model: 'e90', category: 'light' }));
    expect(stuck.setFault('stuckOn')).toBe(true);
    expect(stuck.telemetry().onOff).toBe(true);
    for (let i = 1; i <= 8; i++) {
      healthy.step(empty(i * 900_000));
      stuck.step(empty(i * 900_000));
    }
    expect(healthy.telemetry().onOff).toBe(false);
    expect(stuck.telemetry().onOff).toBe(true);
    expect(stuck.command('setOnOff', { onOff: false })).toEqual({ success: true });
    expect(stuck.telemetry().onOff).toBe(false);
  });

  it('answers every command of a device that ignores them, and changes nothing', () => {
    const light = new Light(info({ model: 's2', category: 'light', latest: { onOff: true } }));
    light.setFault('ignoresCommands');
    expect(light.command('setOnOff', { onOff: false })).toEqual({ success: true });
    expect(light.telemetry().onOff).toBe(true);
  });

  it('keeps reporting what a stuck sensor read when it stuck, whatever the room does', () => {
    const sensor = new ThSensor(info({ model: 'th10', category: 'thSensor', latest: { temperature: 22.4 } }));
    sensor.setFault('sensorStuck');
    const stuckAt = sensor.telemetry();
    for (let i = 1; i <= 20; i++) sensor.step({ ...empty(i * 900_000), outdoor: -10 });
    expect(sensor.telemetry().temperature).toBe(stuckAt.temperature);
    expect(sensor.telemetry().humidity).toBe(stuckAt.humidity);
    sensor.setFault(null);
    expect(sensor.telemetry().temperature).not.toBe(stuckAt.temperature);
  });

  it('sets an AC with a wrong setpoint far too warm when heating, and a setpoint command fixes it', () => {
    const ac = new AcUnit(info({ model: 'ac20', category: 'ac', latest: { roomTemp: 17 } }));
    ac.setFault('wrongSetpoint');
    expect(ac.telemetry()).toMatchObject({ onOff: true, workMode: 'hot', targetTemp: 28 });
    ac.command('setTargetTemp', { targetTemp: 22 });
    expect(ac.telemetry().targetTemp).toBe(22);
  });

  it('draws 3 kW more on a leaking meter channel than on its healthy twin, until the leak is taken away', () => {
    const meter = (id: number) =>
      new Ammeter(
        info({
          id,
          model: 'ammeter4g',
          category: 'ammeter',
          props: { channel: 4 },
          latest: { energy4: 5000 },
        }),
      );
    const healthy = meter(1);
    const leaking = meter(2);
    const noise = [seeded(7), seeded(7)] as const;
    // An hour of one-minute readings on either side of the leak's start, out of working hours and in them.
    const hour = (from: number, working: boolean) => {
      const before = [num(healthy.telemetry().energy4), num(leaking.telemetry().energy4)] as const;
      const gap: number[] = [];
      for (let m = 1; m <= 60; m++) {
        const ts = from + m * MINUTE_MS;
        for (const [i, device] of [healthy, leaking].entries())
          device.step({ ...busy(ts, 1 / 60), working, random: noise[i] ?? Math.random });
        gap.push(num(leaking.telemetry().power4) - num(healthy.telemetry().power4));
      }
      const used = [
        num(healthy.telemetry().energy4) - before[0],
        num(leaking.telemetry().energy4) - before[1],
      ];
      return { gap, extraKwh: (used[1] ?? 0) - (used[0] ?? 0) };
    };
    expect(Math.max(...hour(0, false).gap.map(Math.abs))).toBe(0);
    expect(leaking.setFault('baseLoadLeak')).toBe(true);
    for (const working of [false, true]) {
      const { gap, extraKwh } = hour(working ? 2 * 3_600_000 : 3_600_000, working);
      for (const watts of gap) expect(Math.abs(watts - BASE_LOAD_LEAK_WATTS)).toBeLessThan(150);
      expect(Math.abs(extraKwh - BASE_LOAD_LEAK_WATTS / 1000)).toBeLessThan(0.15);
    }
    leaking.setFault(null);
    const after = hour(3 * 3_600_000, true);
    expect(Math.max(...after.gap.map(Math.abs))).toBe(0);
  });

  it("jumps a meter's energy counter by 10,000 kWh once, then counts on from there", () => {
    const meter = new Ammeter(
      info({ model: 'ammeter4g', category: 'ammeter', props: { channel: 3 }, latest: { energy3: 4321 } }),
    );
    const random = seeded(3);
    const ctx = (ts: number) => ({ ...busy(ts, 1 / 60), random });
    for (let m = 1; m <= 30; m++) meter.step(ctx(m * MINUTE_MS));
    const before = num(meter.telemetry().energy3);
    meter.changed = false;
    expect(meter.setFault('counterJump')).toBe(true);
    expect(meter.changed).toBe(true);
    const jumped = num(meter.telemetry().energy3);
    expect(jumped - before).toBeCloseTo(COUNTER_JUMP_KWH, 6);
    let last = jumped;
    for (let m = 31; m <= 90; m++) {
      meter.step(ctx(m * MINUTE_MS));
      const energy = num(meter.telemetry().energy3);
      expect(energy).toBeGreaterThan(last);
      // The sockets' 3.8 kW for a minute: 0.06 kWh, nowhere near another jump.
      expect(energy - last).toBeLessThan(0.1);
      last = energy;
    }
    expect(last - jumped).toBeGreaterThan(3);
    expect(last - jumped).toBeLessThan(5);
    meter.setFault(null);
    expect(num(meter.telemetry().energy3)).toBe(last);
  });

  it('switches a short-cycling AC off and on about 12 times an hour, until a command switches it off', () => {
    const unit = (id: number) =>
      new AcUnit(
        info({ id, model: 'ac20', category: 'ac', latest: { onOff: true, workMode: 'cool', roomTemp: 27 } }),
      );
    const healthy = unit(1);
    const cycling = unit(2);
    expect(cycling.setFault('shortCycle')).toBe(true);
    let ts = 0;
    /** Steps both units through `minutes` of 15-second steps; counts the off→on changes each reports. */
    const run = (minutes: number) => {
      const starts = [0, 0];
      const changes = [0, 0];
      for (let i = 0; i < minutes * 4; i++) {
        ts += 15_000;
        for (const [n, ac] of [healthy, cycling].entries()) {
          const was = ac.telemetry().onOff;
          ac.changed = false;
          ac.step(busy(ts, 15 / 3600));
          const now = ac.telemetry().onOff;
          if (now !== was) {
            changes[n] = (changes[n] ?? 0) + 1;
            // Reported at once, as any change the device makes itself.
            expect(ac.changed).toBe(true);
          }
          if (was === false && now === true) starts[n] = (starts[n] ?? 0) + 1;
        }
      }
      return { starts, changes };
    };
    const hour = run(60);
    expect(hour.starts[0]).toBe(0);
    expect(hour.changes[0]).toBe(0);
    expect(hour.starts[1]).toBeGreaterThanOrEqual(11);
    expect(hour.starts[1]).toBeLessThanOrEqual(13);
    expect(60 / (SHORT_CYCLE_ON_MINUTES + SHORT_CYCLE_OFF_MINUTES)).toBe(12);
    expect(cycling.state.onOff).toBe(true);
    // Into its next rest, then switched off from the console: it stays off.
    while (cycling.telemetry().onOff === true) run(0.25);
    expect(cycling.command('setOnOff', { onOff: false })).toEqual({ success: true });
    const off = run(60);
    expect(off.starts[1]).toBe(0);
    expect(cycling.telemetry().onOff).toBe(false);
    // Switched on again, it cycles again.
    cycling.command('setOnOff', { onOff: true });
    expect(run(30).starts[1]).toBeGreaterThanOrEqual(5);
  });

  it('reads a drifting sensor 2 °C high after an hour and 6 °C high, no more, after five', () => {
    const sensor = () =>
      new ThSensor(info({ model: 'th10', category: 'thSensor', latest: { temperature: 22 } }));
    const healthy = sensor();
    const drifting = sensor();
    const noise = [seeded(11), seeded(11)] as const;
    expect(drifting.setFault('sensorDrift')).toBe(true);
    const offsets = (): { temperature: number; humidity: number } => {
      const [a, b] = [healthy.telemetry(), drifting.telemetry()];
      return {
        temperature: num(b.temperature) - num(a.temperature),
        humidity: num(b.humidity) - num(a.humidity),
      };
    };
    expect(offsets().temperature).toBeCloseTo(0, 6);
    let ts = 0;
    const hours = (n: number) => {
      for (let i = 0; i < n * 4; i++) {
        ts += 900_000;
        for (const [k, device] of [healthy, drifting].entries())
          device.step({ ...busy(ts, 0.25), random: noise[k] ?? Math.random });
      }
    };
    hours(1);
    const first = offsets();
    expect(first.temperature).toBeCloseTo(DRIFT_TEMPERATURE_C_PER_HOUR, 6);
    // Humidity carries ±0.5 %RH of noise on either reading, rounded to 0.1.
    expect(Math.abs(first.humidity + DRIFT_HUMIDITY_RH_PER_HOUR)).toBeLessThanOrEqual(1.11);
    hours(4);
    const fifth = offsets();
    expect(fifth.temperature).toBeCloseTo(DRIFT_TEMPERATURE_MAX_C, 6);
    expect(DRIFT_TEMPERATURE_MAX_C).toBe(6);
    expect(Math.abs(fifth.humidity + DRIFT_HUMIDITY_MAX_RH)).toBeLessThanOrEqual(1.11);
    drifting.setFault(null);
    expect(offsets().temperature).toBeCloseTo(0, 6);
  });

  it('drifts an air sensor too, from the moment the fault is given', () => {
    const air = new AirSensor(info({ model: 'sair4g', category: 'airSensor', latest: { temperature: 21 } }));
    const before = num(air.telemetry().temperature);
    expect(air.setFault('sensorDrift')).toBe(true);
    expect(num(air.telemetry().temperature)).toBe(before);
    // The room holds 21 °C (its AC measures it); half an hour later the sensor reads 1 °C more.
    const room = { load: () => 0, zoneTemperature: () => 21, zoneLight: () => 0 };
    for (let i = 1; i <= 2; i++) air.step({ ...busy(i * 900_000, 0.25), world: room });
    expect(num(air.telemetry().temperature) - before).toBeCloseTo(DRIFT_TEMPERATURE_C_PER_HOUR / 2, 6);
  });

  it('refuses each new fault for a device that cannot have it, and changes nothing', () => {
    const meter = new Ammeter(info({ model: 'ammeter4g', category: 'ammeter', props: { channel: 1 } }));
    const ac = new AcUnit(info({ model: 'ac20', category: 'ac', latest: { onOff: false } }));
    const light = new Light(info({ model: 's2', category: 'light' }));
    const sensor = new ThSensor(info({ model: 'th10', category: 'thSensor' }));
    const energy = meter.telemetry().energy1;
    for (const device of [ac, light, sensor]) {
      expect(device.setFault('baseLoadLeak')).toBe(false);
      expect(device.setFault('counterJump')).toBe(false);
    }
    for (const device of [meter, light, sensor]) expect(device.setFault('shortCycle')).toBe(false);
    for (const device of [meter, ac, light]) expect(device.setFault('sensorDrift')).toBe(false);
    for (const device of [meter, ac, light, sensor]) {
      expect(device.fault).toBeNull();
      expect(device.changed).toBe(false);
    }
    expect(meter.telemetry().energy1).toBe(energy);
    expect(ac.telemetry().onOff).toBe(false);
  });

  it('refuses a fault the kind cannot have', () => {
    const sensor = new ThSensor(info({ model: 'th10', category: 'thSensor' }));
    expect(sensor.setFault('wrongSetpoint')).toBe(false);
    expect(sensor.setFault('ignoresCommands')).toBe(false);
    expect(sensor.fault).toBeNull();
  });

  it("gives the demo's two faults to the first e90 light and the first AC in a room", () => {
    const devices = [
      new AcUnit(info({ id: 9, model: 'ac20', category: 'ac', zoneId: null })),
      new AcUnit(info({ id: 12, model: 'ac20', category: 'ac' })),
      new Light(info({ id: 7, model: 's2', category: 'light' })),
      new Light(info({ id: 8, model: 'e90', category: 'light' })),
    ];
    expect(demoFaultsOf(devices)).toEqual([
      { deviceId: 8, kind: 'stuckOn' },
      { deviceId: 12, kind: 'wrongSetpoint' },
    ]);
  });
});
