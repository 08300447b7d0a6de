import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { multipartFile, PLAN_SVG, PNG_1X1 } from '../../test/multipart.js';
import { buildings, floors } from './tables.js';
import { QR_OPTIONS } from './hall-service.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let campusId: number;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  const list = (await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })).json()
    .data;
  campusId = list.rows[0].id;
});
afterAll(() => t.close());

const hall = (projectId: number, extra: object = {}) => ({
  projectId,
  name: 'Building C',
  longitude: 121.605,
  latitude: 31.201,
  address: '88 Keyuan Road',
  ...extra,
});
async function newProject(name: string): Promise<number> {
  const body = { projectName: name, status: 'new', address: '1 Road' };
  return (await manager('PUT', '/sbuilding/project/create', body)).json().data.id;
}
async function uploaded(kind: 'image' | 'svg'): Promise<string> {
  const { payload, headers } = multipartFile('f', kind === 'image' ? PNG_1X1 : PLAN_SVG);
  return (await manager('POST', `/sbuilding/file/upload/${kind}`, payload, headers)).json().data.id;
}

describe('building list and reads', () => {
  it("lists the demo campus's two buildings in Zhangjiang with their coordinates", async () => {
    const res = await manager('POST', '/sbuilding/hall/getList', { projectId: campusId });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(2);
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Building A', 'Building B']);
    for (const row of rows) {
      expect(row.longitude).toBeCloseTo(121.6, 1);
      expect(row.latitude).toBeCloseTo(31.2, 1);
      expect(row).toMatchObject({
        projectId: campusId,
        miniProgramEnabled: true,
        version: 1,
        imageUrl: null,
      });
    }
  });

  it('filters by a part of the name and pages', async () => {
    const res = await manager('POST', '/sbuilding/hall/getList', {
      projectId: campusId,
      name: 'ing b',
      pageSize: 1,
    });
    expect(res.json().data).toMatchObject({ total: 1, rows: [{ name: 'Building B' }] });
  });

  it('lets a customer and a display user read buildings but not write them', async () => {
    for (const reader of [customer, display]) {
      const list = await reader('POST', '/sbuilding/hall/getList', { projectId: campusId });
      expect(list.json().data.total).toBe(2);
      const one = await reader('GET', `/sbuilding/hall/${list.json().data.rows[0].id}`);
      expect(one.json().data.name).toBe('Building A');
    }
    expect((await customer('PUT', '/sbuilding/hall/create', hall(campusId))).statusCode).toBe(403);
  });

  it('answers 404 for a project or building that does not exist', async () => {
    expect((await manager('POST', '/sbuilding/hall/getList', { projectId: 999999 })).statusCode).toBe(404);
    expect((await manager('GET', '/sbuilding/hall/999999')).statusCode).toBe(404);
  });
});

