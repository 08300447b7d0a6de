import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { users } from '../users/tables.js';
import { meshVersions } from '../devices/tables.js';
import { unbindMarkOfDevice } from './mark-service.js';
import { plantDevice } from '../../test/devices.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  project = (await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })).json().data
    .rows[0].id;
});
afterAll(() => t.close());

/** A fresh building with one floor: its mesh versions start at 1. */
async function place(name: string) {
  const body = { projectId: project, name, longitude: 121, latitude: 31 };
  const hall = (await manager('PUT', '/sbuilding/hall/create', body)).json().data.id;
  const floor = (await manager('PUT', '/sbuilding/floor/create', { buildingId: hall, name: 'F1' })).json()
    .data.id;
  return { hall, floor };
}

async function versions(hall: number) {
  const res = await manager('POST', '/sbuilding/mesh/getList', { buildingId: hall, pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function latest(hall: number) {
  const [newest] = (await versions(hall)).rows;
  return (await manager('GET', `/sbuilding/mesh/${newest.id}`)).json().data;
}

const markBody = { markName: 'L-201', belongType: 'lighting', x: 10, y: 10 };

describe('mesh versions', () => {
  it('records a version on create, bind, unbind, mesh-field save and delete, with the diff; none on a move', async () => {
    const { hall, floor } = await place('Mesh hall');
    const light = await plantDevice(t, hall, 's2', 'Light 201');
    const mark = (await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor })).json()
      .data;
    let v = await latest(hall);
    expect(v).toMatchObject({ version: 1, added: 1, removed: 0, changed: 0, createdBy: 'manager' });
    expect(v).toMatchObject({ description: '', log: 'Mark L-201 added' });
    expect(v.changes).toEqual([
      {
        markId: mark.id,
        markName: 'L-201',
        change: 'added',
        fields: [
          { field: 'markName', from: null, to: 'L-201' },
          { field: 'meshId', from: null, to: '' },
          { field: 'proxy', from: null, to: false },
          { field: 'relay', from: null, to: false },
          { field: 'floorId', from: null, to: floor },
        ],
      },
    ]);

    await manager('POST', `/sbuilding/mark/move/${mark.id}`, { x: 50, y: 60, version: 1 });
    const nickname = { ...markBody, nickname: 'Desk', x: 50, y: 60, version: 2 };
    await manager('POST', `/sbuilding/mark/save/${mark.id}`, nickname);
    expect((await versions(hall)).total).toBe(1);

    await manager('POST', `/sbuilding/mark/bind/${mark.id}`, { deviceId: light, version: 3 });
    v = await latest(hall);
    expect(v).toMatchObject({ version: 2, changed: 1, log: 'Mark L-201 bound to device Light 201' });
    expect(v.changes[0].fields).toEqual([{ field: 'deviceId', from: null, to: light }]);

    const meshSave = { ...nickname, meshId: 'm2', proxy: true, deviceId: light, version: 4 };
    await manager('POST', `/sbuilding/mark/save/${mark.id}`, meshSave);
    v = await latest(hall);
    expect(v.version).toBe(3);
    expect(v.changes[0].fields).toEqual([
      { field: 'meshId', from: '', to: 'm2' },
      { field: 'proxy', from: false, to: true },
    ]);
    expect(v.log).toBe('Mark L-201 Mesh network id changed from (empty) to m2; Proxy changed from no to yes');

    await manager('POST', `/sbuilding/mark/bind/${mark.id}`, { deviceId: null, version: 5 });
    v = await latest(hall);
    expect(v).toMatchObject({ version: 4, log: 'Mark L-201 unbound from device Light 201' });

    await manager('DELETE', `/sbuilding/mark/del/${mark.id}`);
    v = await latest(hall);
    expect(v).toMatchObject({ version: 5, removed: 1, log: 'Mark L-201 removed' });
    expect((await versions(hall)).rows.map((r: { version: number }) => r.version)).toEqual([5, 4, 3, 2, 1]);
  });

  it('writes the log in the language of the user who made the change', async () => {
    const { hall, floor } = await place('Mesh hall ZH');
    const light = await plantDevice(t, hall, 'e90', '灯 1');
    await managerZh('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor, deviceId: light });
    expect((await latest(hall)).log).toBe('新增标记 L-201，绑定设备 灯 1');
  });

  it("annotates a version with a description; other buildings' versions are apart", async () => {
    const { hall, floor } = await place('Mesh annotated');
    await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor });
    const v = await latest(hall);
    const saved = await manager('POST', `/sbuilding/mesh/save/${v.id}`, { description: 'Commissioned' });
    expect(saved.json().data).toMatchObject({ id: v.id, description: 'Commissioned', version: 1 });
    expect((await latest(hall)).description).toBe('Commissioned');
    const { hall: empty } = await place('Mesh empty');
    expect(await versions(empty)).toEqual({ rows: [], total: 0 });
    expect((await manager('GET', '/sbuilding/mesh/999999')).statusCode).toBe(404);
  });

  it('numbers versions 1..n without a gap or a duplicate when binds run at the same time', async () => {
    const { hall, floor } = await place('Mesh busy');
    const n = 8;
    const marks = [];
    for (let i = 0; i < n; i++) {
      const body = { ...markBody, markName: `M${i}`, floorId: floor };
      marks.push((await manager('PUT', '/sbuilding/mark/create', body)).json().data);
    }
    const lights = await Promise.all(marks.map((_, i) => plantDevice(t, hall, 's2', `Busy ${i}`)));
    const answers = await Promise.all(
      marks.map((m, i) =>
        manager('POST', `/sbuilding/mark/bind/${m.id}`, { deviceId: lights[i], version: m.version }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(n).fill(200));
    const all = (await versions(hall)).rows.map((r: { version: number }) => r.version);
    expect(all).toEqual(Array.from({ length: 2 * n }, (_, i) => 2 * n - i));
  });

  it('deletes an emptied building together with its mesh history, and keeps both while floors remain', async () => {
    const { hall, floor } = await place('Mesh demolished');
    const mark = (await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor })).json()
      .data;
    await manager('DELETE', `/sbuilding/mark/del/${mark.id}`);
    expect((await manager('DELETE', `/sbuilding/hall/del/${hall}`)).statusCode).toBe(409);
    expect((await versions(hall)).total).toBe(2);
    await manager('DELETE', `/sbuilding/floor/del/${floor}`);
    expect((await manager('DELETE', `/sbuilding/hall/del/${hall}`)).statusCode).toBe(200);
    expect((await t.app.db.select().from(meshVersions).where(eq(meshVersions.buildingId, hall))).length).toBe(
      0,
    );
  });

  it("unbinds a device's mark for the registry's delete and records it", async () => {
    const { hall, floor } = await place('Mesh registry');
    const light = await plantDevice(t, hall, 's2', 'Light doomed');
    const mark = (
      await manager('PUT', '/sbuilding/mark/create', { ...markBody, floorId: floor, deviceId: light })
    ).json().data;
    const [me] = await t.app.db.select().from(users).where(eq(users.username, 'manager'));
    const scope = {
      userId: me?.id ?? 0,
      tenantId: await demoTenantId(t),
      roles: ['tbAdmin' as const],
      permissions: [],
      isAdmin: false,
    };
    await t.app.db.transaction((tx) => unbindMarkOfDevice(tx, scope, light));
    const v = await latest(hall);
    expect(v).toMatchObject({ version: 2, log: 'Mark L-201 unbound from device Light doomed' });
    const list = (await manager('POST', '/sbuilding/mark/getList', { floorId: floor })).json().data;
    expect(list[0]).toMatchObject({ id: mark.id, deviceId: null, version: 2 });
    // Nothing bound: nothing to record.
    await t.app.db.transaction((tx) => unbindMarkOfDevice(tx, scope, light));
    expect((await versions(hall)).total).toBe(2);
  });
});
