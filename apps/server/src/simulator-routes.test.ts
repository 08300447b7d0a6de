import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { as, createTenant } from './test/tenants.js';
import { insertDevice } from './test/devices.js';
import type { SimFaultKind } from '@sbuilding/shared';
import type { PlugBoard } from './simulator-host.js';

/**
 * The built-in simulator's plug calls. The simulator itself (a real device dropping off the broker) is
 * tested in apps/simulator (wire.test.ts); here: who may pull which plug, and the answers.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let sensor: number;
const calls: string[] = [];
/** A stand-in for the running simulator, remembering what it was asked. */
const pulled = new Set<number>();
const board: PlugBoard = {
  unplug: async (id) => {
    calls.push(`unplug ${id}`);
    pulled.add(id);
    return true;
  },
  plug: async (id) => {
    calls.push(`plug ${id}`);
    pulled.delete(id);
    return true;
  },
  unplugged: () => [...pulled],
  setFault: async (id, kind) => {
    calls.push(`fault ${id} ${kind ?? 'none'}`);
    if (kind === null) faults.delete(id);
    else faults.set(id, kind);
    return 'ok';
  },
  faults: () => Object.fromEntries(faults),
};
const faults = new Map<number, SimFaultKind>();

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  admin = as(t, await t.login('admin', 'admin123'));
  await createTenant(t, 'Plug tenant', [{ username: 'plugadmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('plugadmin', 'plugadmin123'));
  sensor = (await insertDevice(t.app.db, { model: 'th10', name: 'Pluggable sensor' })).id;
});
afterAll(() => t.close());
beforeEach(() => {
  t.app.simulator = board;
  calls.length = 0;
  pulled.clear();
  faults.clear();
});

describe('the simulator plug calls', () => {
  it('pull the plug of a simulated device and power it up again, and say which are pulled', async () => {
    const res = await manager('POST', `/sbuilding/simulator/unplug/${sensor}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deviceId: sensor, unplugged: true });
    expect((await manager('GET', '/sbuilding/simulator/state')).json().data).toEqual({
      running: true,
      unplugged: [sensor],
    });
    expect((await manager('POST', `/sbuilding/simulator/plug/${sensor}`)).json().data).toEqual({
      deviceId: sensor,
      unplugged: false,
    });
    expect(calls).toEqual([`unplug ${sensor}`, `plug ${sensor}`]);
  });

  it("keep other tenants' devices out of reach and out of sight", async () => {
    await manager('POST', `/sbuilding/simulator/unplug/${sensor}`);
    calls.length = 0;
    expect((await stranger('POST', `/sbuilding/simulator/plug/${sensor}`)).statusCode).toBe(404);
    expect((await stranger('GET', '/sbuilding/simulator/state')).json().data.unplugged).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('are for project administrators: a customer may look but not pull', async () => {
    expect((await customer('POST', `/sbuilding/simulator/unplug/${sensor}`)).statusCode).toBe(403);
    expect((await customer('GET', '/sbuilding/simulator/state')).statusCode).toBe(200);
    expect(calls).toEqual([]);
  });

  it('say so when no simulator runs, or when it does not run the device', async () => {
    t.app.simulator = null;
    const off = await managerZh('POST', `/sbuilding/simulator/unplug/${sensor}`);
    expect(off.statusCode).toBe(409);
    expect(off.json().msg).toBe('楼宇模拟器未运行（SIMULATOR=off）');
    expect((await manager('GET', '/sbuilding/simulator/state')).json().data).toEqual({
      running: false,
      unplugged: [],
    });
    t.app.simulator = {
      ...board,
      unplug: async () => false,
    };
    const missing = await manager('POST', `/sbuilding/simulator/unplug/${sensor}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('The building simulator does not run this device');
  });
});

describe('the simulator fault calls', () => {
  it('give a simulated device a fault and take it away, for the platform administrator alone', async () => {
    const given = await admin('POST', '/sbuilding/sim/fault', { deviceId: sensor, kind: 'sensorStuck' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toEqual({ deviceId: sensor, kind: 'sensorStuck' });
    expect(
      (await manager('POST', '/sbuilding/sim/fault', { deviceId: sensor, kind: 'stuckOn' })).statusCode,
    ).toBe(403);
    expect((await manager('DELETE', `/sbuilding/sim/fault/${sensor}`)).statusCode).toBe(403);
    const taken = await admin('DELETE', `/sbuilding/sim/fault/${sensor}`);
    expect(taken.json().data).toEqual({ deviceId: sensor, kind: null });
    expect(calls).toEqual([`fault ${sensor} sensorStuck`, `fault ${sensor} none`]);
  });

  it('refuse a fault the device cannot have, or one the simulator does not know', async () => {
    t.app.simulator = { ...board, setFault: async () => 'notSupported' };
    const res = await admin('POST', '/sbuilding/sim/fault', { deviceId: sensor, kind: 'wrongSetpoint' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This kind of device cannot have that fault');
    expect(
      (await admin('POST', '/sbuilding/sim/fault', { deviceId: sensor, kind: 'melts' })).statusCode,
    ).toBe(400);
    t.app.simulator = null;
    expect(
      (await admin('POST', '/sbuilding/sim/fault', { deviceId: sensor, kind: 'stuckOn' })).statusCode,
    ).toBe(409);
  });
});
