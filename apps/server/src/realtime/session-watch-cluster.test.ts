import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { as } from '../test/tenants.js';
import { insertDevice } from '../test/devices.js';
import { startNatsServer, type NatsServer } from '../test/nats-server.js';
import { signedInSocket, type LiveSocket } from '../test/live-socket.js';
import { buildings } from '../test/schema.js';

/*
 * Two server nodes on one database and a nats-server of their own: a weixin customer's buildings changed
 * through node 1 re-scope its socket on node 2 at once (principal.changed on the cluster seam).
 */

let nats: NatsServer;
let one: TestApp;
let two: TestApp;
const halls = { a: 0, b: 0 };

beforeAll(async () => {
  nats = await startNatsServer();
  const env = {
    NATS_URL: nats.url,
    // A cluster node's configuration must name its PostgreSQL (a start rule); createTestApp opens the run's
    // test database itself, and nothing else reads this value.
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    // One signing key, as nodes sharing a database have: a token of either node opens the other's socket.
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  // Node 2 first and node 1 on its database: on in-memory PGlite both share one handle, whose bus is the
  // last node's, so a change made through node 1 is published by node 1's NATS connection.
  two = await createTestApp({ captchaEnabled: false, env });
  one = await createTestApp({ captchaEnabled: false, env, sameDatabaseAs: two });
  await Promise.all([one.app.ready(), two.app.ready()]);
  const [a] = await one.app.db.select().from(buildings).where(eq(buildings.name, 'Building A'));
  const [b] = await one.app.db.select().from(buildings).where(eq(buildings.name, 'Building B'));
  if (!a || !b) throw new Error('the demo campus has no Building A or B');
  halls.a = a.id;
  halls.b = b.id;
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await nats?.stop();
});

/** Readings of now, in one batch, from node 2's devices (relayed through NATS to every node's sockets). */
function readingsOnTwo(...deviceIds: number[]) {
  const ts = Date.now();
  two.app.telemetryBus.publish(
    deviceIds.map((deviceId) => ({ deviceId, key: 'temperature', ts, value: 21 })),
  );
}

async function follow(s: LiveSocket, deviceIds: number[]) {
  s.sendJson({
    type: 'subscribeRealSeries',
    data: { deviceSubscribeReqs: deviceIds.map((deviceId) => ({ deviceId })) },
  });
  s.sendJson({ type: 'report' });
  expect((await s.next()).type).toBe('report');
}

describe('a weixin customer moved through another node', () => {
  it('is cut to its new building on the node holding its socket, at once', async () => {
    const manager = as(one, await one.login('manager', 'manager123'));
    const lightA = await insertDevice(one.app.db, { model: 's2', name: 'Node light A', buildingId: halls.a });
    const lightB = await insertDevice(one.app.db, { model: 's2', name: 'Node light B', buildingId: halls.b });
    const created = await manager('PUT', '/sbuilding/user/create', {
      userName: 'nodemover',
      password: 'nodemover123',
      nickName: 'Node mover',
      role: 'tbWeixinCustomer',
      hallIds: [halls.a],
    });
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().data;
    const s = await signedInSocket(two.app, await two.login('nodemover', 'nodemover123'));
    await follow(s, [lightA.id]);
    readingsOnTwo(lightA.id);
    expect((await s.next()).data.deviceId).toBe(lightA.id);

    const moved = await manager('POST', `/sbuilding/user/save/${user.userId}`, {
      nickName: user.nickName,
      role: 'tbWeixinCustomer',
      hallIds: [halls.b],
      version: user.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Node 2 heard it: the badge of the new scope.
    expect((await s.next()).type).toBe('report');

    await follow(s, [lightB.id]);
    readingsOnTwo(lightA.id, lightB.id);
    expect((await s.next()).data.deviceId).toBe(lightB.id);
    s.socket.terminate();
  });
});
