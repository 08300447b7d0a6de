import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { as, createTenant } from '../test/tenants.js';
import { projects } from '../modules/projects/tables.js';

/**
 * What every route gets before its own validation (platform/body.ts, error-handler.ts, the protected
 * context's onRequest check). Runs on either database: U+0000 is what
 * PostgreSQL's text and jsonb refuse.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let displayToken: string;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  displayToken = await t.login('display', 'display123');
  display = as(t, displayToken);
});
afterAll(() => t.close());

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

describe('U+0000 in a string', () => {
  it('answers 400 naming the field before sign-in (POST /login), in each language', async () => {
    const body = JSON.stringify({ username: 'a\u0000b', password: 'x' });
    const en = await post('/login', body);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 400, msg: 'Username is invalid', data: null });
    const zh = await post('/login', body, { lang: 'ZH' });
    expect(zh.json().msg).toBe('用户名格式不正确');
  });

  it('answers 400 in a signed-in body, nested ones included, and stores nothing', async () => {
    const create = await manager('PUT', '/sbuilding/project/create', {
      projectName: 'nul\u0000project',
      timeZone: 'Asia/Shanghai',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().msg).toBe('Project name is invalid');
    const stored = await t.app.db.select().from(projects).where(like(projects.projectName, 'nul%'));
    expect(stored).toEqual([]);

    const admin = as(t, await t.login('admin', 'admin123'));
    const nested = await admin('POST', '/system/dict/data', {
      dictType: 'sb_zone_type',
      items: [{ dictLabel: 'x\u0000' }],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toMatch(/is invalid$/);
  });

  it('answers 400 in a query string and in a path', async () => {
    const query = await manager('GET', '/system/dict/data/list?dictType=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().msg).toMatch(/is invalid$/);
    const path = await manager('GET', '/system/dict/data/type/a%00b');
    expect(path.statusCode).toBe(400);
  });

  it('accepts the escaped text "\\u0000" written out (a backslash, not the character)', async () => {
    const res = await post('/login', JSON.stringify({ username: 'a\\u0000b', password: 'x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toBe('Username is invalid');
  });
});

describe('request bodies', () => {
  it('answers a body over the limit with 413 and says how much is accepted, in each language', async () => {
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024 + 10) });
    const en = await post('/login', big);
    expect(en.statusCode).toBe(413);
    expect(en.json()).toEqual({
      code: 413,
      msg: 'The request is too large: at most 1 MiB is accepted',
      data: null,
    });
    const zh = await post('/login', big, { lang: 'ZH' });
    expect(zh.json().msg).toBe('请求内容过大：最多接受 1 MiB');
  });

  it('names malformed JSON as the request body, in each language', async () => {
    const bad = await post('/login', '{"username": ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('Request body is invalid');
    const zh = await post('/login', '{"username": ', { lang: 'ZH' });
    expect(zh.json().msg).toBe('请求体格式不正确');
  });

  it('accepts a body-less call sent with Content-Type: application/json', async () => {
    const token = await t.login('manager', 'manager123');
    const res = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const list = await manager('GET', '/system/dict/data/type/sb_zone_type', undefined, {
      'content-type': 'application/json',
    });
    expect(list.statusCode).toBe(200);
  });

  it('still asks for a body where a route needs one', async () => {
    const res = await post('/login', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Request body is required');
  });

  it('refuses prototype poisoning as before', async () => {
    const res = await post('/login', '{"username":"a","password":"b","__proto__":{"x":1}}');
    expect(res.statusCode).toBe(400);
  });

  it('answers another content type with 415', async () => {
    const res = await post('/login', '<username>a</username>', { 'content-type': 'application/xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('Unsupported content type: send JSON (application/json)');
  });
});

describe('the permission comes before the body', () => {
  it('refuses a command from a display user before reading the body (no schema, no device facts)', async () => {
    const garbage = await display('POST', '/sbuilding/dev-rpccmd/sendCmd', { method: 'nonsense' });
    expect(garbage.statusCode).toBe(403);
    expect(garbage.json().msg).toBe('No operation permission !');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/sbuilding/dev-rpccmd/sendCmd',
      payload: '{',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${displayToken}`,
      },
    });
    expect(malformed.statusCode).toBe(403);
  });

  it('answers a display user the same 403 for a gateway and for any other device on reboot-ba', async () => {
    for (const id of [1, 2, 999999]) {
      const res = await display('POST', `/sbuilding/dev-rpccmd/reboot-ba/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe('No operation permission !');
    }
  });

  it('refuses a weixin customer on the API key calls before validating the body', async () => {
    await createTenant(t, 'Weixin tenant', [{ username: 'wxbody', role: 'tbWeixinCustomer' }]);
    const wx = as(t, await t.login('wxbody', 'wxbody123'));
    const res = await wx('PUT', '/sbuilding/api-key/create', { days: 'many' });
    expect(res.statusCode).toBe(403);
  });
});
