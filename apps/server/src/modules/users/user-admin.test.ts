import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { users } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let demoTenant: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  admin = as(t, await t.login('admin', 'admin123'));
  demoTenant = await demoTenantId(t);
});
afterAll(() => t.close());

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/login', payload: { username, password } });
const getInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/getInfo', headers: { authorization: `Bearer ${token}` } });

let serial = 0;
/** A new tbCustomer of the demo tenant, created by its manager through the API. */
async function newUser(extra: object = {}) {
  serial += 1;
  const body = {
    userName: `user${serial}`,
    nickName: `User ${serial}`,
    password: 'secret123',
    role: 'tbCustomer',
  };
  const res = await manager('PUT', '/sbuilding/user/create', { ...body, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('the user list', () => {
  it("shows a tenant administrator its tenant's users with role, department and create time, never a hash", async () => {
    const res = await manager('POST', '/sbuilding/user/getList', { pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json().data;
    expect(rows.map((r: { userName: string }) => r.userName)).toEqual(
      expect.arrayContaining(['manager', 'customer', 'display']),
    );
    expect(rows.map((r: { userName: string }) => r.userName)).not.toContain('admin');
    expect(total).toBe(rows.length);
    expect(rows.find((r: { userName: string }) => r.userName === 'customer')).toMatchObject({
      role: 'tbCustomer',
      deptId: demoTenant,
      deptName: 'Demo Tenant',
      blacklisted: false,
      version: expect.any(Number),
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('filters by username and phone (contains), role and blacklist flag', async () => {
    const phoned = await newUser({ phonenumber: '13912345678', role: 'tbVisualDisplay' });
    const names = async (filter: object) =>
      (await manager('POST', '/sbuilding/user/getList', { pageSize: 100, ...filter }))
        .json()
        .data.rows.map((r: { userName: string }) => r.userName);
    expect(await names({ userName: 'MANAG' })).toEqual(['manager']);
    expect(await names({ phonenumber: '1234567' })).toEqual([phoned.userName]);
    expect(await names({ role: 'tbVisualDisplay' })).toEqual(
      expect.arrayContaining(['display', phoned.userName]),
    );
    expect(await names({ role: 'tbVisualDisplay' })).not.toContain('customer');
    expect(await names({ blacklisted: true })).toEqual([]);
  });

  it("lets the admin see every tenant's users, or one tenant's with tenantId", async () => {
    const { tenantId } = await createTenant(t, 'Listed Tenant', [{ username: 'listed', role: 'tbCustomer' }]);
    const all = (await admin('POST', '/sbuilding/user/getList', { pageSize: 500 })).json().data.rows;
    expect(all.map((r: { userName: string }) => r.userName)).toEqual(
      expect.arrayContaining(['admin', 'manager', 'listed']),
    );
    const one = (await admin('POST', '/sbuilding/user/getList', { tenantId })).json().data;
    expect(one).toMatchObject({ total: 1, rows: [{ userName: 'listed', deptName: 'Listed Tenant' }] });
  });
});

describe('creating, reading and saving users', () => {
  it("creates a user in the caller's tenant, who can then sign in", async () => {
    const created = await newUser({ email: 'u@example.com', sex: '1', blacklisted: false });
    expect(created).toMatchObject({
      deptId: demoTenant,
      role: 'tbCustomer',
      sex: '1',
      email: 'u@example.com',
    });
    expect((await signIn(created.userName, 'secret123')).statusCode).toBe(200);
    const read = await manager('GET', `/sbuilding/user/${created.userId}`);
    expect(read.json().data).toEqual(created);
  });

  it('saves a user with the version read and answers the new version', async () => {
    const user = await newUser();
    const body = { nickName: 'Renamed', role: 'tbVisualDisplay', sex: '0', version: user.version };
    const res = await manager('POST', `/sbuilding/user/save/${user.userId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      nickName: 'Renamed',
      role: 'tbVisualDisplay',
      version: user.version + 1,
    });
  });

  it("ends a user's sessions when its role changes, so its limits match the new role", async () => {
    const user = await newUser();
    const token = await t.login(user.userName, 'secret123');
    const body = { nickName: user.nickName, role: 'tbAdmin', version: user.version };
    expect((await manager('POST', `/sbuilding/user/save/${user.userId}`, body)).statusCode).toBe(200);
    expect((await getInfo(token)).statusCode).toBe(401);
    const info = (await getInfo(await t.login(user.userName, 'secret123'))).json().data;
    expect(info.roles).toEqual(['tbAdmin']);
  });

  it('lets only the admin create an admin account, which belongs to no tenant', async () => {
    const body = { userName: 'second_admin', nickName: 'Second', password: 'secret123', role: 'admin' };
    const refused = await manager('PUT', '/sbuilding/user/create', body);
    expect(refused.json()).toEqual({
      code: 403,
      msg: 'Only a platform administrator can give or change the admin role',
      data: null,
    });
    const res = await admin('PUT', '/sbuilding/user/create', { ...body, deptId: demoTenant });
    expect(res.json().data).toMatchObject({ role: 'admin', deptId: null });
  });

  it('makes the admin name the department of a tenant user', async () => {
    const body = { userName: 'nodept', nickName: 'No dept', password: 'secret123', role: 'tbCustomer' };
    const res = await admin('PUT', '/sbuilding/user/create', body);
    expect(res.json()).toEqual({
      code: 400,
      msg: 'Choose the department (tenant) the user belongs to',
      data: null,
    });
    const placed = await admin('PUT', '/sbuilding/user/create', { ...body, deptId: demoTenant });
    expect(placed.json().data).toMatchObject({ deptId: demoTenant, deptName: 'Demo Tenant' });
  });
});

describe('passwords, blacklist and deletion', () => {
  it("resets a password: the user's sessions end, the old password fails and the new one works", async () => {
    const user = await newUser();
    const token = await t.login(user.userName, 'secret123');
    const res = await manager('POST', `/sbuilding/user/resetPwd/${user.userId}`, { password: 'fresh456' });
    expect(res.statusCode).toBe(200);
    expect((await getInfo(token)).statusCode).toBe(401);
    expect((await signIn(user.userName, 'secret123')).statusCode).toBe(400);
    expect((await signIn(user.userName, 'fresh456')).statusCode).toBe(200);
  });

  it("blacklisting answers 401 to the user's token at once and refuses its sign-in; lifting it lets it back", async () => {
    const user = await newUser();
    const token = await t.login(user.userName, 'secret123');
    const res = await manager('POST', `/sbuilding/user/blacklist/${user.userId}`, { blacklisted: true });
    expect(res.json().data).toMatchObject({ blacklisted: true });
    expect((await getInfo(token)).statusCode).toBe(401);
    expect((await signIn(user.userName, 'secret123')).json()).toEqual({
      code: 400,
      msg: 'This account is disabled, please contact the administrator',
      data: null,
    });
    await manager('POST', `/sbuilding/user/blacklist/${user.userId}`, { blacklisted: false });
    expect((await signIn(user.userName, 'secret123')).statusCode).toBe(200);
  });

  it('blacklists through a save too, ending the sessions', async () => {
    const user = await newUser();
    const token = await t.login(user.userName, 'secret123');
    const body = { nickName: user.nickName, role: user.role, blacklisted: true, version: user.version };
    expect((await manager('POST', `/sbuilding/user/save/${user.userId}`, body)).statusCode).toBe(200);
    expect((await getInfo(token)).statusCode).toBe(401);
    expect(
      (await manager('POST', '/sbuilding/user/getList', { blacklisted: true })).json().data.rows,
    ).toEqual([expect.objectContaining({ userName: user.userName })]);
  });

  it('deletes a user: its token and sign-in stop, it leaves the list, and its row stays with its name taken', async () => {
    const user = await newUser();
    const token = await t.login(user.userName, 'secret123');
    expect((await manager('DELETE', `/sbuilding/user/del/${user.userId}`)).statusCode).toBe(200);
    expect((await getInfo(token)).statusCode).toBe(401);
    expect((await signIn(user.userName, 'secret123')).json().msg).toBe('Incorrect username or password');
    expect((await manager('GET', `/sbuilding/user/${user.userId}`)).statusCode).toBe(404);
    expect((await manager('DELETE', `/sbuilding/user/del/${user.userId}`)).statusCode).toBe(404);
    const list = (await manager('POST', '/sbuilding/user/getList', { userName: user.userName })).json().data;
    expect(list.total).toBe(0);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = {
      userName: user.userName.toUpperCase(),
      nickName: 'Again',
      password: 'secret123',
      role: 'tbCustomer',
    };
    expect((await manager('PUT', '/sbuilding/user/create', again)).json().msg).toBe(
      `The username [${again.userName}] belonged to a deleted user and cannot be used again`,
    );
  });
});

describe('who may administer users', () => {
  it('refuses a tbCustomer (no sbuilding:tools:tenant) every user-administration call with 403', async () => {
    const customer = as(t, await t.login('customer', 'customer123'));
    const [display] = await t.app.db.select().from(users).where(eq(users.username, 'display'));
    const id = display?.id ?? 0;
    const calls: [Parameters<typeof customer>[0], string, object?][] = [
      ['POST', '/sbuilding/user/getList', {}],
      ['GET', `/sbuilding/user/${id}`],
      [
        'PUT',
        '/sbuilding/user/create',
        { userName: 'sneaky', nickName: 'S', password: 'secret1', role: 'tbAdmin' },
      ],
      ['POST', `/sbuilding/user/save/${id}`, { nickName: 'X', role: 'tbAdmin', version: 1 }],
      ['POST', `/sbuilding/user/resetPwd/${id}`, { password: 'hacked1' }],
      ['POST', `/sbuilding/user/blacklist/${id}`, { blacklisted: true }],
      ['DELETE', `/sbuilding/user/del/${id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await customer(method, url, payload);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 403,
        msg: 'No permission for this operation',
        data: null,
      });
    }
    const [after] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(after).toEqual(display);
  });
});
