// Command round trip with 1,000 connected devices: POST /sbuilding/dev-rpccmd/sendCmd → RPC to the device →
// its reply → the API's answer; and on to the socket: the device reports its new state and the console's
// socket receives the push. Prints p50/p99 of both on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
import mqtt from 'mqtt';
import pg from 'pg';
import { apiAs, percentile, registerDevices, scratchDatabase, startServer } from './support.mjs';

const DEVICES = Number(process.env.BENCH_CMD_DEVICES ?? 1000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 2000);
const IN_FLIGHT = Number(process.env.BENCH_CMD_IN_FLIGHT ?? 8);

/** A light that obeys: answers the RPC, then reports its new state. */
async function connectLight(url, light) {
  const client = mqtt.connect(url, {
    username: light.token,
    clientId: `bench-light-${light.id}`,
    reconnectPeriod: 0,
  });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  client.on('message', (topic, payload) => {
    const { params } = JSON.parse(payload.toString());
    client.publish(topic.replace('/request/', '/response/'), '{"success":true}', { qos: 1 });
    client.publish('v1/devices/me/telemetry', JSON.stringify(params), { qos: 1 });
  });
  await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
  return client;
}

function row(label, values) {
  const f = (n) => n.toFixed(1).padStart(7);
  process.stdout.write(
    `${label.padEnd(44)} n=${String(values.length).padStart(5)}  p50 ${f(percentile(values, 50))} ms  p99 ${f(percentile(values, 99))} ms\n`,
  );
}

async function run(label, env) {
  const server = await startServer(env);
  try {
    const api = await apiAs(server.url, 'manager', 'manager123');
    const lights = await registerDevices(api, {
      model: 's2',
      count: DEVICES,
      tag: 'CB',
      name: 'Bench light',
    });
    const clients = [];
    for (let i = 0; i < lights.length; i += 50) {
      clients.push(
        ...(await Promise.all(lights.slice(i, i + 50).map((l) => connectLight(server.mqttUrl, l)))),
      );
    }
    const { data: info } = await api('GET', '/getInfo');
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/websocket/websocket/web_socket/${info.user.deptId}/${info.user.userId}`,
    );
    const pushed = new Map();
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === 'subscribeRealSeries') pushed.get(message.data.deviceId)?.(performance.now());
    };
    await new Promise((resolve) => (socket.onopen = resolve));
    socket.send(JSON.stringify({ type: 'auth', token: api.token }));
    for (let i = 0; i < lights.length; i += 30) {
      socket.send(
        JSON.stringify({
          type: 'subscribeRealSeries',
          data: { deviceSubscribeReqs: lights.slice(i, i + 30).map((l) => ({ deviceId: l.id })) },
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 500));

    const api_ms = [];
    const socket_ms = [];
    let next = 0;
    await Promise.all(
      // Each worker owns its own lights, so no two commands in flight wait for the same device's push.
      Array.from({ length: Math.min(IN_FLIGHT, lights.length) }, async (_, worker) => {
        const own = lights.filter((_, i) => i % IN_FLIGHT === worker);
        for (let turn = 0; next < COMMANDS; turn++) {
          const light = own[turn % own.length];
          next++;
          const started = performance.now();
          const seen = new Promise((resolve) => pushed.set(light.id, resolve));
          const answer = await api('POST', '/sbuilding/dev-rpccmd/sendCmd', {
            deviceId: light.id,
            method: 'setBrightness',
            params: { lightnessLevel: next % 256 },
          });
          if (answer.code !== 200) throw new Error(`sendCmd: ${JSON.stringify(answer)}`);
          api_ms.push(performance.now() - started);
          socket_ms.push((await seen) - started);
          pushed.delete(light.id);
        }
      }),
    );
    api_ms.sort((a, b) => a - b);
    socket_ms.sort((a, b) => a - b);
    row(`${label}: sendCmd round trip (${DEVICES} connected)`, api_ms);
    row(`${label}: sendCmd to the socket push`, socket_ms);
    socket.close();
    await Promise.all(clients.map((c) => c.endAsync()));
  } finally {
    await server.stop();
  }
}

if (typeof WebSocket === 'undefined') {
  process.stdout.write('(this Node.js has no WebSocket client: run with --experimental-websocket)\n');
} else {
  await run('PGlite', {});
  if (process.env.BENCH_DATABASE_URL) {
    const db = await scratchDatabase(process.env.BENCH_DATABASE_URL, pg);
    try {
      await run('PostgreSQL', { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  }
}
