import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { checkSession, createSession, verifySession } from './sessions.js';
import { users } from '../users/tables.js';

const MINUTE = 60_000;
const policy = { idleMinutes: 30, maxHours: 12, displayMaxDays: 7 };
const meta = { ip: '127.0.0.1', userAgent: 'test' };

let t: TestApp;
let manager: { id: number; roles: string[] };

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const [row] = await t.app.db.select().from(users).where(eq(users.username, 'manager'));
  if (!row) throw new Error('no manager');
  manager = { id: row.id, roles: row.roles };
});
afterAll(() => t.close());

describe('checking a session', () => {
  const start = new Date('2026-03-02T08:00:00Z');
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  it('answers the caller of a live session, as verifying does', async () => {
    const session = await createSession(t.app.db, manager, policy, meta, start);
    const checked = await checkSession(t.app.db, session.id, manager.id, at(1));
    expect(checked).toEqual(await verifySession(t.app.db, session.id, manager.id, at(1)));
    expect(checked?.scope.userId).toBe(manager.id);
    expect(await checkSession(t.app.db, session.id, manager.id + 1, at(1))).toBeNull();
  });

  it('does not count as activity: a session only checked still idles out', async () => {
    const checked = await createSession(t.app.db, manager, policy, meta, start);
    expect(await checkSession(t.app.db, checked.id, manager.id, at(20))).not.toBeNull();
    expect(await checkSession(t.app.db, checked.id, manager.id, at(31))).toBeNull();
    // Verifying (an API call) at the same moments keeps the session alive.
    const used = await createSession(t.app.db, manager, policy, meta, start);
    expect(await verifySession(t.app.db, used.id, manager.id, at(20))).not.toBeNull();
    expect(await verifySession(t.app.db, used.id, manager.id, at(31))).not.toBeNull();
  });
});
