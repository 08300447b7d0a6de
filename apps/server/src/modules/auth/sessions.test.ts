import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { touchSession } from '../sessions/sessions.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { setBlacklisted } from '../users/service.js';
import { users } from '../users/tables.js';
import { sessions } from '../sessions/tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const getInfo = (token: string) => t.app.inject({ method: 'GET', url: '/getInfo', headers: auth(token) });

/** The session row behind a token (the newest session of the user). */
async function sessionOf(username: string) {
  const rows = await t.app.db
    .select({ session: sessions })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.username, username));
  const newest = rows.map((r) => r.session).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (!newest) throw new Error(`no session for ${username}`);
  return newest;
}

async function age(sessionId: string, values: Partial<typeof sessions.$inferInsert>) {
  await t.app.db.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

describe('sessions', () => {
  it('revokes the token on logout: the same token then answers 401', async () => {
    const token = await t.login('manager', 'manager123');
    const out = await t.app.inject({ method: 'POST', url: '/logout', headers: auth(token) });
    expect(out.json()).toEqual({ code: 200, msg: 'Operation successful', data: null });
    expect((await getInfo(token)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/logout', headers: auth(token) })).statusCode).toBe(
      401,
    );
  });

  it('ends a session idle for 30 minutes, and keeps one idle for 29', async () => {
    const token = await t.login('manager', 'manager123');
    const { id } = await sessionOf('manager');
    await age(id, { lastSeenAt: new Date(Date.now() - 29 * MINUTE) });
    expect((await getInfo(token)).statusCode).toBe(200);
    await age(id, { lastSeenAt: new Date(Date.now() - 30 * MINUTE - 1000) });
    expect((await getInfo(token)).statusCode).toBe(401);
  });

  it('ends a session at its absolute limit however active it is', async () => {
    const token = await t.login('manager', 'manager123');
    const { id } = await sessionOf('manager');
    await age(id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await getInfo(token)).statusCode).toBe(401);
  });

  it('gives ordinary users 12 hours in all and the display role 7 days', async () => {
    const before = Date.now();
    await t.login('customer', 'customer123');
    await t.login('display', 'display123');
    const customer = await sessionOf('customer');
    const display = await sessionOf('display');
    expect(customer.expiresAt.getTime() - before).toBeGreaterThanOrEqual(12 * 60 * MINUTE - 1000);
    expect(customer.expiresAt.getTime() - before).toBeLessThan(12 * 60 * MINUTE + 5000);
    expect(display.expiresAt.getTime() - before).toBeGreaterThanOrEqual(7 * 24 * 60 * MINUTE - 1000);
    expect(display.expiresAt.getTime() - before).toBeLessThan(7 * 24 * 60 * MINUTE + 5000);
    expect(display.idleSeconds).toBe(30 * 60);
  });

  it('writes last_seen_at at most every 30 seconds, not on every request', async () => {
    const token = await t.login('customer', 'customer123');
    const { id } = await sessionOf('customer');
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await age(id, { lastSeenAt: tenSecondsAgo });
    await getInfo(token);
    expect((await sessionOf('customer')).lastSeenAt.getTime()).toBe(tenSecondsAgo.getTime());
    await age(id, { lastSeenAt: new Date(Date.now() - 40_000) });
    await getInfo(token);
    expect(Date.now() - (await sessionOf('customer')).lastSeenAt.getTime()).toBeLessThan(5000);
  });

  it('ends every session of a user who is blacklisted, at once', async () => {
    const first = await t.login('customer', 'customer123');
    const second = await t.login('customer', 'customer123');
    const [user] = await t.app.db.select().from(users).where(eq(users.username, 'customer'));
    await setBlacklisted(t.app.db, user?.id ?? 0, true);
    try {
      expect((await getInfo(first)).statusCode).toBe(401);
      expect((await getInfo(second)).statusCode).toBe(401);
      const rows = await t.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? 0));
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    } finally {
      await setBlacklisted(t.app.db, user?.id ?? 0, false);
    }
  });

  it('refuses a live session of a user whose blacklist flag is set directly', async () => {
    const token = await t.login('customer', 'customer123');
    await t.app.db.update(users).set({ blacklisted: true }).where(eq(users.username, 'customer'));
    try {
      expect((await getInfo(token)).statusCode).toBe(401);
    } finally {
      await t.app.db.update(users).set({ blacklisted: false }).where(eq(users.username, 'customer'));
    }
  });
});

describe('touchSession (the wall screen socket)', () => {
  it('counts a socket report as activity, so a display that only listens is not signed out', async () => {
    const token = await t.login('display', 'display123');
    const { id } = await sessionOf('display');
    await age(id, { lastSeenAt: new Date(Date.now() - 29 * MINUTE) });
    expect(await touchSession(t.app.db, id)).toBe(true);
    // 29 minutes later the display is still in: the report reset the idle clock.
    const later = new Date(Date.now() + 29 * MINUTE);
    expect(await touchSession(t.app.db, id, later)).toBe(true);
    expect((await getInfo(token)).statusCode).toBe(200);
  });

  it('does not revive a session that is idle too long, revoked or past its limit', async () => {
    await t.login('display', 'display123');
    const { id } = await sessionOf('display');
    await age(id, { lastSeenAt: new Date(Date.now() - 31 * MINUTE) });
    expect(await touchSession(t.app.db, id)).toBe(false);
    await age(id, { lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) });
    expect(await touchSession(t.app.db, id)).toBe(false);
    await age(id, { expiresAt: new Date(Date.now() + MINUTE), revokedAt: new Date() });
    expect(await touchSession(t.app.db, id)).toBe(false);
  });
});

describe('session limits from the environment', () => {
  let custom: TestApp;
  beforeAll(async () => {
    custom = await createTestApp({
      captchaEnabled: false,
      env: { SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1', DISPLAY_SESSION_MAX_DAYS: '2' },
    });
  });
  afterAll(() => custom.close());

  it('applies SESSION_IDLE_MINUTES, SESSION_MAX_HOURS and DISPLAY_SESSION_MAX_DAYS', async () => {
    const before = Date.now();
    await custom.login('manager', 'manager123');
    await custom.login('display', 'display123');
    const rows = await custom.app.db
      .select({ username: users.username, expiresAt: sessions.expiresAt, idle: sessions.idleSeconds })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId));
    const manager = rows.find((r) => r.username === 'manager');
    const display = rows.find((r) => r.username === 'display');
    expect(manager?.idle).toBe(300);
    expect(Math.round(((manager?.expiresAt.getTime() ?? 0) - before) / MINUTE)).toBe(60);
    expect(Math.round(((display?.expiresAt.getTime() ?? 0) - before) / MINUTE)).toBe(2 * 24 * 60);
  });
});
