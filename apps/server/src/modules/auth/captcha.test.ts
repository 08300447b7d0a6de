import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { CONFIG_KEYS } from '../system/config.js';
import { clearConfigCache } from '../system/config-cache.js';
import { sysConfig } from '../system/tables.js';
import { captchas } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: Record<string, string>, lang = 'EN') =>
  t.app.inject({ method: 'POST', url: '/login', payload, headers: { lang } });

describe('GET /captchaImage', () => {
  it('returns an SVG data URL and a uuid, and is not cacheable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/captchaImage' });
    const { data } = res.json();
    expect(data.captchaEnabled).toBe(true);
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the answer for two minutes only', async () => {
    const before = Date.now();
    const { data } = (await t.app.inject({ method: 'GET', url: '/captchaImage' })).json();
    const [row] = await t.app.db.select().from(captchas).where(eq(captchas.uuid, data.uuid));
    const ttl = (row?.expiresAt.getTime() ?? 0) - before;
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(121_000);
  });
});

describe('the sign-in captcha', () => {
  it('accepts the right answer in any letter case', async () => {
    const { uuid, code } = await t.solveCaptcha();
    const res = await login({ username: 'admin', password: 'admin123', uuid, code: code.toUpperCase() });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong answer with 400 and consumes the captcha', async () => {
    const { uuid, code } = await t.solveCaptcha();
    const wrong = await login({ username: 'admin', password: 'admin123', uuid, code: 'zzzz' });
    expect(wrong.json()).toEqual({ code: 400, msg: 'Wrong verification code', data: null });
    const retry = await login({ username: 'admin', password: 'admin123', uuid, code });
    expect(retry.json()).toMatchObject({
      code: 400,
      msg: 'The verification code has expired, please refresh it',
    });
  });

  it('is single-use: a second sign-in with the same answer is refused', async () => {
    const { uuid, code } = await t.solveCaptcha();
    expect((await login({ username: 'admin', password: 'admin123', uuid, code })).statusCode).toBe(200);
    const again = await login({ username: 'admin', password: 'admin123', uuid, code }, 'ZH');
    expect(again.json()).toEqual({ code: 400, msg: '验证码已失效，请刷新', data: null });
  });

  it('refuses an expired captcha with 400 even when the answer is right', async () => {
    const { uuid, code } = await t.solveCaptcha();
    await t.app.db
      .update(captchas)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchas.uuid, uuid));
    const res = await login({ username: 'admin', password: 'admin123', uuid, code });
    expect(res.json()).toMatchObject({
      code: 400,
      msg: 'The verification code has expired, please refresh it',
    });
  });

  it('refuses a missing code or an unknown uuid with 400', async () => {
    const { uuid } = await t.solveCaptcha();
    const noCode = await login({ username: 'admin', password: 'admin123', uuid });
    // Spec section 5: the code is required ('{data} is required').
    expect(noCode.json()).toMatchObject({ code: 400, msg: 'Verification code is required' });
    const blank = await login({ username: 'admin', password: 'admin123', uuid, code: '  ' }, 'ZH');
    expect(blank.json()).toMatchObject({ code: 400, msg: '验证码不能为空' });
    const noUuid = await login({ username: 'admin', password: 'admin123', code: 'abcd' });
    expect(noUuid.json()).toMatchObject({
      code: 400,
      msg: 'The verification code has expired, please refresh it',
    });
    const badUuid = await login({
      username: 'admin',
      password: 'admin123',
      code: 'abcd',
      uuid: 'not-a-uuid',
    });
    expect(badUuid.statusCode).toBe(400);
  });

  it('is checked before the password, so a wrong captcha never counts as a failed password', async () => {
    const res = await login({
      username: 'admin',
      password: 'wrong-password',
      code: 'zzzz',
      uuid: (await t.solveCaptcha()).uuid,
    });
    expect(res.json().msg).toBe('Wrong verification code');
  });

  it('turns off with the system config sys.account.captchaEnabled = false, and /login ignores code and uuid', async () => {
    await t.app.db
      .update(sysConfig)
      .set({ configValue: 'false' })
      .where(eq(sysConfig.configKey, CONFIG_KEYS.captchaEnabled));
    // Written behind the API, so the 30 s config cache must be told (as DELETE /system/config/clearCache does).
    clearConfigCache(t.app.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/captchaImage' });
      expect(res.json().data).toEqual({ captchaEnabled: false });
      const signIn = await login({ username: 'admin', password: 'admin123', code: 'whatever', uuid: 'x' });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await t.app.db
        .update(sysConfig)
        .set({ configValue: 'true' })
        .where(eq(sysConfig.configKey, CONFIG_KEYS.captchaEnabled));
      clearConfigCache(t.app.db);
    }
  });
});

describe('CAPTCHA_ENABLED=false', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ captchaEnabled: false });
  });
  afterAll(() => off.close());

  it('says captchaEnabled:false and signs in without code or uuid', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/captchaImage' });
    expect(res.json().data).toEqual({ captchaEnabled: false });
    const signIn = await off.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.token).toEqual(expect.any(String));
  });

  it('wins over the system config saying true', async () => {
    const [row] = await off.app.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, CONFIG_KEYS.captchaEnabled));
    expect(row?.configValue).toBe('true');
    expect((await off.app.inject({ method: 'GET', url: '/captchaImage' })).json().data.captchaEnabled).toBe(
      false,
    );
  });
});
