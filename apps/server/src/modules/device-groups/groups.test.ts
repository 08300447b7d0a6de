import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { plantDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let project: number;
let otherProject: number;
let hall: number;
let floor: number;
let lights: number[];
let acs: number[];

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  project = (await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })).json().data
    .rows[0].id;
  const hallBody = { projectId: project, name: 'Groups hall', longitude: 121, latitude: 31 };
  hall = (await manager('PUT', '/sbuilding/hall/create', hallBody)).json().data.id;
  floor = (await manager('PUT', '/sbuilding/floor/create', { buildingId: hall, name: 'G1' })).json().data.id;
  lights = [];
  for (let i = 1; i <= 3; i++)
    lights.push(await plantDevice(t, hall, i === 2 ? 'e90' : 's2', `Light ${i}`, floor));
  acs = [await plantDevice(t, hall, 'ac20', 'AC 1'), await plantDevice(t, hall, 'ac20', 'AC 2')];
  const otherBody = { projectName: 'Groups elsewhere', status: 'deploying', address: 'x' };
  otherProject = (await manager('PUT', '/sbuilding/project/create', otherBody)).json().data.id;
});
afterAll(() => t.close());

async function create(body: object) {
  return manager('PUT', '/sbuilding/group/create', { projectId: project, ...body });
}

describe('device groups', () => {
  it('creates a group of one category in the order chosen and reads it with every device', async () => {
    const res = await create({
      name: 'Hallway lights',
      deviceIds: [lights[2], lights[0], lights[1], lights[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().data;
    expect(group).toMatchObject({
      projectId: project,
      name: 'Hallway lights',
      status: '0',
      category: 'light',
    });
    expect(group).toMatchObject({ deviceCount: 3, version: 1 });
    expect(group.devices).toEqual([
      { id: lights[2], name: 'Light 3', position: '', model: 's2', floorName: 'G1', online: false },
      { id: lights[0], name: 'Light 1', position: '', model: 's2', floorName: 'G1', online: false },
      { id: lights[1], name: 'Light 2', position: '', model: 'e90', floorName: 'G1', online: false },
    ]);
    const read = await customer('GET', `/sbuilding/group/${group.id}`);
    expect(read.json().data).toEqual(group);
  });

  it("refuses devices of two categories with 'Select the same category device', in both languages", async () => {
    const mixed = { name: 'Mixed', deviceIds: [lights[0], acs[0]] };
    const res = await create(mixed);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Select the same category device');
    const zh = await managerZh('PUT', '/sbuilding/group/create', { projectId: project, ...mixed });
    expect(zh.json().msg).toBe('请选择同一类别的设备');
  });

  it("refuses a group without devices with 'Select Target!'", async () => {
    const res = await create({ name: 'Empty', deviceIds: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Select Target!');
    expect((await create({ name: 'Missing' })).json().msg).toBe('Select Target!');
  });

  it('refuses an unknown device (404) and one of another project (400), and a name the project has', async () => {
    expect((await create({ name: 'Ghost', deviceIds: [lights[0], 999_999] })).statusCode).toBe(404);
    const foreign = await manager('PUT', '/sbuilding/group/create', {
      projectId: otherProject,
      name: 'Foreign',
      deviceIds: [lights[0]],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().msg).toBe('The device [Light 1] belongs to another project than the group');
    await create({ name: 'Twice', deviceIds: [acs[0]] });
    const twice = await create({ name: 'Twice', deviceIds: [acs[1]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('The project already has a group named [Twice]');
    const elsewhere = await manager('PUT', '/sbuilding/group/create', {
      projectId: otherProject,
      name: 'Twice',
      deviceIds: [await plantDeviceIn(otherProject)],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('saves name, status and devices (the category follows them) and refuses a stale copy with 409', async () => {
    const group = (await create({ name: 'Changing', deviceIds: [lights[0]] })).json().data;
    const body = { name: 'Changed', status: '1', deviceIds: [acs[1], acs[0]], version: 1 };
    const saved = await manager('POST', `/sbuilding/group/save/${group.id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Changed', status: '1', category: 'ac', version: 2 });
    expect(saved.json().data.devices.map((d: { id: number }) => d.id)).toEqual([acs[1], acs[0]]);
    const stale = await manager('POST', `/sbuilding/group/save/${group.id}`, body);
    expect(stale.statusCode).toBe(409);
    const taken = await manager('POST', `/sbuilding/group/save/${group.id}`, {
      ...body,
      name: 'Hallway lights',
      version: 2,
    });
    expect(taken.json().msg).toBe('The project already has a group named [Hallway lights]');
    // Keeping its own name is not a duplicate.
    const same = await manager('POST', `/sbuilding/group/save/${group.id}`, { ...body, version: 2 });
    expect(same.statusCode).toBe(200);
  });

  it('lists groups filtered by name, status and category, each with its count', async () => {
    const list = async (filter: object) =>
      (await customer('POST', '/sbuilding/group/getList', { projectId: project, ...filter })).json().data;
    const all = await list({ pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const corridor = await list({ name: 'hallway' });
    expect(corridor.rows.map((g: { name: string }) => g.name)).toEqual(['Hallway lights']);
    expect(corridor.rows[0]).toMatchObject({ deviceCount: 3 });
    expect(corridor.rows[0].devices).toHaveLength(3);
    const acGroups = await list({ category: 'ac', pageSize: 100 });
    expect(acGroups.rows.every((g: { category: string }) => g.category === 'ac')).toBe(true);
    expect(acGroups.total).toBeGreaterThan(0);
    expect((await list({ status: '1' })).rows.map((g: { name: string }) => g.name)).toEqual(['Changed']);
  });

  it('carries at most 50 devices per row of the list, all of them in the group itself', async () => {
    const many: number[] = [];
    for (let i = 0; i < 55; i++) many.push(await plantDevice(t, hall, 'pir10', `PIR ${i}`));
    const group = (await create({ name: 'All PIRs', deviceIds: many })).json().data;
    expect(group.devices).toHaveLength(55);
    const row = (
      await manager('POST', '/sbuilding/group/getList', { projectId: project, name: 'All PIRs' })
    ).json().data.rows[0];
    expect(row.deviceCount).toBe(55);
    expect(row.devices.map((d: { id: number }) => d.id)).toEqual(many.slice(0, 50));
  });

  it('deletes a group; its devices stay; a customer may not', async () => {
    const group = (await create({ name: 'Short-lived', deviceIds: [lights[1]] })).json().data;
    expect((await customer('DELETE', `/sbuilding/group/del/${group.id}`)).statusCode).toBe(403);
    expect((await manager('DELETE', `/sbuilding/group/del/${group.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/group/${group.id}`)).statusCode).toBe(404);
    expect((await create({ name: 'Short-lived', deviceIds: [lights[1]] })).statusCode).toBe(200);
  });
});

/** A light in a building of another project. */
async function plantDeviceIn(projectId: number): Promise<number> {
  const body = { projectId, name: 'Other hall', longitude: 121, latitude: 31 };
  const other = (await manager('PUT', '/sbuilding/hall/create', body)).json().data.id;
  return plantDevice(t, other, 's2', 'Other light');
}
