import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { multipartFile, PLAN_SVG, PNG_1X1 } from '../../test/multipart.js';
import { zones } from './tables.js';
import { devices } from '../devices/tables.js';
import { insertDevice } from '../../test/devices.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let buildingA: number;
let scratch: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  const projects = (
    await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
  ).json().data;
  const halls = (await manager('POST', '/sbuilding/hall/getList', { projectId: projects.rows[0].id })).json()
    .data;
  buildingA = halls.rows[0].id;
  const body = { projectId: projects.rows[0].id, name: 'Scratch', longitude: 121.6, latitude: 31.2 };
  scratch = (await manager('PUT', '/sbuilding/hall/create', body)).json().data.id;
});
afterAll(() => t.close());

async function uploaded(kind: 'image' | 'svg'): Promise<string> {
  const { payload, headers } = multipartFile('f', kind === 'image' ? PNG_1X1 : PLAN_SVG);
  return (await manager('POST', `/sbuilding/file/upload/${kind}`, payload, headers)).json().data.id;
}
async function newFloor(extra: object = {}) {
  return (
    await manager('PUT', '/sbuilding/floor/create', { buildingId: scratch, name: 'Floor', ...extra })
  ).json().data;
}
const rect = { kind: 'rect', x: 20, y: 20, w: 200, h: 250 };

