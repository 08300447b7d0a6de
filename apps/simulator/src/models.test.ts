import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS, ratedWatts } from '@sbuilding/shared';
import { acPower, AcUnit, nextRoomTemp, type AcState } from './kinds/ac.js';
import { Ammeter } from './kinds/ammeter.js';
import { RoomClimate } from './kinds/climate.js';
import { Light } from './kinds/light.js';
import { Panel } from './kinds/panel.js';
import { DEVICE_KINDS } from './kinds/registry.js';
import { DEFAULT_SCHEDULE, occupancyAt, scheduleFromWorkTimes } from './occupancy.js';
import { localTime, outdoorTemperature } from './time.js';
import type { DeviceInfo, StepContext, WorldView } from './types.js';
import { LEFT_ALONE_MS, World } from './world.js';

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

const flatWorld = (loads: { light?: number; hvac?: number } = {}): WorldView => ({
  load: (kind) => (kind === 'light' ? (loads.light ?? 0) : (loads.hvac ?? 0)),
  zoneTemperature: () => null,
  zoneLight: () => 0,
});

function ctx(over: Partial<StepContext> = {}): StepContext {
  return {
    ts: Date.UTC(2026, 10, 18, 10),
    dtHours: 0.25,
    local: { weekday: 3, minute: 600, month: 11 },
    occupancy: 0.85,
    working: true,
    outdoor: 12,
    world: flatWorld(),
    random: () => 0.5,
    ...over,
  };
}

describe('AC thermal model', () => {
  const base: AcState = { onOff: true, workMode: 'cool', fanSpeed: 'mid', targetTemp: 22, roomTemp: 29 };

  it('brings the room to the setpoint when on, faster at a higher fan speed', () => {
    const run = (fanSpeed: AcState['fanSpeed'], hours: number) => {
      const s = { ...base, fanSpeed };
      for (let i = 0; i < hours * 12; i++) s.roomTemp = nextRoomTemp(s, 30, 1 / 12);
      return s.roomTemp;
    };
    expect(Math.abs(run('mid', 3) - 22)).toBeLessThan(0.1);
    expect(run('high', 0.5)).toBeLessThan(run('low', 0.5));
    expect(run('low', 0.5)).toBeLessThan(29);
  });

  it('heats in hot mode and barely moves in fan-only mode', () => {
    let heated: AcState = { ...base, workMode: 'hot', targetTemp: 24, roomTemp: 15 };
    let fanOnly: AcState = { ...base, workMode: 'wind', roomTemp: 15 };
    for (let i = 0; i < 24; i++) {
      heated = { ...heated, roomTemp: nextRoomTemp(heated, 10, 0.25) };
      fanOnly = { ...fanOnly, roomTemp: nextRoomTemp(fanOnly, 10, 0.25) };
    }
    expect(heated.roomTemp).toBeGreaterThan(23.5);
    expect(fanOnly.roomTemp).toBeLessThan(15);
  });

  it('drifts toward the outdoor temperature when off, without passing it', () => {
    const off: AcState = { ...base, onOff: false, roomTemp: 24 };
    const after6h = nextRoomTemp(off, 10, 6);
    const after48h = nextRoomTemp(off, 10, 48);
    expect(after6h).toBeLessThan(24);
    expect(after6h).toBeGreaterThan(after48h);
    expect(after48h).toBeGreaterThanOrEqual(10);
    expect(after48h - 10).toBeLessThan(0.1);
  });

  it('draws full power far from the setpoint, less holding it, and standby power when off', () => {
    const far = acPower({ ...base, roomTemp: 28 }, 30);
    const holding = acPower({ ...base, roomTemp: 22 }, 30);
    expect(far).toBe(1000);
    expect(holding).toBeLessThan(far);
    expect(holding).toBeGreaterThan(acPower({ ...base, roomTemp: 22 }, 23));
    expect(acPower({ ...base, onOff: false }, 30)).toBe(5);
  });

  it('applies the result in the same way through the device, which reports its new setpoint', () => {
    const ac = new AcUnit(info({ model: 'ac20', category: 'ac', latest: { roomTemp: 28 } }));
    expect(ac.command('setOnOff', { onOff: true })).toEqual({ success: true });
    expect(ac.command('setTargetTemp', { targetTemp: 23 })).toEqual({ success: true });
    expect(ac.command('setWorkMode', { workMode: 'auto' })).toEqual({
      success: false,
      error: 'workMode: notSupportAuto',
    });
    expect(ac.command('setBrightness', { lightnessLevel: 3 })).toMatchObject({ success: false });
    for (let i = 0; i < 20; i++) ac.step(ctx({ outdoor: 30 }));
    const telemetry = ac.telemetry();
    expect(telemetry.targetTemp).toBe(23);
    expect(telemetry.roomTemp).toBeCloseTo(23, 0);
    expect(Object.keys(telemetry).sort()).toEqual(DEVICE_MODELS.ac20.telemetry.map((t) => t.key).sort());
  });
});

