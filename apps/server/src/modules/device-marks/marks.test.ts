import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { floorOfDevice, plantDevice } from '../../test/devices.js';
import { deviceMarks } from '../devices/tables.js';
import { floors } from '../buildings/tables.js';
import { eq } from 'drizzle-orm';

let t: TestApp;
let manager: ReturnType<typeof as>;
let hall: number;
let otherHall: number;
let floor1: number;
let floor2: number;

beforeAll(async () => {
  t = await createTestApp();
  manager = as(t, await t.login('manager', 'manager123'));
  const project = (await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })).json()
    .data.rows[0].id;
  const newHall = async (name: string) =>
    (
      await manager('PUT', '/sbuilding/hall/create', {
        projectId: project,
        name,
        longitude: 121,
        latitude: 31,
      })
    ).json().data.id;
  hall = await newHall('Marks hall');
  otherHall = await newHall('Marks other hall');
  const newFloor = async (name: string) =>
    (await manager('PUT', '/sbuilding/floor/create', { buildingId: hall, name })).json().data.id;
  floor1 = await newFloor('M1');
  floor2 = await newFloor('M2');
});
afterAll(() => t.close());

const markBody = { markName: 'L-201', belongType: 'lighting', x: 120, y: 80 };

async function newMark(extra: object = {}) {
  const res = await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor1, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('device marks', () => {
  it("creates a mark bound to a building's device, places the device on the mark's floor and lists it with the device", async () => {
    const device = await plantDevice(t, hall, 's2', 'Light 201');
    const mark = await newMark({ deviceId: device, nickname: 'Desk', proxy: true });
    expect(mark).toMatchObject({
      buildingId: hall,
      floorId: floor1,
      markName: 'L-201',
      nickname: 'Desk',
      proxy: true,
      relay: false,
      alignment: 'center',
      onFloor: true,
      deviceId: device,
      bound: true,
      online: false,
      deviceName: 'Light 201',
      deviceModel: 's2',
      deviceCategory: 'light',
      version: 1,
    });
    expect(await floorOfDevice(t, device)).toBe(floor1);
    const unbound = await newMark({ markName: 'L-202' });
    expect(unbound).toMatchObject({ bound: false, deviceId: null, online: null, deviceName: null });
    const list = (await manager('POST', '/sbuilding/mark/getList', { floorId: floor1 })).json().data;
    expect(list.map((m: { id: number }) => m.id)).toEqual([mark.id, unbound.id]);
    expect(list[0]).toEqual(mark);
    expect((await manager('POST', '/sbuilding/mark/getList', { floorId: floor2 })).json().data).toEqual([]);
  });

  it('moves a mark with the version read and refuses a stale move or save with 409', async () => {
    const mark = await newMark({ markName: 'Move me' });
    const moved = await manager('POST', `/sbuilding/mark/move/${mark.id}`, { x: 300.5, y: 41, version: 1 });
    expect(moved.json().data).toMatchObject({ x: 300.5, y: 41, version: 2, markName: 'Move me' });
    const stale = await manager('POST', `/sbuilding/mark/move/${mark.id}`, { x: 1, y: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    const staleSave = await manager('POST', `/sbuilding/mark/save/${mark.id}`, { ...markBody, version: 1 });
    expect(staleSave.statusCode).toBe(409);
    const staleBind = await manager('POST', `/sbuilding/mark/bind/${mark.id}`, {
      deviceId: null,
      version: 1,
    });
    expect(staleBind.statusCode).toBe(409);
  });

  it('saves every field of a mark; the position comes with the save too', async () => {
    const mark = await newMark({ markName: 'Panel' });
    const body = {
      ...markBody,
      markName: 'Panel 2',
      belongType: 'powerPlug',
      nickname: 'Entry',
      onFloor: false,
      meshId: 'mesh-7',
      relay: true,
      dashboardNickname: 'Entry panel',
      alignment: 'left',
      leftButton: 'Lights',
      midButton: '',
      rightButton: 'Blinds',
      x: 5,
      y: 6,
      version: 1,
    };
    const saved = (await manager('POST', `/sbuilding/mark/save/${mark.id}`, body)).json().data;
    const { version: _version, ...fields } = body;
    expect(saved).toMatchObject({ ...fields, version: 2, deviceId: null });
  });

  it('refuses a device on another floor, in another building or already bound, naming it', async () => {
    const onFloor2 = await plantDevice(t, hall, 'e90', 'Light F2', floor2);
    const elsewhere = await plantDevice(t, otherHall, 's2', 'Light far');
    const taken = await plantDevice(t, hall, 's2', 'Light taken');
    await newMark({ markName: 'Holder', deviceId: taken });
    const mark = await newMark({ markName: 'Free' });
    const bind = (deviceId: number) =>
      manager('POST', `/sbuilding/mark/bind/${mark.id}`, { deviceId, version: mark.version });

    const otherFloor = await bind(onFloor2);
    expect(otherFloor.statusCode).toBe(400);
    expect(otherFloor.json().msg).toBe('The device [Light F2] is placed on another floor than the mark');
    const otherBuilding = await bind(elsewhere);
    expect(otherBuilding.statusCode).toBe(400);
    expect(otherBuilding.json().msg).toBe('The device [Light far] is in another building than the mark');
    const bound = await bind(taken);
    expect(bound.statusCode).toBe(400);
    expect(bound.json().msg).toBe('The device [Light taken] is already bound to the mark [Holder]');
    expect((await bind(999_999)).statusCode).toBe(404);
    const created = await manager('PUT', '/sbuilding/mark/create', {
      ...markBody,
      floorId: floor1,
      deviceId: taken,
    });
    expect(created.json().msg).toBe('The device [Light taken] is already bound to the mark [Holder]');
    expect(await floorOfDevice(t, elsewhere)).toBeNull();
  });

  it('binds a device on no floor or on the same floor, rebinding moves the binding, unbinding frees it', async () => {
    const first = await plantDevice(t, hall, 's2', 'Light A');
    const second = await plantDevice(t, hall, 'kxx', 'Panel B', floor1);
    const mark = await newMark({ markName: 'Rebind' });
    const bind = async (deviceId: number | null, version: number) => {
      const res = await manager('POST', `/sbuilding/mark/bind/${mark.id}`, { deviceId, version });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await bind(first, 1)).toMatchObject({ deviceId: first, deviceName: 'Light A', version: 2 });
    expect(await bind(second, 2)).toMatchObject({ deviceId: second, deviceCategory: 'lightPanel' });
    expect(await bind(null, 3)).toMatchObject({ deviceId: null, bound: false, version: 4 });
    // The first device, freed, can be bound elsewhere.
    expect((await newMark({ markName: 'Again', deviceId: first })).deviceId).toBe(first);
  });

  it('deletes a mark; its device stays, unbound', async () => {
    const device = await plantDevice(t, hall, 's2', 'Light gone');
    const mark = await newMark({ markName: 'Gone', deviceId: device });
    expect((await manager('DELETE', `/sbuilding/mark/del/${mark.id}`)).statusCode).toBe(200);
    const list = (await manager('POST', '/sbuilding/mark/getList', { floorId: floor1 })).json().data;
    expect(list.map((m: { id: number }) => m.id)).not.toContain(mark.id);
    expect((await newMark({ markName: 'Gone again', deviceId: device })).deviceId).toBe(device);
    expect((await manager('DELETE', `/sbuilding/mark/del/${mark.id}`)).statusCode).toBe(404);
  });

  it('refuses a mark on a floor that already holds 2000', async () => {
    const full = (await manager('PUT', '/sbuilding/floor/create', { buildingId: hall, name: 'Full' })).json()
      .data.id;
    const [floor] = await t.app.db.select().from(floors).where(eq(floors.id, full));
    const row = {
      tenantId: floor?.tenantId ?? 0,
      buildingId: hall,
      floorId: full,
      belongType: 'other' as const,
    };
    await t.app.db
      .insert(deviceMarks)
      .values(Array.from({ length: 2000 }, (_, i) => ({ ...row, markName: `N${i}`, x: i, y: 1 })));
    const res = await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: full });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('A floor holds at most 2000 marks');
  });

  it('checks mark fields with the shared rules', async () => {
    const res = await manager('PUT', '/sbuilding/mark/create', { floorId: floor1, belongType: 'x', x: 1 });
    expect(res.statusCode).toBe(400);
    expect((await manager('POST', '/sbuilding/mark/getList', { floorId: 999_999 })).statusCode).toBe(404);
  });
  it('unbinds the mark of a device the registry moves to another floor', async () => {
    const body = {
      buildingId: hall,
      floorId: floor1,
      macAddr: 'AA:BB:CC:00:11:22',
      codeAddr: 'ABCDEF012345',
    };
    const created = await manager('PUT', '/sbuilding/device/create/s2', { ...body, name: 'Moving light' });
    expect(created.statusCode, created.body).toBe(200);
    const device = created.json().data;
    const mark = await newMark({ deviceId: device.id });
    const moved = await manager('POST', `/sbuilding/device/save/${device.id}`, {
      ...body,
      name: 'Moving light',
      floorId: floor2,
      version: device.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = await t.app.db.select().from(deviceMarks).where(eq(deviceMarks.id, mark.id));
    expect(after?.deviceId).toBeNull();
  });
});