describe('floors', () => {
  it("lists Building A's three floors in order, each with its plan's link and view box", async () => {
    const res = await customer('POST', '/sbuilding/floor/getList', { buildingId: buildingA });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(3);
    expect(rows.map((f: { mark: string }) => f.mark)).toEqual(['F1', 'F2', 'F3']);
    for (const floor of rows) {
      expect(floor).toMatchObject({ buildingId: buildingA, area: 1344, planViewBox: [0, 0, 1000, 600] });
      const plan = await t.app.inject({ method: 'GET', url: floor.planUrl });
      expect(plan.headers['content-type']).toBe('image/svg+xml');
      expect(plan.body).toContain('Corridor');
    }
  });

  it('creates a floor with image, plan, area and tags (repeated tags kept once) and reads it back', async () => {
    const [imageId, planId] = [await uploaded('image'), await uploaded('svg')];
    const created = await newFloor({
      name: 'Roof',
      mark: 'R',
      area: 512.5,
      imageId,
      planId,
      tags: ['roof', 'roof', 'hvac'],
      sort: 9,
    });
    expect(created).toMatchObject({
      name: 'Roof',
      mark: 'R',
      area: 512.5,
      tags: ['roof', 'hvac'],
      sort: 9,
      version: 1,
    });
    expect(created.planViewBox).toEqual([0, 0, 1000, 600]);
    const read = (await manager('GET', `/sbuilding/floor/${created.id}`)).json().data;
    expect(read).toMatchObject({ imageId, planId, area: 512.5 });
    expect((await t.app.inject({ method: 'GET', url: read.imageUrl })).headers['content-type']).toBe(
      'image/png',
    );
  });

  it('refuses a negative area, an image as plan and an unknown plan', async () => {
    const negative = await manager('PUT', '/sbuilding/floor/create', {
      buildingId: scratch,
      name: 'X',
      area: -1,
    });
    expect(negative.json().msg).toBe('Area cannot be negative');
    const zh = await managerZh('PUT', '/sbuilding/floor/create', {
      buildingId: scratch,
      name: 'X',
      area: -1,
    });
    expect(zh.json().msg).toBe('面积不能为负数');
    const imageAsPlan = await manager('PUT', '/sbuilding/floor/create', {
      buildingId: scratch,
      name: 'X',
      planId: await uploaded('image'),
    });
    expect(imageAsPlan.statusCode).toBe(400);
    expect(imageAsPlan.json().msg).toBe('This file is not a floor plan: upload an SVG file');
    const unknown = await manager('PUT', '/sbuilding/floor/create', {
      buildingId: scratch,
      name: 'X',
      planId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('The file was not found; please upload it again');
  });

  it('saves with the version read, refuses a stale copy with 409 and can remove the plan', async () => {
    const floor = await newFloor({ planId: await uploaded('svg') });
    const body = { name: 'Renamed', planId: null, version: 1 };
    const saved = (await manager('POST', `/sbuilding/floor/save/${floor.id}`, body)).json().data;
    expect(saved).toMatchObject({
      name: 'Renamed',
      planId: null,
      planUrl: null,
      planViewBox: null,
      version: 2,
    });
    expect((await manager('POST', `/sbuilding/floor/save/${floor.id}`, body)).statusCode).toBe(409);
  });

  it('refuses to delete a floor that still has zones, losing nothing, and deletes it once empty', async () => {
    const floor = await newFloor();
    const zone = (
      await manager('PUT', '/sbuilding/sector/create', { floorId: floor.id, name: 'Z', type: 'office' })
    ).json().data;
    const refused = await manager('DELETE', `/sbuilding/floor/del/${floor.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'This floor still holds zones (1); delete or move them before deleting the floor',
    );
    expect(await t.app.db.select().from(zones).where(eq(zones.id, zone.id))).toHaveLength(1);
    expect((await manager('DELETE', `/sbuilding/sector/del/${zone.id}`)).statusCode).toBe(200);
    expect((await manager('DELETE', `/sbuilding/floor/del/${floor.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/floor/${floor.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a zone that still holds devices with 409 naming them, and deletes it once empty', async () => {
    const floor = await newFloor();
    const zone = (
      await manager('PUT', '/sbuilding/sector/create', { floorId: floor.id, name: 'Z', type: 'office' })
    ).json().data;
    const { id: device } = await insertDevice(t.app.db, {
      model: 'th10',
      name: 'In the zone',
      floorId: floor.id,
    });
    await t.app.db.update(devices).set({ zoneId: zone.id }).where(eq(devices.id, device));
    const refused = await manager('DELETE', `/sbuilding/sector/del/${zone.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'This zone still holds devices (1); delete or move them before deleting the zone',
    );
    expect((await managerZh('DELETE', `/sbuilding/sector/del/${zone.id}`)).json().msg).toBe(
      '该区域下仍有设备（1），请先删除或移走它们再删除区域',
    );
    expect(await t.app.db.select().from(zones).where(eq(zones.id, zone.id))).toHaveLength(1);
    await t.app.db.delete(devices).where(eq(devices.id, device));
    expect((await manager('DELETE', `/sbuilding/sector/del/${zone.id}`)).statusCode).toBe(200);
  });

  it('lets a customer read floors but not write them', async () => {
    expect(
      (await customer('PUT', '/sbuilding/floor/create', { buildingId: scratch, name: 'X' })).statusCode,
    ).toBe(403);
  });
});

describe('zones', () => {
  let floorId: number;
  beforeAll(async () => {
    floorId = (await newFloor({ name: 'Zones' })).id;
  });

  it("lists a demo floor's zones with rectangles on its plan, filtered by type", async () => {
    const floor = (await manager('POST', '/sbuilding/floor/getList', { buildingId: buildingA })).json().data
      .rows[0];
    const all = (
      await manager('POST', '/sbuilding/sector/getList', { floorId: floor.id, pageSize: 100 })
    ).json().data;
    expect(all.rows.map((z: { name: string }) => z.name)).toEqual(
      expect.arrayContaining(['Corridor', 'Lobby']),
    );
    expect(all.rows.find((z: { name: string }) => z.name === 'Corridor').shape).toEqual({
      kind: 'rect',
      x: 20,
      y: 270,
      w: 960,
      h: 60,
    });
    const meetings = (
      await manager('POST', '/sbuilding/sector/getList', { floorId: floor.id, type: 'meeting' })
    ).json().data;
    expect(meetings.total).toBe(2);
    expect(meetings.rows.every((z: { type: string }) => z.type === 'meeting')).toBe(true);
  });

  it('creates a rectangle zone and a polygon zone and reads them back', async () => {
    const r = await manager('PUT', '/sbuilding/sector/create', {
      floorId,
      name: 'Office 1',
      type: 'office',
      mark: 'O1',
      shape: rect,
    });
    expect(r.json().data).toMatchObject({
      floorId,
      name: 'Office 1',
      type: 'office',
      mark: 'O1',
      shape: rect,
      version: 1,
    });
    const polygon = {
      kind: 'polygon',
      points: [
        [0, 0],
        [100, 0],
        [50, 80.5],
      ],
    };
    const p = await manager('PUT', '/sbuilding/sector/create', {
      floorId,
      name: 'Wedge',
      type: 'meeting',
      shape: polygon,
    });
    expect((await manager('GET', `/sbuilding/sector/${p.json().data.id}`)).json().data.shape).toEqual(
      polygon,
    );
  });

  it('refuses a polygon of 2 or 101 points, an empty rectangle, an unknown shape and an unknown type', async () => {
    const create = (extra: object, who = manager) =>
      who('PUT', '/sbuilding/sector/create', { floorId, name: 'Bad', type: 'office', ...extra });
    const two = await create({
      shape: {
        kind: 'polygon',
        points: [
          [0, 0],
          [1, 1],
        ],
      },
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().msg).toBe('A polygon needs 3 to 100 points');
    expect(
      (
        await create(
          {
            shape: {
              kind: 'polygon',
              points: [
                [0, 0],
                [1, 1],
              ],
            },
          },
          managerZh,
        )
      ).json().msg,
    ).toBe('多边形需要 3 到 100 个顶点');
    const many = Array.from({ length: 101 }, (_, i) => [i, i % 7]);
    expect((await create({ shape: { kind: 'polygon', points: many } })).json().msg).toBe(
      'A polygon needs 3 to 100 points',
    );
    expect((await create({ shape: { ...rect, w: 0 } })).json().msg).toBe('Width is invalid');
    expect((await create({ shape: { kind: 'circle', r: 3 } })).statusCode).toBe(400);
    const spa = await create({ type: 'spa' });
    expect(spa.statusCode).toBe(400);
    expect(spa.json().msg).toBe('Unknown zone type [spa]: choose one of the zone types');
  });

  it('saves with the version read (erasing the shape), refuses a stale copy with 409 and deletes', async () => {
    const zone = (
      await manager('PUT', '/sbuilding/sector/create', { floorId, name: 'Edit', type: 'office', shape: rect })
    ).json().data;
    const body = { name: 'Edited', type: 'corridor', shape: null, version: 1 };
    const saved = await manager('POST', `/sbuilding/sector/save/${zone.id}`, body);
    expect(saved.json().data).toMatchObject({ name: 'Edited', type: 'corridor', shape: null, version: 2 });
    const stale = await manager('POST', `/sbuilding/sector/save/${zone.id}`, { ...body, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect((await manager('GET', `/sbuilding/sector/${zone.id}`)).json().data.name).toBe('Edited');
    expect((await manager('DELETE', `/sbuilding/sector/del/${zone.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/sector/${zone.id}`)).statusCode).toBe(404);
  });

  it('lets a customer read zones but not write them', async () => {
    expect((await customer('POST', '/sbuilding/sector/getList', { floorId })).statusCode).toBe(200);
    expect(
      (await customer('PUT', '/sbuilding/sector/create', { floorId, name: 'X', type: 'office' })).statusCode,
    ).toBe(403);
  });
});