describe('empty rooms at night (the demo rule: a room outside 16-30 °C is a fault)', () => {
  const night = (outdoor: number) =>
    ctx({
      ts: Date.UTC(2026, 10, 18, 16),
      local: { weekday: 3, minute: 0, month: 11 },
      occupancy: 0,
      working: false,
      outdoor,
    });

  it('keeps an empty meeting room with its AC off above 16 °C through a cold night', () => {
    const ac = new AcUnit(info({ model: 'ac20', category: 'ac', latest: { roomTemp: 22 } }));
    // A whole night and day of 2 °C outside (colder than any November night of the demo).
    for (let i = 0; i < 24 * 4; i++) ac.step(night(2));
    const roomTemp = Number(ac.telemetry().roomTemp);
    expect(roomTemp).toBeGreaterThan(16);
    expect(roomTemp).toBeLessThan(30);
  });

  it('keeps a room without an AC above 16 °C too', () => {
    const room = new RoomClimate(22, 0);
    for (let i = 0; i < 24 * 4; i++) room.step(night(-5), null);
    expect(room.readings().temperature).toBeGreaterThan(16);
  });

  it('still lets a room follow a hot summer day without passing 30 °C', () => {
    const room = new RoomClimate(22, 0);
    for (let i = 0; i < 24 * 4; i++) room.step(night(33), null);
    expect(room.readings().temperature).toBeLessThan(30);
  });
});

describe('ammeter', () => {
  it('integrates power into energy that never decreases', () => {
    const meter = new Ammeter(info({ model: 'ammeter4g', category: 'ammeter', props: { channel: 2 } }));
    const start = meter.energy;
    meter.integrate(2000, 0);
    meter.integrate(2000, 1.5);
    expect(meter.energy - start).toBeCloseTo(3, 6);
    let previous = meter.energy;
    for (const watts of [0, 5000, 100, 0, 0, 3000]) {
      meter.integrate(watts, 0.5);
      expect(meter.energy).toBeGreaterThanOrEqual(previous);
      previous = meter.energy;
    }
  });

  it('reports power and energy on its channel, following the floor HVAC load', () => {
    const meter = new Ammeter(
      info({ model: 'ammeter4g', category: 'ammeter', props: { channel: 2 }, latest: { energy2: 500 } }),
    );
    meter.step(ctx({ world: flatWorld({ hvac: 4000 }), dtHours: 0 }));
    meter.step(ctx({ world: flatWorld({ hvac: 4000 }), dtHours: 1 }));
    const telemetry = meter.telemetry();
    expect(Object.keys(telemetry).sort()).toEqual(['energy2', 'power2']);
    expect(telemetry.power2).toBeCloseTo(4050, -1);
    expect(telemetry.energy2).toBeCloseTo(504.05, 1);
  });
});

describe('world', () => {
  it("gives a floor's ammeter the load of that floor's lights, and a meter without a floor the building's", () => {
    const world = new World(
      [],
      [
        info({ id: 1, model: 's2', category: 'light', floorId: 5 }),
        info({ id: 2, model: 's2', category: 'light', floorId: 6 }),
        info({ id: 3, model: 'ac20', category: 'ac', floorId: 5 }),
      ],
    );
    const light = world.devices.get(1);
    if (!(light instanceof Light)) throw new Error('not a light');
    light.command('setBrightness', { lightnessLevel: 255 });
    expect(world.load('light', 1, 5)).toBeCloseTo(36.5);
    expect(world.load('light', 1, 6)).toBeCloseTo(0.5);
    expect(world.load('light', 1, null)).toBeCloseTo(37);
    expect(world.load('hvac', 1, 5)).toBe(5);
    expect(world.load('light', 2, null)).toBe(0);
  });
});

