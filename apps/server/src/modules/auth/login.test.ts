import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/passwords.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { DEMO_USERS } from '../seed/demo.js';
import { users } from '../users/tables.js';
import { loginFailures } from '../sessions/tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.app.db.delete(loginFailures);
});

async function attempt(username: string, password: string, lang = 'EN') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username, password, ...(await t.solveCaptcha()) },
    headers: { lang },
  });
  return { res };
}

describe('POST /login', () => {
  it.each(DEMO_USERS.map((u) => [u.username, u.password]))(
    'signs in demo user %s and returns a token that opens getInfo',
    async (username, password) => {
      const token = await t.login(username, password);
      const info = await t.app.inject({
        method: 'GET',
        url: '/getInfo',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(info.statusCode).toBe(200);
      expect(info.json().data.user.userName).toBe(username);
    },
  );

  it('trims the username', async () => {
    const { res } = await attempt('  manager  ', 'manager123');
    expect(res.statusCode).toBe(200);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row?.passwordHash ?? '', 'admin123')).toBe(true);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const unknown = await attempt('nobody-here', 'customer123');
    const wrong = await attempt('customer', 'not-the-password');
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(unknown.res.json()).toEqual({ code: 400, msg: 'Incorrect username or password', data: null });
  });

  it('locks a username for 10 minutes after 5 wrong passwords within 10 minutes (429), even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const { res } = await attempt('customer', `wrong-${i}`);
      expect(res.statusCode).toBe(400);
    }
    const locked = await attempt('customer', 'customer123');
    expect(locked.res.json()).toEqual({
      code: 429,
      msg: 'Too many failed sign-ins: this username is locked for 10 minutes',
      data: null,
    });
    const zh = await attempt('customer', 'customer123', 'ZH');
    expect(zh.res.json().msg).toBe('登录失败次数过多：该用户名已锁定 10 分钟');
    // Other usernames are not affected.
    expect((await attempt('display', 'display123')).res.statusCode).toBe(200);
  });

  it('locks unknown usernames too, so the lock does not reveal which names exist', async () => {
    for (let i = 0; i < 5; i++) await attempt('ghost', 'x');
    expect((await attempt('ghost', 'x')).res.statusCode).toBe(429);
  });

  it('lifts the lock once 10 minutes have passed since the fifth failure', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000 - 1000);
    await t.app.db
      .insert(loginFailures)
      .values(Array.from({ length: 5 }, () => ({ username: 'customer', at: longAgo })));
    expect((await attempt('customer', 'customer123')).res.statusCode).toBe(200);
  });

  it('does not lock for 5 failures spread over more than 10 minutes', async () => {
    const now = Date.now();
    await t.app.db
      .insert(loginFailures)
      .values(
        [11, 9, 7, 5].map((minutes) => ({ username: 'customer', at: new Date(now - minutes * 60_000) })),
      );
    expect((await attempt('customer', 'wrong')).res.statusCode).toBe(400);
    expect((await attempt('customer', 'customer123')).res.statusCode).toBe(200);
  });

  it('clears the failure count after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await attempt('customer', 'wrong');
    expect((await attempt('customer', 'customer123')).res.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await attempt('customer', 'wrong');
    expect((await attempt('customer', 'customer123')).res.statusCode).toBe(200);
  });

  it('refuses a burst of parallel guesses beyond the fifth without checking them', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('manager', 'wrong')));
    const codes = results.map((r) => r.res.statusCode);
    expect(codes.filter((c) => c === 400).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(3);
  });

  it('signs in every one of a burst of parallel right passwords: they never lock each other out', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => attempt('manager', 'manager123')));
    expect(results.map((r) => r.res.statusCode)).toEqual(Array(8).fill(200));
  });

  it('tells a blacklisted user with the right password that the account is disabled (400), and nothing more with a wrong one', async () => {
    await t.app.db.update(users).set({ blacklisted: true }).where(eq(users.username, 'display'));
    try {
      const right = await attempt('display', 'display123');
      expect(right.res.json()).toEqual({
        code: 400,
        msg: 'This account is disabled, please contact the administrator',
        data: null,
      });
      const wrong = await attempt('display', 'nope');
      expect(wrong.res.json().msg).toBe('Incorrect username or password');
    } finally {
      await t.app.db.update(users).set({ blacklisted: false }).where(eq(users.username, 'display'));
    }
  });
});
