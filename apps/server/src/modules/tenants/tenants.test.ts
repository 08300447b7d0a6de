import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createTenant } from '../../test/tenants.js';
import { users } from '../users/tables.js';
import { tenants } from './tables.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('admin', 'admin123');
  admin = as(t, token);
  adminZh = as(t, token, 'ZH');
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
const getInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/getInfo', headers: { authorization: `Bearer ${token}` } });
const tenantNamed = async (name: string) => t.app.db.select().from(tenants).where(eq(tenants.name, name));

/** A tenant made through the API, with its first administrator `{prefix}_admin` (password secret123). */
async function newTenant(name: string, prefix: string) {
  const body = {
    name,
    admin: { userName: `${prefix}_admin`, nickName: `${name} admin`, password: 'secret123' },
  };
  const res = await admin('PUT', '/sbuilding/tenant/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('tenants', () => {
  it('creates a tenant with its first tbAdmin, who signs in to that tenant', async () => {
    const body = {
      name: 'Acme',
      contactName: 'Ann',
      contactPhone: '13800138000',
      admin: { userName: 'acme_admin', nickName: 'Acme admin', password: 'secret123', email: 'a@acme.test' },
    };
    const res = await admin('PUT', '/sbuilding/tenant/create', body);
    expect(res.json().data).toMatchObject({
      name: 'Acme',
      contactName: 'Ann',
      contactPhone: '13800138000',
      status: '0',
      admins: ['acme_admin'],
      userCount: 1,
      projectCount: 0,
      version: 1,
      createTime: expect.any(String),
    });
    const info = (await getInfo(await t.login('acme_admin', 'secret123'))).json().data;
    expect(info).toMatchObject({
      roles: ['tbAdmin'],
      user: { deptId: res.json().data.id, email: 'a@acme.test' },
    });
  });

  it('creates neither the tenant nor the user when the username is taken', async () => {
    const body = {
      name: 'Rolled Back',
      admin: { userName: 'MANAGER', nickName: 'M', password: 'secret123' },
    };
    const res = await admin('PUT', '/sbuilding/tenant/create', body);
    expect(res.json()).toEqual({ code: 400, msg: 'The username [MANAGER] already exists', data: null });
    expect(await tenantNamed('Rolled Back')).toEqual([]);
  });

  it('refuses a duplicate tenant name and a bad administrator, in each language, storing nothing', async () => {
    await newTenant('Twice', 'twice');
    const again = { name: 'Twice', admin: { userName: 'twice2', nickName: 'T', password: 'secret123' } };
    expect((await admin('PUT', '/sbuilding/tenant/create', again)).json().msg).toBe(
      'The tenant [Twice] already exists',
    );
    expect((await adminZh('PUT', '/sbuilding/tenant/create', again)).json().msg).toBe('租户【Twice】已存在');
    const bad = { name: 'Bad Admin', admin: { userName: 'bad_admin', nickName: 'B', password: '123' } };
    expect((await admin('PUT', '/sbuilding/tenant/create', bad)).json().msg).toBe(
      'Password length must be between 6 and 20 characters',
    );
    expect((await adminZh('PUT', '/sbuilding/tenant/create', { name: 'No Admin' })).json().msg).toBe(
      '租户管理员不能为空',
    );
    expect((await admin('PUT', '/sbuilding/tenant/create', { ...bad, name: '' })).json().msg).toBe(
      'Name is required',
    );
    expect(await tenantNamed('Bad Admin')).toEqual([]);
  });

  it('lists tenants with their administrators and user and project counts, filtered by name and status', async () => {
    const list = (await admin('POST', '/sbuilding/tenant/getList', { name: 'demo' })).json().data;
    expect(list).toMatchObject({
      total: 1,
      rows: [{ name: 'Demo Tenant', admins: ['manager'], userCount: 4, projectCount: 1, status: '0' }],
    });
    const disabled = (await admin('POST', '/sbuilding/tenant/getList', { status: '1' })).json().data;
    expect(disabled.rows.map((r: { status: string }) => r.status)).not.toContain('0');
    const one = await admin('GET', `/sbuilding/tenant/${list.rows[0].id}`);
    expect(one.json().data).toEqual(list.rows[0]);
  });

  it('saves a tenant with the version read, and refuses a stale one with 409', async () => {
    const tenant = await newTenant('Versioned', 'versioned');
    const body = { name: 'Versioned Ltd', status: '0', version: tenant.version };
    const saved = await admin('POST', `/sbuilding/tenant/save/${tenant.id}`, body);
    expect(saved.json().data).toMatchObject({ name: 'Versioned Ltd', version: tenant.version + 1 });
    const stale = await admin('POST', `/sbuilding/tenant/save/${tenant.id}`, { ...body, name: 'Lost' });
    expect(stale.json()).toEqual({
      code: 409,
      msg: 'The data was changed by someone else, please reload and try again',
      data: null,
    });
    expect((await admin('GET', `/sbuilding/tenant/${tenant.id}`)).json().data.name).toBe('Versioned Ltd');
  });

  it("disabling a tenant ends its users' sessions and keeps them out until it is enabled again", async () => {
    const tenant = await newTenant('Locked', 'locked');
    const token = await t.login('locked_admin', 'secret123');
    const body = { name: 'Locked', status: '1', version: tenant.version };
    expect((await admin('POST', `/sbuilding/tenant/save/${tenant.id}`, body)).statusCode).toBe(200);
    expect((await getInfo(token)).statusCode).toBe(401);
    expect((await signIn('locked_admin', 'secret123')).json()).toEqual({
      code: 400,
      msg: 'This account is disabled, please contact the administrator',
      data: null,
    });
    expect((await signIn('locked_admin', 'wrong-password')).json().msg).toBe(
      'Incorrect username or password',
    );
    const enable = { ...body, status: '0', version: tenant.version + 1 };
    expect((await admin('POST', `/sbuilding/tenant/save/${tenant.id}`, enable)).statusCode).toBe(200);
    expect((await signIn('locked_admin', 'secret123')).statusCode).toBe(200);
  });

  it('refuses a live session once its tenant is disabled, even when the sessions were not ended', async () => {
    const tenant = await newTenant('Bypassed', 'bypassed');
    const token = await t.login('bypassed_admin', 'secret123');
    await t.app.db.update(tenants).set({ status: '1' }).where(eq(tenants.id, tenant.id));
    expect((await getInfo(token)).statusCode).toBe(401);
  });

  it('refuses deleting a tenant that still has users or projects, in each language, and loses nothing', async () => {
    const list = (await admin('POST', '/sbuilding/tenant/getList', { name: 'Demo Tenant' })).json().data;
    const demo = list.rows[0];
    const msg = 'This tenant still holds users, projects or files; remove them before deleting the tenant';
    expect((await admin('DELETE', `/sbuilding/tenant/del/${demo.id}`)).json()).toEqual({
      code: 409,
      msg,
      data: null,
    });
    expect((await adminZh('DELETE', `/sbuilding/tenant/del/${demo.id}`)).json().msg).toBe(
      '该租户下仍有用户、项目或文件，请先删除它们再删除租户',
    );
    expect((await admin('GET', `/sbuilding/tenant/${demo.id}`)).json().data).toEqual(demo);
  });

  it('deletes a tenant whose users were all deleted, and their kept rows with it', async () => {
    const tenant = await newTenant('Emptied', 'emptied');
    const [user] = await t.app.db.select().from(users).where(eq(users.username, 'emptied_admin'));
    expect((await admin('DELETE', `/sbuilding/tenant/del/${tenant.id}`)).statusCode).toBe(409);
    expect((await admin('DELETE', `/sbuilding/user/del/${user?.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/sbuilding/tenant/del/${tenant.id}`)).statusCode).toBe(200);
    expect(await tenantNamed('Emptied')).toEqual([]);
    expect(await t.app.db.select().from(users).where(eq(users.username, 'emptied_admin'))).toEqual([]);
    expect((await admin('GET', `/sbuilding/tenant/${tenant.id}`)).statusCode).toBe(404);
  });

  it('refuses a tbAdmin every tenant call with 403', async () => {
    const { tenantId } = await createTenant(t, 'Untouched', []);
    const manager = as(t, await t.login('manager', 'manager123'));
    const calls: [Parameters<typeof manager>[0], string, object?][] = [
      ['POST', '/sbuilding/tenant/getList', {}],
      ['GET', `/sbuilding/tenant/${tenantId}`],
      [
        'PUT',
        '/sbuilding/tenant/create',
        { name: 'X', admin: { userName: 'xx', nickName: 'X', password: 'secret1' } },
      ],
      ['POST', `/sbuilding/tenant/save/${tenantId}`, { name: 'Taken over', status: '1', version: 1 }],
      ['DELETE', `/sbuilding/tenant/del/${tenantId}`],
    ];
    const before = await tenantNamed('Untouched');
    for (const [method, url, payload] of calls) {
      const res = await manager(method, url, payload);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 403,
        msg: 'No permission for this operation',
        data: null,
      });
    }
    expect(await tenantNamed('Untouched')).toEqual(before);
    expect(await tenantNamed('X')).toEqual([]);
  });
});
