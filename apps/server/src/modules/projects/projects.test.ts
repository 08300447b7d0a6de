import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { projects } from './tables.js';
import { workTimes } from '../calendar/tables.js';
import { controlLog } from '../commands/tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const managerToken = await t.login('manager', 'manager123');
  manager = as(t, managerToken);
  managerZh = as(t, managerToken, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  admin = as(t, await t.login('admin', 'admin123'));
});
afterAll(() => t.close());

const body = { projectName: 'Tower A', status: 'new', address: '1 Century Avenue, Shanghai' };

describe('project list', () => {
  it("gives the manager the demo tenant's projects as data {rows, total}, Demo Campus among them", async () => {
    const res = await manager('POST', '/sbuilding/project/getList', { pageNum: 1, pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.total).toBe(data.rows.length);
    expect(data.rows).toContainEqual(
      expect.objectContaining({
        projectName: 'Demo Campus',
        status: 'done',
        timeZone: 'Asia/Shanghai',
        version: 1,
      }),
    );
  });

  it('filters by a part of the name and by status, and pages', async () => {
    for (const name of ['Filter One', 'Filter Two', 'Filter Three']) {
      await manager('PUT', '/sbuilding/project/create', { ...body, projectName: name, status: 'deploying' });
    }
    const byName = (await manager('POST', '/sbuilding/project/getList', { projectName: 'filter t' })).json()
      .data;
    expect(byName.rows.map((r: { projectName: string }) => r.projectName).sort()).toEqual([
      'Filter Three',
      'Filter Two',
    ]);
    const byStatus = await manager('POST', '/sbuilding/project/getList', {
      status: 'deploying',
      pageSize: 2,
      pageNum: 2,
    });
    expect(byStatus.json().data).toMatchObject({ total: 3 });
    expect(byStatus.json().data.rows).toHaveLength(1);
  });

  it('treats % and _ in the name filter as text, not wildcards', async () => {
    const res = await manager('POST', '/sbuilding/project/getList', { projectName: '%' });
    expect(res.json().data).toEqual({ rows: [], total: 0 });
  });

  it("lets a customer and a display user read their tenant's projects", async () => {
    for (const reader of [customer, display]) {
      const res = await reader('POST', '/sbuilding/project/getList', {});
      expect(res.statusCode).toBe(200);
      expect(res.json().data.total).toBeGreaterThan(0);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/sbuilding/project/getList', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('project create, read, save and delete', () => {
  it("creates a project in the manager's tenant, reads it back, saves it and deletes it", async () => {
    const created = await manager('PUT', '/sbuilding/project/create', { ...body, description: 'HQ' });
    expect(created.statusCode).toBe(200);
    const project = created.json().data;
    expect(project).toMatchObject({
      ...body,
      description: 'HQ',
      tenantId: await demoTenantId(t),
      version: 1,
    });

    const read = await manager('GET', `/sbuilding/project/${project.id}`);
    expect(read.json().data).toEqual(project);

    const saved = await manager('POST', `/sbuilding/project/save/${project.id}`, {
      ...body,
      status: 'accepting',
      timeZone: 'Europe/Berlin',
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'accepting', timeZone: 'Europe/Berlin', version: 2 });

    const deleted = await manager('DELETE', `/sbuilding/project/del/${project.id}`);
    expect(deleted.json()).toEqual({ code: 200, msg: 'Operation successful', data: null });
    expect((await manager('GET', `/sbuilding/project/${project.id}`)).statusCode).toBe(404);
  });

  it('refuses the later of two saves from the same version with 409, keeping the first', async () => {
    const project = (await manager('PUT', '/sbuilding/project/create', body)).json().data;
    const first = await manager('POST', `/sbuilding/project/save/${project.id}`, {
      ...body,
      address: 'First',
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    const second = await manager('POST', `/sbuilding/project/save/${project.id}`, {
      ...body,
      address: 'Second',
      version: 1,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('The data was changed by someone else, please reload and try again');
    expect((await manager('GET', `/sbuilding/project/${project.id}`)).json().data).toMatchObject({
      address: 'First',
      version: 2,
    });
  });

  it('deletes a project with its records: control log, work times and calendar days', async () => {
    const project = (await manager('PUT', '/sbuilding/project/create', body)).json().data;
    await manager('POST', '/sbuilding/work/rest', {
      projectId: project.id,
      startTime: '09:00',
      endTime: '18:00',
      timeType: 'WORK',
      zoneType: 'office',
    });
    const saved = await manager('POST', '/sbuilding/vacations', {
      projectId: project.id,
      year: 2026,
      version: 0,
      days: [{ date: '2026-10-01', type: 'holiday', name: 'National Day' }],
    });
    expect(saved.statusCode).toBe(200);
    // A command was sent in it once: its control-log line used to block the deletion for ever.
    await t.app.db.insert(controlLog).values({
      tenantId: project.tenantId,
      projectId: project.id,
      deviceName: 'Gone light',
      model: 's2',
      userName: 'manager',
      terminal: 'admin',
      method: 'setOnOff',
      params: { onOff: true },
      result: 'success',
    });
    const res = await manager('DELETE', `/sbuilding/project/del/${project.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.app.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await t.app.db.select().from(workTimes).where(eq(workTimes.projectId, project.id))).toEqual([]);
    expect(await t.app.db.select().from(controlLog).where(eq(controlLog.projectId, project.id))).toEqual([]);
  });

  it('refuses a project that still holds what someone made there, naming it with how many, and loses nothing', async () => {
    const project = (await manager('PUT', '/sbuilding/project/create', body)).json().data;
    for (const name of ['North', 'South']) {
      const hall = await manager('PUT', '/sbuilding/hall/create', {
        projectId: project.id,
        name,
        longitude: 121.6,
        latitude: 31.2,
        address: 'Somewhere',
      });
      expect(hall.statusCode, hall.body).toBe(200);
    }
    const res = await manager('DELETE', `/sbuilding/project/del/${project.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(
      'This project still holds buildings (2); delete them before deleting the project',
    );
    expect((await managerZh('DELETE', `/sbuilding/project/del/${project.id}`)).json().msg).toBe(
      '该项目下仍有建筑（2），请先删除它们再删除项目',
    );
    expect(await t.app.db.select().from(projects).where(eq(projects.id, project.id))).toHaveLength(1);
  });

  it('lets an admin create a project for a tenant it names, and asks it to name one', async () => {
    const tenantId = await demoTenantId(t);
    const res = await admin('PUT', '/sbuilding/project/create', { ...body, tenantId });
    expect(res.json().data).toMatchObject({ tenantId });
    const none = await admin('PUT', '/sbuilding/project/create', body);
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe('Choose the tenant the project belongs to');
    expect((await admin('PUT', '/sbuilding/project/create', { ...body, tenantId: 999_999 })).statusCode).toBe(
      404,
    );
  });

  it("ignores a tenantId sent by a tenant user: the project lands in the user's own tenant", async () => {
    const res = await manager('PUT', '/sbuilding/project/create', { ...body, tenantId: 999_999 });
    expect(res.json().data.tenantId).toBe(await demoTenantId(t));
  });

  it('refuses writes from a customer and a display user with 403', async () => {
    const [demo] = (
      await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows;
    for (const reader of [customer, display]) {
      expect((await reader('PUT', '/sbuilding/project/create', body)).statusCode).toBe(403);
      expect(
        (await reader('POST', `/sbuilding/project/save/${demo.id}`, { ...body, version: 1 })).statusCode,
      ).toBe(403);
      expect((await reader('DELETE', `/sbuilding/project/del/${demo.id}`)).statusCode).toBe(403);
    }
  });
});

describe('project validation', () => {
  it('requires name, status and address, in English and Chinese (spec section 5)', async () => {
    const cases = [
      [{ ...body, projectName: '' }, 'Project name is required', '项目名称不能为空'],
      [{ ...body, status: '' }, 'Status is required', '状态不能为空'],
      [{ projectName: 'X', status: 'new' }, 'Address is required', '地址不能为空'],
    ] as const;
    for (const [payload, en, zh] of cases) {
      const resEn = await manager('PUT', '/sbuilding/project/create', payload);
      expect(resEn.statusCode).toBe(400);
      expect(resEn.json()).toEqual({ code: 400, msg: en, data: null });
      expect((await managerZh('PUT', '/sbuilding/project/create', payload)).json().msg).toBe(zh);
    }
  });

  it('refuses an unknown status and time zone as invalid', async () => {
    expect(
      (await manager('PUT', '/sbuilding/project/create', { ...body, status: 'archived' })).json().msg,
    ).toBe('Status is invalid');
    expect(
      (await managerZh('PUT', '/sbuilding/project/create', { ...body, timeZone: '+08:00' })).json().msg,
    ).toBe('时区格式不正确');
  });

  it('requires the version on save', async () => {
    const res = await manager('POST', '/sbuilding/project/save/1', body);
    expect(res.json()).toEqual({ code: 400, msg: 'Version is required', data: null });
  });

  it('answers 400 for an id that is not a number', async () => {
    expect((await manager('GET', '/sbuilding/project/abc')).statusCode).toBe(400);
  });
});
