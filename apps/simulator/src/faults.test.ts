import { describe, expect, it } from 'vitest';
import { AcUnit } from './kinds/ac.js';
import { Light } from './kinds/light.js';
import { ThSensor } from './kinds/sensors.js';
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
