import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object, lang = 'EN') =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, lang } });

describe('the profile', () => {
  it('returns the user with its role group and tenant name', async () => {
    const token = await t.login('manager', 'manager123');
    const { data } = (await call('GET', '/system/user/profile', token)).json();
    expect(data).toMatchObject({
      user: { userName: 'manager', nickName: 'Manager' },
      roleGroup: 'tbAdmin',
      deptName: 'Demo Tenant',
    });
  });

  it('lets every demo user save the profile as it is (plausible e-mail and phone, no inventing)', async () => {
    for (const [username, password] of [
      ['admin', 'admin123'],
      ['manager', 'manager123'],
      ['customer', 'customer123'],
      ['display', 'display123'],
    ] as const) {
      const token = await t.login(username, password);
      const { user } = (await call('GET', '/system/user/profile', token)).json().data;
      const body = { nickName: user.nickName, email: user.email, phonenumber: user.phonenumber };
      const res = await call('PUT', '/system/user/profile', token, body);
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
      expect(user.email).toBe(`${username}@example.com`);
    }
  });

  it('updates nickname, email and phone, and getInfo then shows them', async () => {
    const token = await t.login('customer', 'customer123');
    const body = { nickName: 'Cust', email: 'cust@example.com', phonenumber: '13800138000' };
    const res = await call('PUT', '/system/user/profile', token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(body);
    const info = (await call('GET', '/getInfo', token)).json();
    expect(info.data.user).toMatchObject(body);
  });

  it('refuses a malformed email with 400 and the email message, in each language', async () => {
    const token = await t.login('customer', 'customer123');
    const body = { nickName: 'Cust', email: 'not-an-email', phonenumber: '13800138000' };
    const en = await call('PUT', '/system/user/profile', token, body);
    expect(en.json()).toEqual({ code: 400, msg: 'Please enter a correct email address', data: null });
    const zh = await call('PUT', '/system/user/profile', token, body, 'ZH');
    expect(zh.json().msg).toBe('请输入正确的邮箱地址');
  });

  it('refuses an empty nickname, naming the field', async () => {
    const token = await t.login('customer', 'customer123');
    const body = { nickName: ' ', email: 'cust@example.com', phonenumber: '13800138000' };
    expect((await call('PUT', '/system/user/profile', token, body)).json().msg).toBe('Nickname is required');
  });
});

describe('the password change', () => {
  it('refuses a wrong old password with 400', async () => {
    const token = await t.login('display', 'display123');
    const res = await call('PUT', '/system/user/profile/updatePwd', token, {
      oldPassword: 'wrong',
      newPassword: 'display456',
    });
    expect(res.json()).toEqual({ code: 400, msg: 'The old password is wrong', data: null });
  });

  it('refuses a new password outside 6-20 characters', async () => {
    const token = await t.login('display', 'display123');
    const res = await call('PUT', '/system/user/profile/updatePwd', token, {
      oldPassword: 'display123',
      newPassword: '12345',
    });
    expect(res.json()).toEqual({
      code: 400,
      msg: 'Password length must be between 6 and 20 characters',
      data: null,
    });
  });

  it('ends every other session of the user, keeps the current one, and the new password signs in', async () => {
    const other = await t.login('display', 'display123');
    const current = await t.login('display', 'display123');
    const res = await call('PUT', '/system/user/profile/updatePwd', current, {
      oldPassword: 'display123',
      newPassword: 'display456',
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/getInfo', other)).statusCode).toBe(401);
    expect((await call('GET', '/getInfo', current)).statusCode).toBe(200);
    await expect(t.login('display', 'display123')).rejects.toThrow(/400/);
    expect(await t.login('display', 'display456')).toEqual(expect.any(String));
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/system/user/profile' });
    expect(res.statusCode).toBe(401);
  });
});
