// Command round trip with 1,000 connected devices: POST /sbuilding/dev-rpccmd/sendCmd → RPC to the device →
// its reply → the API's answer; and on to the socket: the device reports its new state and the console's
// socket receives the push. Prints p50/p99 of both on PGlite and, with BENCH_DATABASE_URL, PostgreSQL.
// Commands arrive at a steady rate (BENCH_CMD_RATE per second, as operators and schedules send them, each
// timed from when it was due), while every device also reports a reading every BENCH_CMD_REPORT_S seconds,
// as a building's devices do.
// With BENCH_DATABASE_URL and /usr/sbin/nats-server, also across a 2-node cluster (NATS_URL): the devices
// connected to node A, the API calls and the console's socket on node B, so every command crosses nodes.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import mqtt from 'mqtt';
import pg from 'pg';
import { apiAs, freePort, percentile, registerDevices, scratchDatabase, startServer } from './support.mjs';

const NATS_SERVER = '/usr/sbin/nats-server';

/** A nats-server of its own on a free port, for the cluster run. */
async function startNats() {
  const port = await freePort();
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    let log = '';
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (log.includes('Server is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
  });
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL'))),
  };
}

const DEVICES = Number(process.env.BENCH_CMD_DEVICES ?? 1000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 2000);
const RATE = Number(process.env.BENCH_CMD_RATE ?? 100);
const REPORT_S = Number(process.env.BENCH_CMD_REPORT_S ?? 10);

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

async function run(label, env, { cluster = false } = {}) {
  const nats = cluster ? await startNats() : null;
  const shared = cluster
    ? { ...env, NATS_URL: nats.url, JWT_SECRET: crypto.randomBytes(32).toString('base64url') }
    : env;
  // One process; or node A (the devices' node, which migrates and seeds first) and node B (the API's).
  const deviceNode = await startServer(shared);
  const server = cluster ? await startServer(shared) : deviceNode;
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
        ...(await Promise.all(lights.slice(i, i + 50).map((l) => connectLight(deviceNode.mqttUrl, l)))),
      );
    }
    const { data: info } = await api('GET', '/getInfo');
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/websocket/websocket/web_socket/${info.user.deptId}/${info.user.userId}`,
    );
    const pushed = new Map();
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== 'subscribeRealSeries') return;
      // The command's own effect, not the device's routine report.
      const waiting = pushed.get(message.data.deviceId);
      if (waiting && message.data.lightnessLevel === waiting.level) waiting.resolve(performance.now());
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

    // The building's own traffic: every light reports now and then, spread over the period.
    const reporting = clients.map((client, i) =>
      setTimeout(
        () => {
          const report = () =>
            client.publish('v1/devices/me/telemetry', JSON.stringify({ power: 5 + (i % 7) }), { qos: 1 });
          report();
          reporting[i] = setInterval(report, REPORT_S * 1000);
        },
        (i / clients.length) * REPORT_S * 1000,
      ),
    );

    const api_ms = [];
    const socket_ms = [];
    const busy = new Set();
    const started = performance.now();
    const sends = [];
    for (let n = 0; n < COMMANDS; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // The next light not waiting for a command already (its push would answer both).
      while (busy.size >= lights.length) await new Promise((r) => setTimeout(r, 1));
      let light = lights[n % lights.length];
      for (let k = 1; busy.has(light.id); k++) light = lights[(n + k) % lights.length];
      busy.add(light.id);
      const level = n % 256;
      const seen = new Promise((resolve) => pushed.set(light.id, { level, resolve }));
      sends.push(
        api('POST', '/sbuilding/dev-rpccmd/sendCmd', {
          deviceId: light.id,
          method: 'setBrightness',
          params: { lightnessLevel: level },
        }).then(async (answer) => {
          if (answer.code !== 200) throw new Error(`sendCmd: ${JSON.stringify(answer)}`);
          api_ms.push(performance.now() - due);
          socket_ms.push((await seen) - due);
          pushed.delete(light.id);
          busy.delete(light.id);
        }),
      );
    }
    await Promise.all(sends);
    for (const timer of reporting) clearInterval(timer);
    api_ms.sort((a, b) => a - b);
    socket_ms.sort((a, b) => a - b);
    row(`${label}: sendCmd round trip (${DEVICES} connected, ${RATE}/s)`, api_ms);
    row(`${label}: sendCmd to the socket push`, socket_ms);
    socket.close();
    await Promise.all(clients.map((c) => c.endAsync()));
  } finally {
    await server.stop();
    if (cluster) await deviceNode.stop();
    await nats?.stop();
  }
}

if (typeof WebSocket === 'undefined') {
  process.stdout.write('(this Node.js has no WebSocket client: run with --experimental-websocket)\n');
} else {
  if (!process.env.BENCH_SKIP_PGLITE) await run('PGlite', {});
  if (process.env.BENCH_DATABASE_URL) {
    const db = await scratchDatabase(process.env.BENCH_DATABASE_URL, pg);
    try {
      await run('PostgreSQL', { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
    if (fs.existsSync(NATS_SERVER)) {
      const clusterDb = await scratchDatabase(process.env.BENCH_DATABASE_URL, pg);
      try {
        await run('PostgreSQL, 2 nodes', { DATABASE_URL: clusterDb.url }, { cluster: true });
      } finally {
        await clusterDb.drop();
      }
    }
  }
}