describe('building writes', () => {
  it('creates a building with an uploaded image whose signed link serves it', async () => {
    const imageId = await uploaded('image');
    const res = await manager('PUT', '/sbuilding/hall/create', hall(campusId, { imageId }));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ name: 'Building C', imageId, version: 1, miniProgramEnabled: true });
    const image = await t.app.inject({ method: 'GET', url: data.imageUrl });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('refuses a floor plan as a building image, and an unknown file', async () => {
    const res = await manager(
      'PUT',
      '/sbuilding/hall/create',
      hall(campusId, { imageId: await uploaded('svg') }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This file is not a picture: upload a JPG or PNG image');
    const unknown = hall(campusId, { imageId: '00000000-0000-4000-8000-000000000000' });
    expect((await manager('PUT', '/sbuilding/hall/create', unknown)).statusCode).toBe(404);
  });

  it('refuses coordinates out of range and a missing name, naming the rule', async () => {
    const cases: [object, string, string][] = [
      [{ longitude: 180.5 }, 'Longitude must be between -180 and 180', '经度必须介于 -180 和 180 之间'],
      [{ latitude: -90.01 }, 'Latitude must be between -90 and 90', '纬度必须介于 -90 和 90 之间'],
      [{ name: '  ' }, 'Name is required', '名称不能为空'],
      [{ longitude: undefined }, 'Longitude is required', '经度不能为空'],
    ];
    for (const [change, en, zh] of cases) {
      const res = await manager('PUT', '/sbuilding/hall/create', hall(campusId, change));
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(en);
      expect((await managerZh('PUT', '/sbuilding/hall/create', hall(campusId, change))).json().msg).toBe(zh);
    }
  });

  it('saves with the version read and refuses a stale copy with 409, keeping the later save', async () => {
    const created = (
      await manager('PUT', '/sbuilding/hall/create', hall(campusId, { name: 'Versioned' }))
    ).json().data;
    const { projectId: _p, ...body } = hall(campusId, {
      name: 'Versioned 2',
      version: 1,
      miniProgramEnabled: false,
    });
    const saved = await manager('POST', `/sbuilding/hall/save/${created.id}`, body);
    expect(saved.json().data).toMatchObject({ name: 'Versioned 2', version: 2, miniProgramEnabled: false });
    const stale = await manager('POST', `/sbuilding/hall/save/${created.id}`, { ...body, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('The data was changed by someone else, please reload and try again');
    const [row] = await t.app.db.select().from(buildings).where(eq(buildings.id, created.id));
    expect(row).toMatchObject({ name: 'Versioned 2', version: 2 });
  });

  it('refuses to delete a building that still has floors, losing nothing, and deletes it once empty', async () => {
    const building = (
      await manager('PUT', '/sbuilding/hall/create', hall(campusId, { name: 'Doomed' }))
    ).json().data;
    const floor = (
      await manager('PUT', '/sbuilding/floor/create', { buildingId: building.id, name: 'F1' })
    ).json().data;
    const refused = await manager('DELETE', `/sbuilding/hall/del/${building.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(
      'This building still holds floors (1); delete or move them before deleting the building',
    );
    expect((await managerZh('DELETE', `/sbuilding/hall/del/${building.id}`)).json().msg).toBe(
      '该建筑下仍有楼层（1），请先删除或移走它们再删除建筑',
    );
    expect(await t.app.db.select().from(floors).where(eq(floors.id, floor.id))).toHaveLength(1);
    expect((await manager('DELETE', `/sbuilding/floor/del/${floor.id}`)).statusCode).toBe(200);
    expect((await manager('DELETE', `/sbuilding/hall/del/${building.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/hall/${building.id}`)).statusCode).toBe(404);
  });

  it('keeps a project with a building from being deleted (project.hasChildren)', async () => {
    const projectId = await newProject('Has one building');
    const building = (await manager('PUT', '/sbuilding/hall/create', hall(projectId))).json().data;
    const refused = await manager('DELETE', `/sbuilding/project/del/${projectId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/still holds buildings/);
    await manager('DELETE', `/sbuilding/hall/del/${building.id}`);
    expect((await manager('DELETE', `/sbuilding/project/del/${projectId}`)).statusCode).toBe(200);
  });
});

describe('building QR code', () => {
  async function firstHall() {
    return (await manager('POST', '/sbuilding/hall/getList', { projectId: campusId })).json().data.rows[0];
  }

  it('is a PNG attachment encoding {origin}/wxProgram?hallId={id} of the origin the request came to', async () => {
    const { id } = await firstHall();
    const res = await manager('GET', `/sbuilding/hall/${id}/qrcode`, undefined, {
      host: 'campus.example.com:8443',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="hall-${id}-qrcode.png"`);
    const expected = await QRCode.toBuffer(`http://campus.example.com:8443/wxProgram?hallId=${id}`, {
      ...QR_OPTIONS,
      type: 'png',
      width: 512,
    });
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('ignores X-Forwarded-Proto and -Host from a client that is not a trusted proxy', async () => {
    const { id } = await firstHall();
    const res = await manager('GET', `/sbuilding/hall/${id}/qrcode?format=svg`, undefined, {
      host: 'campus.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example.net',
    });
    const expected = await QRCode.toString(`http://campus.example.com/wxProgram?hallId=${id}`, {
      ...QR_OPTIONS,
      type: 'svg',
    });
    expect(res.body).toBe(expected);
  });

  it('is an SVG with format=svg, over https behind a trusted proxy (TRUST_PROXY) that says so', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, ::1' } });
    try {
      const viaProxy = as(proxied, await proxied.login('manager', 'manager123'));
      const { id } = (await viaProxy('POST', '/sbuilding/hall/getList', { projectId: campusId })).json().data
        .rows[0];
      const res = await viaProxy('GET', `/sbuilding/hall/${id}/qrcode?format=svg`, undefined, {
        host: 'campus.example.com',
        'x-forwarded-proto': 'https',
      });
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="hall-${id}-qrcode.svg"`);
      const expected = await QRCode.toString(`https://campus.example.com/wxProgram?hallId=${id}`, {
        ...QR_OPTIONS,
        type: 'svg',
      });
      expect(res.body).toBe(expected);
    } finally {
      await proxied.close();
    }
  });

  it('is refused with 409 while the mini-program binding is off', async () => {
    const created = (
      await manager(
        'PUT',
        '/sbuilding/hall/create',
        hall(campusId, { name: 'Unbound', miniProgramEnabled: false }),
      )
    ).json().data;
    const res = await manager('GET', `/sbuilding/hall/${created.id}/qrcode`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      'The mini-program binding of this building is off; turn it on to get its QR code',
    );
  });

  it('refuses a host header that is not a host name', async () => {
    const { id } = await firstHall();
    const res = await manager('GET', `/sbuilding/hall/${id}/qrcode`, undefined, {
      host: 'evil.example/phish?x=',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The request names no valid host, so no QR code link can be built');
  });
});