describe('light', () => {
  const s2 = () => new Light(info({ model: 's2', category: 'light' }));

  it('obeys brightness and refuses 300', () => {
    const light = s2();
    expect(light.command('setBrightness', { lightnessLevel: 128 })).toEqual({ success: true });
    expect(light.telemetry()).toMatchObject({ onOff: true, lightnessLevel: 128 });
    expect(light.command('setBrightness', { lightnessLevel: 300 })).toEqual({
      success: false,
      error: 'lightnessLevel: byteRange',
    });
    expect(light.telemetry().lightnessLevel).toBe(128);
  });

  it('switches off and on again at the last level, and refuses a command its model lacks', () => {
    const light = s2();
    light.command('setBrightness', { lightnessLevel: 90 });
    light.command('setOnOff', { onOff: false });
    expect(light.telemetry()).toMatchObject({ onOff: false });
    light.command('setOnOff', { onOff: true });
    expect(light.telemetry()).toMatchObject({ onOff: true, lightnessLevel: 90 });
    expect(light.command('setColorTemp', { colorTemp: 3000 })).toEqual({ success: true });
    const e90 = new Light(info({ model: 'e90', category: 'light' }));
    expect(e90.command('setColorTemp', { colorTemp: 3000 })).toEqual({
      success: false,
      error: 'e90 does not support setColorTemp',
    });
  });

  it('draws what the savings estimate counts: switching a full-brightness light off saves its rated power', () => {
    const light = s2();
    light.command('setBrightness', { lightnessLevel: 255 });
    const on = light.power();
    light.command('setOnOff', { onOff: false });
    expect(on - light.power()).toBeCloseTo(ratedWatts('light'));
    expect(ratedWatts('light')).toBe(36);
  });

  it('sends exactly the readings of its model', () => {
    const e90 = new Light(info({ model: 'e90', category: 'light' }));
    e90.step(ctx());
    expect(Object.keys(e90.telemetry()).sort()).toEqual(DEVICE_MODELS.e90.telemetry.map((t) => t.key).sort());
    const light = s2();
    light.step(ctx());
    expect(Object.keys(light.telemetry()).sort()).toEqual(['colorTemp', 'lightnessLevel', 'onOff']);
  });
});

describe('wall panel', () => {
  it('refuses a button the panel does not have, and a press by a person switches the zone lights', () => {
    const panel = info({ id: 5, model: 'kxx', category: 'lightPanel', props: { panelType: 'double' } });
    const light = info({ id: 6, model: 's2', category: 'light' });
    const world = new World([], [panel, light], () => 0);
    const device = world.devices.get(5);
    if (!(device instanceof Panel)) throw new Error('not a panel');
    expect(device.command('setButtons', { mid: true })).toMatchObject({ success: false });
    expect(device.command('setButtons', { right: true })).toEqual({ success: true });
    expect(device.telemetry()).toEqual({ left: false, right: true });
    // random() = 0: a press on the first button at the first step of the working day.
    const switched = world.step(device, Date.UTC(2026, 10, 18, 10));
    expect(device.telemetry()).toEqual({ left: true, right: true, terminal: 'lsPanel' });
    expect(switched.map((d) => d.info.id)).toEqual([6]);
    expect(switched[0]?.telemetry()).toMatchObject({ onOff: true, terminal: 'lsPanel' });
  });
});

