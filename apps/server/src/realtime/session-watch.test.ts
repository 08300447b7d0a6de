import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SOCKET_CLOSE } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../test/app.js';
import { as } from '../test/tenants.js';
import { insertDevice } from '../test/devices.js';
import { signedInSocket, type LiveSocket } from '../test/live-socket.js';
import { buildings, users } from '../test/schema.js';
import { isTestClock, type TestClock } from '../platform/clock.js';

/*
 * A socket follows its session (issue 32): it is checked again on the app's clock, so these tests move a
 * TestClock instead of waiting real minutes, and wait only for what the console waits for: a close, a frame.
 */

const MINUTE = 60_000;

let t: TestApp;
let clock: TestClock;
let manager: ReturnType<typeof as>;
const halls = { a: 0, b: 0 };

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  await t.app.ready();
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  manager = as(t, await t.login('manager', 'manager123'));
  const [a] = await t.app.db.select().from(buildings).where(eq(buildings.name, 'Building A'));
  const [b] = await t.app.db.select().from(buildings).where(eq(buildings.name, 'Building B'));
  if (!a || !b) throw new Error('the demo campus has no Building A or B');
  halls.a = a.id;
  halls.b = b.id;
});
afterAll(() => t.close());

/** Readings of now for these devices, in one batch (the socket pushes them in this order). */
function readings(...deviceIds: number[]) {
  const ts = Date.now();
  t.app.telemetryBus.publish(deviceIds.map((deviceId) => ({ deviceId, key: 'temperature', ts, value: 21 })));
}

/** Follows the devices and waits for the answer to a `report` sent after them: the subscription is read. */
async function follow(s: LiveSocket, deviceIds: number[]) {
  s.sendJson({
    type: 'subscribeRealSeries',
    data: { deviceSubscribeReqs: deviceIds.map((deviceId) => ({ deviceId })) },
  });
  s.sendJson({ type: 'report' });
  expect((await s.next()).type).toBe('report');
}

describe('a socket whose session ends by itself', () => {
  it('closes once its session has been idle for 30 minutes, though it never sent a message', async () => {
    clock.release();
    const s = await signedInSocket(t.app, await t.login('manager', 'manager123'));
    clock.advance(31 * MINUTE);
    expect(await s.closed).toBe(SOCKET_CLOSE.unauthorized);
  });

  it('stays open while it reports, and closes at its absolute limit of 12 hours', async () => {
    clock.release();
    const s = await signedInSocket(t.app, await t.login('manager', 'manager123'));
    // A wall screen reporting every 25 minutes (of the moved clock) is never idle for 30.
    for (let elapsed = 25; elapsed <= 700; elapsed += 25) {
      clock.advance(25 * MINUTE);
      s.sendJson({ type: 'report' });
      expect((await s.next()).type).toBe('report');
    }
    // 725 minutes after sign-in, 25 after its last report: past the 12 hours, not idle.
    clock.advance(25 * MINUTE);
    expect(await s.closed).toBe(SOCKET_CLOSE.unauthorized);
  });
});

describe('a weixin customer moved to another building', () => {
  it("stops receiving the old building's frames, cannot follow its devices, and follows the new one's", async () => {
    clock.release();
    const lightA = await insertDevice(t.app.db, { model: 's2', name: 'Moved light A', buildingId: halls.a });
    const otherA = await insertDevice(t.app.db, { model: 's2', name: 'Moved other A', buildingId: halls.a });
    const lightB = await insertDevice(t.app.db, { model: 's2', name: 'Moved light B', buildingId: halls.b });
    const created = await manager('PUT', '/sbuilding/user/create', {
      userName: 'mover',
      password: 'mover123',
      nickName: 'Mover',
      role: 'tbWeixinCustomer',
      hallIds: [halls.a],
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().data;
    const s = await signedInSocket(t.app, await t.login('mover', 'mover123'));
    await follow(s, [lightA.id, lightB.id]);
    readings(lightB.id, lightA.id);
    // Building B's light is not theirs: only A's frame comes.
    expect((await s.next()).data.deviceId).toBe(lightA.id);

    const moved = await manager('POST', `/sbuilding/user/save/${user.userId}`, {
      nickName: user.nickName,
      role: 'tbWeixinCustomer',
      hallIds: [halls.b],
      version: user.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The badge of the new scope: the socket has been cut to building B.
    expect((await s.next()).type).toBe('report');

    await follow(s, [otherA.id, lightA.id, lightB.id]);
    readings(lightA.id, otherA.id, lightB.id);
    // Neither A's light it followed nor A's other device it asked for: B's light is the first frame.
    expect((await s.next()).data.deviceId).toBe(lightB.id);
    s.socket.terminate();
  });

  it('is cut to its new building within a minute when the change was not announced (a script)', async () => {
    clock.release();
    const lightA = await insertDevice(t.app.db, {
      model: 's2',
      name: 'Scripted light A',
      buildingId: halls.a,
    });
    const created = await manager('PUT', '/sbuilding/user/create', {
      userName: 'scripted',
      password: 'scripted123',
      nickName: 'Scripted',
      role: 'tbWeixinCustomer',
      hallIds: [halls.a],
    });
    expect(created.statusCode, created.body).toBe(200);
    const s = await signedInSocket(t.app, await t.login('scripted', 'scripted123'));
    await follow(s, [lightA.id]);
    await t.app.db
      .update(users)
      .set({ hallIds: [halls.b] })
      .where(eq(users.id, created.json().data.userId));
    clock.advance(MINUTE);
    // The minute's re-check found the new scope: its badge, and A's light is no longer followed.
    expect((await s.next()).type).toBe('report');
    readings(lightA.id);
    s.sendJson({ type: 'report' });
    expect((await s.next()).type).toBe('report');
    s.socket.terminate();
  });
});
