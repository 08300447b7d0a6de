import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { as } from './test/tenants.js';

/** What docs/api.md promises every caller, tried on the demo campus. */
let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
});
afterAll(() => t.close());

describe('the conventions of docs/api.md', () => {
  it('answers every call in the envelope, a list as {rows, total}, in the language of Lang', async () => {
    const list = await manager('POST', '/sbuilding/project/getList', { pageNum: 1, pageSize: 10 });
    expect(list.json()).toMatchObject({
      code: 200,
      msg: 'Operation successful',
      data: { rows: expect.any(Array), total: expect.any(Number) },
    });
    expect((await managerZh('POST', '/sbuilding/project/getList', {})).json().msg).toBe('操作成功');
  });

  it('names the invalid field and its rule, in the language asked', async () => {
    const en = await manager('PUT', '/sbuilding/project/create', { status: 'new', address: 'X' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toMatch(/Project name/);
  });

  it('answers 401 without a credential, and 404 alike for a row that does not exist and one of another tenant', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/getInfo' });
    expect(anonymous.json()).toEqual({
      code: 401,
      msg: 'Authentication failed, cannot access system resources',
      data: null,
    });
    const missing = await manager('GET', '/sbuilding/project/999999');
    expect(missing.json()).toEqual({ code: 404, msg: 'Resource not found', data: null });
  });

  it('pages with pageNum and pageSize, and refuses a stale version with 409', async () => {
    const projects = (await manager('POST', '/sbuilding/project/getList', {})).json().data.rows;
    const project = projects[0];
    // The demo campus has two buildings: a page of one holds one, and says there are two.
    const page = (
      await manager('POST', '/sbuilding/hall/getList', { projectId: project.id, pageNum: 1, pageSize: 1 })
    ).json();
    expect(page.data.rows).toHaveLength(1);
    expect(page.data.total).toBe(2);
    const body = { projectName: project.projectName, status: project.status, address: project.address };
    const saved = await manager('POST', `/sbuilding/project/save/${project.id}`, {
      ...body,
      version: project.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await manager('POST', `/sbuilding/project/save/${project.id}`, {
      ...body,
      version: project.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});
