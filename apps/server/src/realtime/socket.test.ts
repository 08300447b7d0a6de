import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { openSocket } from '../test/live-socket.js';
import { insertDevice, type TestDevice } from '../test/devices.js';
import { as, createTenant } from '../test/tenants.js';
import { devices } from '../modules/devices/tables.js';
import { SOCKET_CLOSE, socketPath } from '@sbuilding/shared';
import { eq } from 'drizzle-orm';

let t: TestApp;
let token: string;
let me: { userId: number; deptId: number };
let mine: TestDevice;
let theirs: TestDevice;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  await t.app.ready();
  token = await t.login('manager', 'manager123');
  const info = (await as(t, token)('GET', '/getInfo')).json().data;
  me = { userId: info.user.userId, deptId: info.user.deptId };
  mine = await insertDevice(t.app.db, { model: 'th10', name: 'My sensor' });
  theirs = await insertDevice(t.app.db, { model: 'th10', name: 'Their sensor' });
  const other = await createTenant(t, 'Socket other tenant', []);
  await t.app.db.update(devices).set({ tenantId: other.tenantId }).where(eq(devices.id, theirs.id));
});
afterAll(() => t.close());

/** A socket of the test's app (test/live-socket.ts). */
const open = (path: string) => openSocket(t.app, path);

describe('the real-time socket', () => {
  it('answers auth with the badge count, the user and the tenant', async () => {
    const s = await open(socketPath(me.deptId, me.userId));
    s.sendJson({ type: 'auth', token });
    expect(await s.next()).toEqual({
      type: 'auth',
      code: 200,
      msg: 'ok',
      userId: me.userId,
      deptId: me.deptId,
      data: { reportCount: 0 },
    });
    s.socket.terminate();
  });

  it('closes with 4001 on a bad token and 4003 when the path is not the session user', async () => {
    const bad = await open(socketPath(me.deptId, me.userId));
    bad.sendJson({ type: 'auth', token: 'nonsense' });
    expect(await bad.closed).toBe(SOCKET_CLOSE.unauthorized);
    const wrong = await open(socketPath(me.deptId, me.userId + 1000));
    wrong.sendJson({ type: 'auth', token });
    expect(await wrong.closed).toBe(SOCKET_CLOSE.pathMismatch);
    const first = await open(socketPath(me.deptId, me.userId));
    first.sendJson({ type: 'report' });
    expect(await first.closed).toBe(SOCKET_CLOSE.badMessage);
  });

  it('pushes committed telemetry of subscribed devices the user may see, and nothing else', async () => {
    const s = await open(socketPath(me.deptId, me.userId));
    s.sendJson({ type: 'auth', data: { token } });
    await s.next();
    s.sendJson({
      type: 'subscribeRealSeries',
      data: { ...me, deviceSubscribeReqs: [{ deviceId: mine.id }, { deviceId: theirs.id }] },
    });
    // A report reply proves the subscription (handled in order before it) is in place.
    s.sendJson({ type: 'report' });
    expect((await s.next()).type).toBe('report');
    // Readings of now: older ones are history, not pushed (see bus.test.ts).
    const ts = Date.now();
    t.app.telemetryBus.publish([
      { deviceId: theirs.id, key: 'temperature', ts, value: 30 },
      { deviceId: mine.id, key: 'temperature', ts, value: 21.5 },
      { deviceId: mine.id, key: 'onOff', ts, value: true },
    ]);
    const pushed = await s.next();
    expect(pushed).toMatchObject({
      type: 'subscribeRealSeries',
      code: 200,
      data: { deviceId: mine.id, ts: new Date(ts).toISOString(), temperature: 21.5, onOff: true },
    });
    t.app.telemetryBus.publish([{ deviceId: theirs.id, key: 'temperature', ts: ts + 1, value: 31 }]);
    s.sendJson({ type: 'report' });
    // Only the report reply: the other tenant's device was never followed.
    expect((await s.next()).type).toBe('report');
    s.socket.terminate();
  });
});

describe('a session that ends', () => {
  it('closes its sockets at once (logout), without waiting for the next report', async () => {
    const own = await t.login('manager', 'manager123');
    const other = await open(socketPath(me.deptId, me.userId));
    other.sendJson({ type: 'auth', token });
    await other.next();
    const s = await open(socketPath(me.deptId, me.userId));
    s.sendJson({ type: 'auth', token: own });
    expect((await s.next()).type).toBe('auth');
    expect((await as(t, own)('POST', '/logout')).statusCode).toBe(200);
    expect(await s.closed).toBe(SOCKET_CLOSE.unauthorized);
    // The manager's other session is untouched: its socket still answers.
    other.sendJson({ type: 'report' });
    expect((await other.next()).type).toBe('report');
    other.socket.terminate();
  });

  it('closes the sockets of every session of a user whose password changes, except the changing one', async () => {
    const keep = await t.login('customer', 'customer123');
    const lose = await t.login('customer', 'customer123');
    const info = (await as(t, keep)('GET', '/getInfo')).json().data;
    const path = socketPath(info.user.deptId, info.user.userId);
    const kept = await open(path);
    kept.sendJson({ type: 'auth', token: keep });
    await kept.next();
    const lost = await open(path);
    lost.sendJson({ type: 'auth', token: lose });
    await lost.next();
    const changed = await as(t, keep)('PUT', '/system/user/profile/updatePwd', {
      oldPassword: 'customer123',
      newPassword: 'customer456',
    });
    expect(changed.statusCode).toBe(200);
    expect(await lost.closed).toBe(SOCKET_CLOSE.unauthorized);
    kept.sendJson({ type: 'report' });
    expect((await kept.next()).type).toBe('report');
    kept.socket.terminate();
  });
});
