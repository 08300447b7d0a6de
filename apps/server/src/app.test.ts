import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig } from './platform/env.js';
import { seedDemo } from './modules/seed/demo.js';
import { createTestApp, type TestApp } from './test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A route that fails the way a bug would, to see what a client gets.
  t.app.get('/test/boom', { config: { access: { public: 'a test route that fails' } } }, async () => {
    throw new Error('secret detail at /srv/app.ts:42');
  });
});
afterAll(() => t.close());

describe('the API envelope', () => {
  it('answers /health with 503 while the server is still starting, and API calls with 503 too', async () => {
    const starting = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      logger: false,
    });
    try {
      const health = await starting.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'starting' });
      const login = await starting.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'a', password: 'b' },
      });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ code: 503 });
    } finally {
      await starting.close();
    }
  });

  // A whole first start on a new embedded database (its creation, the migrations, the demo seed): over 30 s
  // when the suite shares the two cores with the browser files.
  it(
    'keeps /health and sign-in at 503 from opening the database until the seed is done, then signs in',
    { timeout: 120_000 },
    async () => {
      const uploadDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-uploads-'));
      onTestFinished(() => fs.promises.rm(uploadDir, { recursive: true, force: true }));
      const starting = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          CAPTCHA_ENABLED: 'false',
          UPLOAD_DIR: uploadDir,
        }),
        logger: false,
      });
      const signIn = () =>
        starting.inject({
          method: 'POST',
          url: '/login',
          payload: { username: 'manager', password: 'manager123' },
        });
      try {
        const db = await starting.openDb({});
        // The window main.ts has between opening the database and the end of the demo seed: a client that
        // trusted /health here signed in before the users existed and was told its password was wrong.
        expect((await starting.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
        expect((await signIn()).json()).toMatchObject({ code: 503 });
        await seedDemo(db, starting.log, starting.files.store);
        starting.markStarted();
        expect((await starting.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
        expect((await signIn()).statusCode).toBe(200);
        // Background services that read the database wait for it: the demo's three threshold rules are
        // loaded although the server was ready (listening) before the database opened, as main.ts does it.
        await starting.ruleEvaluator.idle();
        expect(starting.ruleEvaluator.ruleCount).toBe(3);
      } finally {
        await starting.close();
      }
    },
  );

  it('answers /health with 200 and status ok once start-up is done', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('wraps data in {code, msg, data} with code equal to the HTTP status, in English by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/captchaImage' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg']);
    expect(body.code).toBe(200);
    expect(body.msg).toBe('Operation successful');
  });

  it('answers in Chinese when the Lang header is ZH', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/captchaImage', headers: { lang: 'ZH' } });
    expect(res.json().msg).toBe('操作成功');
  });

  it('answers a validation failure with 400 naming the field, in each language', async () => {
    const payload = { username: '   ', password: 'x', code: 'abcd', uuid: '' };
    const en = await t.app.inject({ method: 'POST', url: '/login', payload, headers: { lang: 'EN' } });
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ code: 400, msg: 'Username is required', data: null });
    const zh = await t.app.inject({ method: 'POST', url: '/login', payload, headers: { lang: 'ZH' } });
    expect(zh.json()).toEqual({ code: 400, msg: '用户名不能为空', data: null });
  });

  it('names a missing field as required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: { username: 'admin' } });
    expect(res.json()).toMatchObject({ code: 400, msg: 'Password is required' });
  });

  it('answers an unexpected error with a generic 500 and no detail or stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/boom', headers: { lang: 'ZH' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '系统未知错误，请反馈给管理员', data: null });
    expect(res.body).not.toMatch(/secret detail|\.ts:|stack/);
  });

  it('answers a protected call without a token with 401 and the spec message, in each language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/getInfo' });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toEqual({
      code: 401,
      msg: 'Authentication failed, cannot access system resources',
      data: null,
    });
    const zh = await t.app.inject({ method: 'GET', url: '/getInfo', headers: { lang: 'ZH' } });
    expect(zh.json().msg).toBe('认证失败，无法访问系统资源');
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only the console own scripts, and nosniff, on API and error responses', async () => {
    for (const url of ['/health', '/getInfo', '/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
