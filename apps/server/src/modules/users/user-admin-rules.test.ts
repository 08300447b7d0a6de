import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { users } from './tables.js';

/** Spec section 5 (Users) and the rules of user administration, as the server answers them. */

let t: TestApp;
let en: ReturnType<typeof as>;
let zh: ReturnType<typeof as>;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  en = as(t, token);
  zh = as(t, token, 'ZH');
  const [row] = await t.app.db.select().from(users).where(eq(users.username, 'manager'));
  managerId = row?.id ?? 0;
});
afterAll(() => t.close());

const valid = { userName: 'rule_user', nickName: 'Rule', password: 'secret123', role: 'tbCustomer' };

/** Both languages' answers to one request: [EN msg, ZH msg]; the status must be `status` in both. */
async function messages(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  status = 400,
): Promise<[string, string]> {
  const answers = [await en(method, url, payload), await zh(method, url, payload)];
  for (const res of answers) expect(res.statusCode, res.body).toBe(status);
  return [answers[0]?.json().msg, answers[1]?.json().msg];
}

describe('the user form rules', () => {
  it.each([
    [
      'a username of one character',
      { userName: 'a' },
      'Username must be 2 to 30 characters: letters, digits, _ . or -',
      '用户名须为 2 到 30 个字符，只能包含字母、数字、_ . 或 -',
    ],
    [
      'a username with a space',
      { userName: 'jane doe' },
      'Username must be 2 to 30 characters: letters, digits, _ . or -',
      '用户名须为 2 到 30 个字符，只能包含字母、数字、_ . 或 -',
    ],
    ['no username', { userName: '' }, 'Username is required', '用户名不能为空'],
    ['a blank nickname', { nickName: ' ' }, 'Nickname is required', '用户昵称不能为空'],
    ['a malformed email', { email: 'jane@' }, 'Please enter a correct email address', '请输入正确的邮箱地址'],
    [
      'a malformed phone',
      { phonenumber: '12345' },
      'Please enter a correct phone number',
      '请输入正确的手机号码',
    ],
    [
      'a 5-character password',
      { password: '12345' },
      'Password length must be between 6 and 20 characters',
      '密码长度必须介于 6 和 20 之间',
    ],
    [
      'a 21-character password',
      { password: 'x'.repeat(21) },
      'Password length must be between 6 and 20 characters',
      '密码长度必须介于 6 和 20 之间',
    ],
    ['no role', { role: '' }, 'Role is required', '角色不能为空'],
    ['an unknown role', { role: 'root' }, 'Role is invalid', '角色格式不正确'],
    ['an unknown gender', { sex: '3' }, 'Gender is invalid', '性别格式不正确'],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, 'Avatar is invalid', '头像格式不正确'],
  ])('refuses %s on create, in each language', async (_name, change, msgEn, msgZh) => {
    expect(await messages('PUT', '/sbuilding/user/create', { ...valid, ...change })).toEqual([msgEn, msgZh]);
  });

  it('refuses a username taken by another user, whatever its case, in each language', async () => {
    expect(await messages('PUT', '/sbuilding/user/create', { ...valid, userName: 'Customer' })).toEqual([
      'The username [Customer] already exists',
      '用户名【Customer】已存在',
    ]);
  });

  it('refuses a save without version, and a reset password outside 6-20, in each language', async () => {
    const save = { nickName: 'X', role: 'tbAdmin' };
    expect(await messages('POST', `/sbuilding/user/save/${managerId}`, save)).toEqual([
      'Version is required',
      '版本不能为空',
    ]);
    expect(await messages('POST', `/sbuilding/user/resetPwd/${managerId}`, { password: '123' })).toEqual([
      'Password length must be between 6 and 20 characters',
      '密码长度必须介于 6 和 20 之间',
    ]);
    expect(await messages('POST', `/sbuilding/user/blacklist/${managerId}`, {})).toEqual([
      'Blacklist is required',
      '黑名单不能为空',
    ]);
  });

  it('stores nothing when a rule fails', async () => {
    await en('PUT', '/sbuilding/user/create', { ...valid, email: 'bad' });
    expect(await t.app.db.select().from(users).where(eq(users.username, valid.userName))).toEqual([]);
  });
});

describe('concurrent edits', () => {
  it('refuses the later save of a stale copy with 409 and keeps the first save', async () => {
    const user = (await en('PUT', '/sbuilding/user/create', { ...valid, userName: 'stale_user' })).json()
      .data;
    const first = { nickName: 'First', role: 'tbCustomer', version: user.version };
    const second = { nickName: 'Second', role: 'tbCustomer', version: user.version };
    expect((await en('POST', `/sbuilding/user/save/${user.userId}`, first)).statusCode).toBe(200);
    const [msgEn, msgZh] = await messages('POST', `/sbuilding/user/save/${user.userId}`, second, 409);
    expect(msgEn).toBe('The data was changed by someone else, please reload and try again');
    expect(msgZh).toBe('数据已被他人修改，请刷新后重试');
    expect((await en('GET', `/sbuilding/user/${user.userId}`)).json().data.nickName).toBe('First');
  });
});

describe('what nobody may do to themselves', () => {
  const self = () => `/sbuilding/user/save/${managerId}`;
  const version = async () => (await en('GET', `/sbuilding/user/${managerId}`)).json().data.version;

  it('refuses changing your own role, in each language, but lets you save your other fields', async () => {
    const body = { nickName: 'Manager', role: 'tbCustomer', version: await version() };
    expect(await messages('POST', self(), body)).toEqual([
      'You cannot change your own role',
      '不能修改自己的角色',
    ]);
    const keep = {
      nickName: 'Manager',
      role: 'tbAdmin',
      phonenumber: '13800138000',
      version: await version(),
    };
    expect((await en('POST', self(), keep)).statusCode).toBe(200);
  });

  it('refuses blacklisting yourself, through a save or the blacklist call, in each language', async () => {
    const body = { nickName: 'Manager', role: 'tbAdmin', blacklisted: true, version: await version() };
    const expected = ['You cannot blacklist yourself', '不能将自己加入黑名单'];
    expect(await messages('POST', self(), body)).toEqual(expected);
    expect(await messages('POST', `/sbuilding/user/blacklist/${managerId}`, { blacklisted: true })).toEqual(
      expected,
    );
  });

  it('refuses deleting yourself, in each language, and you stay signed in', async () => {
    expect(await messages('DELETE', `/sbuilding/user/del/${managerId}`)).toEqual([
      'You cannot delete your own account',
      '不能删除自己的账号',
    ]);
    expect((await en('GET', `/sbuilding/user/${managerId}`)).statusCode).toBe(200);
  });

  it('keeps your own session when you reset your own password', async () => {
    const res = await en('POST', `/sbuilding/user/resetPwd/${managerId}`, { password: 'manager456' });
    expect(res.statusCode).toBe(200);
    expect((await en('GET', `/sbuilding/user/${managerId}`)).statusCode).toBe(200);
    expect(await t.login('manager', 'manager456')).toEqual(expect.any(String));
  });
});
