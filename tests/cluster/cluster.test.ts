import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNatsServer, type NatsServer } from '../../apps/server/src/test/nats-server.js';
import { login, startCluster, stopCluster, type Node } from './support.js';

/**
 * Three server processes as a cluster: one fresh PostgreSQL database (TEST_DATABASE_URL's server), one
 * nats-server started here, the built server (`npx tsc -b apps/server`; npm test builds it first). A device
 * on node 1, sockets on node 2, commands and rule edits through nodes 2 and 3.
 */
/** A socket of the console with what it received, and how it closed. */
interface Socket {
  ws: WebSocket;
  received: { type: string; data: Record<string, unknown> }[];
  closed: Promise<number>;
  send(body: object): void;
  /** Resolves with the first message (already received or to come) that `match` accepts. */
  waitFor(
    match: (m: { type: string; data: Record<string, unknown> }) => boolean,
  ): Promise<{ type: string; data: Record<string, unknown> }>;
}

async function openSocket(
  node: Node,
  token: string,
  me: { userId: number; deptId: number },
): Promise<Socket> {
  const ws = new WebSocket(
    `${node.url.replace('http', 'ws')}/websocket/websocket/web_socket/${me.deptId}/${me.userId}`,
  );
  const received: Socket['received'] = [];
  const waiters: {
    match: Parameters<Socket['waitFor']>[0];
    resolve: (m: Socket['received'][number]) => void;
  }[] = [];
  ws.on('message', (raw: Buffer) => {
    const message = JSON.parse(raw.toString()) as Socket['received'][number];
    received.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const socket: Socket = {
    ws,
    received,
    closed,
    send: (body) => ws.send(JSON.stringify(body)),
    waitFor: (match) =>
      new Promise((resolve) => {
        const seen = received.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      }),
  };
  socket.send({ type: 'auth', token });
  await socket.waitFor((m) => m.type === 'auth');
  return socket;
}

async function call(node: Node, token: string, method: string, url: string, body?: object) {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      lang: 'EN',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; msg: string; data: { user?: Me } | null },
  };
}

async function connectDevice(node: Node, token: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(node.mqttUrl, {
    username: token,
    clientId: `cluster-test-${crypto.randomUUID()}`,
    reconnectPeriod: 0,
  });
  clients.push(client);
  return client;
}

const clients: MqttClient[] = [];
const sockets: Socket[] = [];
let nats: NatsServer;
let db: pg.Client;
let nodes: [Node, Node, Node];
let token: string;
interface Me {
  userId: number;
  deptId: number;
}
let me: Me;
/** Devices the tests share: a light behind its gateway, and an air sensor, both connected to node 1. */
let light: { id: number; name: string; gateway: number; token: string };
let sensor: { id: number; token: string; project: number };
let sensorClient: MqttClient;
/** The light's gateway's connection (on node 1, then on node 2 once it has moved). */
let gatewayOnNode1: MqttClient;

beforeAll(async () => {
  nats = await startNatsServer();
  ({ nodes, db, token } = await startCluster(nats.url));
  const first = nodes[0];
  const info = await call(first, token, 'GET', '/getInfo');
  me = info.body.data!.user!;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await stopCluster();
  await nats?.stop();
});

