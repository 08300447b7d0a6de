import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcBoard, LightBoard } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { buildings, floors } from '../buildings/tables.js';
import { deviceGroupMembers, deviceGroups, deviceLatest, deviceMarks, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { eq } from 'drizzle-orm';

/*
 * One project of its own: building A with floors F1 and F2, building B. On F1 two s2 lights (one on at
 * 200/4000 K with a mark, one off), an e90 reporting 1/0 numbers, a kxx panel; on F2 one s2 never heard
 * from. Three ac20 units (two in A, one in B), a light group and an AC group.
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let otherProjectBuilding: number;
let buildingA: number;
let buildingB: number;
let f1: number;
let f2: number;
const id: Record<string, number> = {};

async function latest(deviceId: number, values: Record<string, number | string | boolean>) {
  const ts = new Date('2026-11-21T10:00:00Z');
  await t.app.db
    .insert(deviceLatest)
    .values(Object.entries(values).map(([key, value]) => ({ deviceId, key, value, ts })));
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Board stranger', [{ username: 'boardstranger', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('boardstranger', 'boardstranger123'));
  const tenantId = await demoTenantId(t);
  const db = t.app.db;
  const [project] = await db
    .insert(projects)
    .values({ tenantId, projectName: 'Board test', address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  projectId = project.id;
  const building = async (name: string, pid = projectId) => {
    const [row] = await db
      .insert(buildings)
      .values({ tenantId, projectId: pid, name, longitude: 121, latitude: 31 })
      .returning();
    if (!row) throw new Error('no building');
    return row.id;
  };
  buildingA = await building('A');
  buildingB = await building('B');
  const [demoBuilding] = await db.select().from(buildings).orderBy(buildings.id).limit(1);
  otherProjectBuilding = demoBuilding?.id ?? 0;
  const floor = async (name: string, sort: number) => {
    const [row] = await db.insert(floors).values({ tenantId, buildingId: buildingA, name, sort }).returning();
    if (!row) throw new Error('no floor');
    return row.id;
  };
  f2 = await floor('F2', 2);
  f1 = await floor('F1', 1);

  const put = async (
    name: string,
    model: Parameters<typeof insertDevice>[1]['model'],
    b: number,
    fl: number | null,
  ) => {
    id[name] = (await insertDevice(db, { model, name, buildingId: b, floorId: fl })).id;
    return id[name] ?? 0;
  };
  await put('L1', 's2', buildingA, f1);
  await put('L2', 's2', buildingA, f1);
  await put('E1', 'e90', buildingA, f1);
  await put('P1', 'kxx', buildingA, f1);
  await put('L3', 's2', buildingA, f2);
  await db
    .update(devices)
    .set({ online: true })
    .where(eq(devices.id, id.L1 ?? 0));
  await db
    .update(devices)
    .set({ props: { panelType: 'double' } })
    .where(eq(devices.id, id.P1 ?? 0));
  await latest(id.L1 ?? 0, { onOff: true, lightnessLevel: 200, colorTemp: 4000 });
  await latest(id.L2 ?? 0, { onOff: false, lightnessLevel: 0 });
  await latest(id.E1 ?? 0, { onOff: 1, lightnessLevel: 90 });
  await latest(id.P1 ?? 0, { left: true, right: false });
  await db.insert(deviceMarks).values({
    tenantId,
    buildingId: buildingA,
    floorId: f1,
    deviceId: id.L1,
    markName: 'M-1',
    nickname: 'Desk lamp',
    belongType: 'lighting',
    x: 120,
    y: 80,
  });

  await put('AC1', 'ac20', buildingA, f1);
  await put('AC2', 'ac20', buildingA, f2);
  await put('AC3', 'ac20', buildingB, null);
  await latest(id.AC1 ?? 0, {
    onOff: true,
    workMode: 'cool',
    fanSpeed: 'high',
    targetTemp: 24,
    roomTemp: 27.5,
  });
  await latest(id.AC2 ?? 0, { onOff: false, workMode: 'bogus' });

  const group = async (name: string, category: 'light' | 'ac', members: number[]) => {
    const [row] = await db.insert(deviceGroups).values({ tenantId, projectId, name, category }).returning();
    if (!row) throw new Error('no group');
    await db.insert(deviceGroupMembers).values(members.map((deviceId) => ({ groupId: row.id, deviceId })));
  };
  await group('All lights F1', 'light', [id.L1 ?? 0, id.L2 ?? 0]);
  await group('Building B ACs', 'ac', [id.AC3 ?? 0]);
});
afterAll(() => t.close());

async function light(call: typeof manager, buildingId: number) {
  return call('GET', `/sbuilding/board/light?buildingId=${buildingId}`);
}

describe('light board', () => {
  it("answers a building's lights and panels with place, mark, state and counts per floor", async () => {
    const res = await light(manager, buildingA);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<{ data: LightBoard }>().data;
    expect(b.floors).toEqual([
      { floorId: f1, name: 'F1', lightsOn: 2, lightsTotal: 3 },
      { floorId: f2, name: 'F2', lightsOn: 0, lightsTotal: 1 },
    ]);
    expect(b.lightsOn).toBe(2);
    expect(b.lightsTotal).toBe(4);
    // ACs are not on the light board.
    expect(b.devices.map((d) => d.name)).toEqual(['E1', 'L1', 'L2', 'L3', 'P1']);
    const l1 = b.devices.find((d) => d.name === 'L1');
    expect(l1).toMatchObject({
      online: true,
      floorId: f1,
      mark: { x: 120, y: 80, label: 'Desk lamp' },
      state: { onOff: true, lightnessLevel: 200, colorTemp: 4000, left: null },
    });
    expect(b.devices.find((d) => d.name === 'E1')?.state).toMatchObject({ onOff: true, lightnessLevel: 90 });
    expect(b.devices.find((d) => d.name === 'L3')).toMatchObject({
      online: false,
      mark: null,
      state: { onOff: null, lightnessLevel: null, colorTemp: null },
    });
    expect(b.devices.find((d) => d.name === 'P1')).toMatchObject({
      category: 'lightPanel',
      panelType: 'double',
      state: { left: true, right: false, mid: null },
    });
    expect(b.groups).toEqual([
      expect.objectContaining({ name: 'All lights F1', category: 'light', memberCount: 2 }),
    ]);
  });

  it('is readable by the display role', async () => {
    expect((await light(display, buildingA)).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's building and 400 without one", async () => {
    expect((await light(stranger, buildingA)).statusCode).toBe(404);
    expect((await manager('GET', '/sbuilding/board/light')).statusCode).toBe(400);
  });
});

describe('AC board', () => {
  it("answers a project's units with state, auto support and the count running", async () => {
    const res = await manager('GET', `/sbuilding/board/ac?projectId=${projectId}`);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<{ data: AcBoard }>().data;
    expect(b.total).toBe(3);
    expect(b.running).toBe(1);
    expect(b.units.map((u) => u.name)).toEqual(['AC1', 'AC2', 'AC3']);
    expect(b.units[0]).toMatchObject({
      buildingName: 'A',
      floorName: 'F1',
      supportsAuto: false,
      state: { onOff: true, workMode: 'cool', fanSpeed: 'high', targetTemp: 24, roomTemp: 27.5 },
    });
    // A value outside the modes of spec section 9 is not passed on.
    expect(b.units[1]?.state).toEqual({
      onOff: false,
      workMode: null,
      fanSpeed: null,
      targetTemp: null,
      roomTemp: null,
    });
    expect(b.groups.map((g) => g.name)).toEqual(['Building B ACs']);
  });

  it('narrows to one building, with only the groups that have members there', async () => {
    const res = await manager('GET', `/sbuilding/board/ac?projectId=${projectId}&buildingId=${buildingA}`);
    const b = res.json<{ data: AcBoard }>().data;
    expect(b.units.map((u) => u.name)).toEqual(['AC1', 'AC2']);
    expect(b.groups).toEqual([]);
  });

  it("answers 404 for another tenant's project and for a building of another project", async () => {
    expect((await stranger('GET', `/sbuilding/board/ac?projectId=${projectId}`)).statusCode).toBe(404);
    const res = await manager(
      'GET',
      `/sbuilding/board/ac?projectId=${projectId}&buildingId=${otherProjectBuilding}`,
    );
    expect(res.statusCode).toBe(404);
  });
});