describe('people and the console', () => {
  it('leave a light switched on from the console as set for half an hour, then the empty building switches it off', () => {
    const world = new World([], [info({ id: 7, model: 's2', category: 'light' })], () => 0);
    const light = world.devices.get(7);
    if (!(light instanceof Light)) throw new Error('not a light');
    // 20:00 UTC on a Wednesday: the office is empty, and random() = 0 makes every chance happen.
    const evening = Date.UTC(2026, 10, 18, 20);
    world.step(light, evening - 60_000);
    light.command('setOnOff', { onOff: true });
    world.step(light, evening);
    world.step(light, evening + LEFT_ALONE_MS - 60_000);
    expect(light.onOff).toBe(true);
    world.step(light, evening + LEFT_ALONE_MS);
    expect(light.telemetry()).toMatchObject({ onOff: false, terminal: 'selfPowerButton' });
  });

  it('leave an AC switched on from the console running in an empty building for half an hour', () => {
    const world = new World([], [info({ id: 8, model: 'ac20', category: 'ac' })], () => 0);
    const ac = world.devices.get(8);
    if (!(ac instanceof AcUnit)) throw new Error('not an AC');
    const evening = Date.UTC(2026, 10, 18, 20);
    world.step(ac, evening - 60_000);
    ac.command('setOnOff', { onOff: true });
    world.step(ac, evening);
    world.step(ac, evening + LEFT_ALONE_MS - 60_000);
    expect(ac.state.onOff).toBe(true);
    world.step(ac, evening + LEFT_ALONE_MS + 60_000);
    expect(ac.state.onOff).toBe(false);
  });

  it("keep a wall panel's press from undoing a light the console just set", () => {
    const panel = info({ id: 5, model: 'kxx', category: 'lightPanel', props: { panelType: 'single' } });
    const world = new World([], [panel, info({ id: 6, model: 's2', category: 'light' })], () => 0);
    const device = world.devices.get(5);
    const light = world.devices.get(6);
    if (!(device instanceof Panel) || !(light instanceof Light)) throw new Error('not a panel and a light');
    const morning = Date.UTC(2026, 10, 18, 10);
    world.step(light, morning - 60_000);
    light.command('setOnOff', { onOff: false });
    world.step(light, morning);
    // The press switches the panel's button on; the light stays off as the console set it.
    expect(world.step(device, morning)).toEqual([]);
    expect(light.onOff).toBe(false);
    // Half an hour on, a press off and a press on again: the light follows the panel as ever.
    world.step(device, morning + LEFT_ALONE_MS);
    expect(world.step(device, morning + LEFT_ALONE_MS + 60_000).map((d) => d.info.id)).toEqual([6]);
    expect(light.onOff).toBe(true);
  });
});

describe('occupancy', () => {
  it('is higher at 10:00 on a weekday than at 03:00, and dips at lunch', () => {
    const at = (weekday: number, hour: number) =>
      occupancyAt({ weekday, minute: hour * 60, month: 11 }, DEFAULT_SCHEDULE);
    expect(at(2, 10)).toBeGreaterThan(0.8);
    expect(at(2, 3)).toBeLessThan(0.05);
    expect(at(2, 12.5)).toBeLessThan(at(2, 10));
    expect(at(2, 12.5)).toBeGreaterThan(at(2, 3));
    expect(at(0, 10)).toBeLessThan(0.1);
  });

  it('follows the project work times, overtime past midnight included', () => {
    const schedule = scheduleFromWorkTimes([
      { startTime: '09:30', endTime: '17:30', timeType: 'WORK' },
      { startTime: '20:00', endTime: '01:00', timeType: 'OT' },
    ]);
    const at = (hour: number) => occupancyAt({ weekday: 3, minute: hour * 60, month: 11 }, schedule);
    expect(at(8.5)).toBeLessThan(0.05);
    expect(at(11)).toBeGreaterThan(0.8);
    expect(at(0.5)).toBeCloseTo(0.15);
    expect(scheduleFromWorkTimes([])).toBe(DEFAULT_SCHEDULE);
  });

  it('reads the building clock in the project time zone, and November is 8-18 °C outside', () => {
    const ts = Date.UTC(2026, 10, 18, 2); // Wednesday 02:00 UTC = 10:00 in Shanghai
    expect(localTime(ts, 'Asia/Shanghai')).toMatchObject({ weekday: 3, minute: 600, month: 11 });
    const temps = Array.from({ length: 24 }, (_, h) =>
      outdoorTemperature({ weekday: 3, minute: h * 60, month: 11 }),
    );
    expect(Math.min(...temps)).toBeCloseTo(8, 0);
    expect(Math.max(...temps)).toBeCloseTo(18, 0);
  });
});

describe('registry', () => {
  it('has a kind for every category whose readings cover the model telemetry', () => {
    const models = Object.values(DEVICE_MODELS);
    for (const model of models) {
      const device = new DEVICE_KINDS[model.category](
        info({ model: model.id, category: model.category, props: { channel: 3 } }),
      );
      device.step(ctx());
      const keys = Object.keys(device.telemetry()).map((k) => k.replace(/3$/, ''));
      expect(keys.sort(), model.id).toEqual(model.telemetry.map((t) => t.key).sort());
    }
  });
});