describe('three nodes on one PostgreSQL and NATS', () => {
  it('sends a command through node 3 to a device on node 1, and node 2’s socket sees the new state', async () => {
    const [node1, node2, node3] = nodes;
    // A light of the demo campus behind its Bluetooth gateway: the gateway holds the connection.
    const { rows } = await db.query<{ id: number; name: string; gateway: number; token: string }>(
      `select d.id, d.name, g.id as gateway, g.access_token as token from devices d
         join devices g on g.id = d.parent_id
        where d.model = 's2' and g.model = 'ba' and d.tenant_id = $1 order by d.id limit 1`,
      [me.deptId],
    );
    light = rows[0]!;
    const gateway = await connectDevice(node1, light.token);
    gatewayOnNode1 = gateway;
    const asked: { device: string; method: string; params: Record<string, unknown> }[] = [];
    gateway.on('message', (topic, payload) => {
      if (topic !== 'v1/gateway/rpc') return;
      const body = JSON.parse(payload.toString()) as {
        device: string;
        data: { id: number; method: string; params: Record<string, unknown> };
      };
      asked.push({ device: body.device, method: body.data.method, params: body.data.params });
      // The light obeys, tells the gateway, and the gateway reports its new state.
      gateway.publish(
        'v1/gateway/rpc',
        JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      );
      gateway.publish(
        'v1/gateway/telemetry',
        JSON.stringify({ [body.device]: [{ ts: Date.now(), values: { onOff: body.data.params.onOff } }] }),
      );
    });
    await gateway.subscribeAsync('v1/gateway/rpc', { qos: 1 });
    // Node 1 has taken the gateway's connection (it says so in the database once it holds it).
    await expect
      .poll(
        async () =>
          (await db.query('select online from devices where id = $1', [light.gateway])).rows[0]?.online,
        {
          timeout: 20_000,
        },
      )
      .toBe(true);

    const socket = await openSocket(node2, token, me);
    sockets.push(socket);
    socket.send({
      type: 'subscribeRealSeries',
      data: { ...me, deviceSubscribeReqs: [{ deviceId: light.id }] },
    });
    // Messages are handled in order: the report's answer means the subscription is in place.
    socket.send({ type: 'report' });
    await socket.waitFor((m) => m.type === 'report');

    const res = await call(node3, token, 'POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: light.id,
      method: 'setOnOff',
      params: { onOff: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Setting Success !');
    expect(asked).toEqual([{ device: light.name, method: 'setOnOff', params: { onOff: true } }]);
    const pushed = await socket.waitFor(
      (m) => m.type === 'subscribeRealSeries' && m.data.deviceId === light.id && 'onOff' in m.data,
    );
    expect(pushed.data).toMatchObject({ deviceId: light.id });

    // A device connected nowhere answers at once, from any node.
    const { rows: idle } = await db.query<{ id: number }>(
      `select id from devices where model = 'gw4g' and tenant_id = $1 and online = false order by id limit 1`,
      [me.deptId],
    );
    const nowhere = await call(node2, token, 'POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: idle[0]!.id,
      method: 'reboot',
    });
    expect(nowhere.status).toBe(503);
    expect(nowhere.body.msg).toBe('Unable to access device');
  });

  it('follows the gateway to node 2 when it reconnects there before node 1 sees it leave', async () => {
    const [node1, node2, node3] = nodes;
    const movedAt = new Date();
    const moved = await connectDevice(node2, light.token);
    const asked: string[] = [];
    moved.on('message', (topic, payload) => {
      if (topic !== 'v1/gateway/rpc') return;
      const body = JSON.parse(payload.toString()) as { device: string; data: { id: number } };
      asked.push(body.device);
      moved.publish(
        'v1/gateway/rpc',
        JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      );
    });
    await moved.subscribeAsync('v1/gateway/rpc', { qos: 1 });
    // The old connection on node 1 closes after the new one on node 2 is up.
    await gatewayOnNode1.endAsync(true);
    const setLight = (node: Node) =>
      call(node, token, 'POST', '/sbuilding/dev-rpccmd/sendCmd', {
        deviceId: light.id,
        method: 'setOnOff',
        params: { onOff: false },
      });
    // Once node 1 has let go of the connection, its commands go through node 2.
    await expect.poll(async () => (await setLight(node1)).status, { timeout: 20_000 }).toBe(200);
    expect((await setLight(node3)).status).toBe(200);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    // Node 1's news of the old connection closing did not take the gateway offline: node 2 holds it.
    const { rows } = await db.query('select online from devices where id = $1', [light.gateway]);
    expect(rows[0]?.online).toBe(true);
    const offline = await db.query(
      `select id from alerts where device_id = $1 and type = 'offline' and alert_time >= $2`,
      [light.gateway, movedAt],
    );
    expect(offline.rows).toEqual([]);
    gatewayOnNode1 = moved;
  });

  it('applies a rule added on node 2 to readings on node 1, and the alert’s badge reaches every node', async () => {
    const [node1, node2] = nodes;
    const { rows } = await db.query<{ id: number; token: string; project: number }>(
      `select id, access_token as token, project_id as project from devices
        where model = 'sair4g' and parent_id is null and tenant_id = $1 order by id limit 1`,
      [me.deptId],
    );
    sensor = rows[0]!;
    const badges = await Promise.all(nodes.map((node) => openSocket(node, token, me)));
    sockets.push(...badges);
    const before = badges.map((s) => s.received.find((m) => m.type === 'auth')!.data.reportCount as number);

    const added = await call(node2, token, 'POST', '/sbuilding/alert/rule/add', {
      projectId: sensor.project,
      name: 'CO2 across the cluster',
      model: 'sair4g',
      telemetryKey: 'co2',
      operator: 'above',
      threshold: 1500,
      durationS: 0,
      level: 'urgent',
      autoClear: false,
    });
    expect(added.status).toBe(200);

    const device = await connectDevice(node1, sensor.token);
    sensorClient = device;
    const alertOf = async () =>
      (await db.query(`select id from alerts where device_id = $1 and status = 'alerting'`, [sensor.id]))
        .rows;
    // Node 1 learns of the rule through the seam; the sensor reports until a reading meets it there.
    await expect
      .poll(
        async () => {
          await device.publishAsync('v1/devices/me/telemetry', JSON.stringify({ co2: 2400 }), { qos: 1 });
          return (await alertOf()).length;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(1);
    const [alert] = await alertOf();
    // Raised once, on node 1; every node's socket hears of it with the badge counted there.
    for (const [index, socket] of badges.entries()) {
      await socket.waitFor((m) => m.type === 'alert' && (m.data.alertIds as number[]).includes(alert.id));
      expect(
        socket.received.filter((m) => m.type === 'alert' && (m.data.alertIds as number[]).includes(alert.id)),
      ).toHaveLength(1);
      const report = socket.received.findLast((m) => m.type === 'report');
      expect(report?.data.reportCount).toBeGreaterThan(before[index]!);
    }
  });

  it('closes on node 2 the socket of a session that signs out on node 1', async () => {
    const [node1, node2] = nodes;
    const session = await login(node1, 'manager', 'manager123');
    const socket = await openSocket(node2, session, me);
    sockets.push(socket);
    const out = await call(node1, session, 'POST', '/logout');
    expect(out.status).toBe(200);
    expect(await socket.closed).toBe(4001);
  });

  it('while NATS is lost: /health says why, commands across nodes fail, readings are stored; then all resumes', async () => {
    const [node1, node2, node3] = nodes;
    const setLight = (node: Node, onOff: boolean) =>
      call(node, token, 'POST', '/sbuilding/dev-rpccmd/sendCmd', {
        deviceId: light.id,
        method: 'setOnOff',
        params: { onOff },
      });
    await nats.stop();
    for (const node of nodes) {
      await expect
        .poll(async () => {
          const res = await fetch(`${node.url}/health`);
          return { status: res.status, body: (await res.json()) as { status: string; msg: string } };
        })
        .toMatchObject({
          status: 503,
          body: { status: 'unavailable', msg: expect.stringMatching(/NATS connection lost/) },
        });
    }
    // The node holding the gateway (node 2 since it moved) still commands it; another node cannot reach
    // it: the spec's message.
    expect((await setLight(node2, false)).status).toBe(200);
    const across = await setLight(node3, true);
    expect(across.status).toBe(503);
    expect(across.body.msg).toBe('Setting Failed !');
    // Readings are stored all the same (PostgreSQL first).
    await sensorClient.publishAsync('v1/devices/me/telemetry', JSON.stringify({ co2: 777 }), { qos: 1 });
    const latest = await db.query(`select value from device_latest where device_id = $1 and key = 'co2'`, [
      sensor.id,
    ]);
    expect(latest.rows[0]?.value).toBe(777);

    await nats.start();
    // Every node's client reconnects on its own: healthy again, commands cross nodes again.
    for (const node of nodes) {
      await expect
        .poll(async () => (await fetch(`${node.url}/health`)).status, { timeout: 20_000 })
        .toBe(200);
    }
    await expect.poll(async () => (await setLight(node1, true)).status, { timeout: 20_000 }).toBe(200);
  });

  it('drops a config value cached on node 3 when node 2 writes it', async () => {
    const [, node2, node3] = nodes;
    const adminToken = await login(node2, 'admin', 'admin123');
    const key = `cluster.test.${crypto.randomBytes(3).toString('hex')}`;
    // Node 3 reads it (not configured yet) and keeps that for 30 s.
    expect((await call(node3, adminToken, 'GET', `/system/config/configKey/${key}`)).body.data).toBe('');
    const created = await call(node2, adminToken, 'POST', '/system/config', {
      configName: 'Cluster test',
      configKey: key,
      configValue: 'set on node 2',
    });
    expect(created.status).toBe(200);
    // The invalidation is a message, not a transaction: wait for it, far less than the TTL.
    await expect
      .poll(async () => (await call(node3, adminToken, 'GET', `/system/config/configKey/${key}`)).body.data, {
        timeout: 10_000,
      })
      .toBe('set on node 2');
  });

  it('closes on node 1 the connection of a device whose token is replaced through node 3', async () => {
    const [, , node3] = nodes;
    const closed = new Promise<void>((resolve) => sensorClient.once('close', () => resolve()));
    const replaced = await call(node3, token, 'POST', `/sbuilding/device/credentials/${sensor.id}`);
    expect(replaced.status).toBe(200);
    await closed;
  });

  it('carries on when a node dies: its device reconnects to another node and obeys commands again', async () => {
    const [node1, node2, node3] = nodes;
    // Node 2 holds the light's gateway (it moved there); kill -9 it, as a machine dies.
    await node2.stop();
    const again = await connectDevice(node3, light.token);
    again.on('message', (topic, payload) => {
      if (topic !== 'v1/gateway/rpc') return;
      const body = JSON.parse(payload.toString()) as { device: string; data: { id: number } };
      again.publish(
        'v1/gateway/rpc',
        JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      );
    });
    await again.subscribeAsync('v1/gateway/rpc', { qos: 1 });
    await expect
      .poll(
        async () =>
          (
            await call(node1, token, 'POST', '/sbuilding/dev-rpccmd/sendCmd', {
              deviceId: light.id,
              method: 'setOnOff',
              params: { onOff: true },
            })
          ).status,
        { timeout: 10_000 },
      )
      .toBe(200);
  });
});
