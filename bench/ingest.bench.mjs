// Telemetry ingest: N devices publish QoS 1 telemetry as fast as the server acknowledges it. A PUBACK is
// sent only once the batch holding the message is committed (raw rows, rollups, latest values), so
// acknowledged messages per second ARE persisted messages per second. Prints that on PGlite, on PostgreSQL
// (BENCH_DATABASE_URL) and, as the ceiling of this machine, the same load through Mosquitto (BENCH_MQTT_URL,
// default mqtt://127.0.0.1:1883) with a bare subscriber; the ratio is the figure of the README.
// With both, it also measures the server behind Mosquitto (MQTT_URL): devices publish to Mosquitto, which
// acknowledges them itself, and the server takes them from its shared subscription; there the rate is the
// growth of the stored rows while the load runs.
// With BENCH_DATABASE_URL and /usr/sbin/nats-server, also a 2-node cluster (NATS_URL) on one database: half
// the devices on each node; the figure is each node's CPU per message it persisted, against the single
// process's on PostgreSQL in the same run (the issue's target: at most 1.3×).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import mqtt from 'mqtt';
import pg from 'pg';
import { apiAs, freePort, processCpuMs, registerDevices, scratchDatabase, startServer } from './support.mjs';
import { EXTERNAL_LINK_CONNECTIONS, linkClientId } from '../apps/server/dist/mqtt/external.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function connect(url, options) {
  const client = mqtt.connect(url, { reconnectPeriod: 0, ...options });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

/**
 * Every client keeps IN_FLIGHT QoS 1 publishes outstanding for SECONDS; answers acknowledged messages/s,
 * and how many each client had acknowledged.
 */
async function blast(clients, topicOf) {
  let acked = 0;
  const perClient = clients.map(() => 0);
  let running = true;
  const started = performance.now();
  const loops = clients.flatMap((client, c) =>
    Array.from({ length: IN_FLIGHT }, async (_, k) => {
      let n = 0;
      while (running) {
        // Distinct per message (no redelivery no-ops), and recent: the live path (bus, socket) sees them as news.
        const ts = Date.now() - 60_000 + n * IN_FLIGHT + k;
        n++;
        await client.publishAsync(
          topicOf(c),
          JSON.stringify({ ts, values: { temperature: 20 + (n % 50) / 10, humidity: 40 + (n % 30) } }),
          { qos: 1 },
        );
        acked++;
        perClient[c]++;
      }
    }),
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  await Promise.all(loops);
  return { rate: acked / ((performance.now() - started) / 1000), messages: acked, perClient };
}

/** CPU (ms) of the PostgreSQL processes serving `url`'s database, when they run on this machine. */
async function databaseCpuMs(url) {
  if (!url) return null;
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    let total = 0;
    for (const { pid } of rows) {
      const ms = processCpuMs(pid);
      if (ms === null) return null;
      total += ms;
    }
    return total;
  } finally {
    await db.end();
  }
}

/** µs of server CPU per persisted message, by measureServer's label. */
const serverUs = {};

async function measureServer(label, env) {
  const server = await startServer(env);
  try {
    const api = await apiAs(server.url, 'manager', 'manager123');
    const tokens = (
      await registerDevices(api, { model: 'th10', count: DEVICES, tag: 'BE', name: 'Bench sensor' })
    ).map((d) => d.token);
    const clients = await Promise.all(
      tokens.map((token, i) => connect(server.mqttUrl, { username: token, clientId: `bench-${i}` })),
    );
    // CPU per message hardly moves with the machine's other load (a shared core makes the rate drop, not
    // the work grow); the rate a core would sustain is 1,000,000 / µs per message. PostgreSQL's share is
    // its server processes' CPU for the bench database (the same machine's /proc).
    const cpu = [server.cpuMs(), await databaseCpuMs(env.DATABASE_URL)];
    const { rate, messages } = await blast(clients, () => 'v1/devices/me/telemetry');
    const [serverCpu, databaseCpu] = [server.cpuMs(), await databaseCpuMs(env.DATABASE_URL)];
    await Promise.all(clients.map((c) => c.endAsync()));
    const perMessage = (name, before, after) =>
      before === null || after === null
        ? []
        : [`${name} ${(((after - before) * 1000) / messages).toFixed(0)} µs`];
    const cpuParts = [
      ...perMessage('server', cpu[0], serverCpu),
      ...perMessage('PostgreSQL', cpu[1], databaseCpu),
    ];
    process.stdout.write(
      `${label.padEnd(34)} ${DEVICES} devices x ${IN_FLIGHT} in flight: ${rate.toFixed(0).padStart(7)} msg/s persisted (2 readings each)${cpuParts.length ? `; CPU per message: ${cpuParts.join(', ')}` : ''}\n`,
    );
    serverUs[label] = cpu[0] === null || serverCpu === null ? null : ((serverCpu - cpu[0]) * 1000) / messages;
    return rate;
  } finally {
    await server.stop();
  }
}

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

/**
 * Two nodes on one PostgreSQL database and NATS, half the devices on each: each node's CPU per message it
 * persisted (what a node of a cluster costs per message), and the database's per message of both.
 */
async function measureCluster(label, env) {
  const nats = await startNats();
  const shared = { ...env, NATS_URL: nats.url, JWT_SECRET: crypto.randomBytes(32).toString('base64url') };
  const nodes = [];
  try {
    // The first migrates and seeds; the second joins.
    nodes.push(await startServer(shared));
    nodes.push(await startServer(shared));
    const api = await apiAs(nodes[0].url, 'manager', 'manager123');
    const tokens = (
      await registerDevices(api, { model: 'th10', count: DEVICES, tag: 'BE', name: 'Bench sensor' })
    ).map((d) => d.token);
    const clients = await Promise.all(
      tokens.map((token, i) => connect(nodes[i % 2].mqttUrl, { username: token, clientId: `bench-${i}` })),
    );
    const before = [...nodes.map((n) => n.cpuMs()), await databaseCpuMs(env.DATABASE_URL)];
    const { rate, messages, perClient } = await blast(clients, () => 'v1/devices/me/telemetry');
    const after = [...nodes.map((n) => n.cpuMs()), await databaseCpuMs(env.DATABASE_URL)];
    await Promise.all(clients.map((c) => c.endAsync()));
    const handled = [0, 1].map((n) =>
      perClient.reduce((sum, count, i) => sum + (i % 2 === n ? count : 0), 0),
    );
    const us = [0, 1].map((n) =>
      before[n] === null || after[n] === null ? null : ((after[n] - before[n]) * 1000) / handled[n],
    );
    const database =
      before[2] === null || after[2] === null
        ? ''
        : `, PostgreSQL ${(((after[2] - before[2]) * 1000) / messages).toFixed(0)} µs`;
    process.stdout.write(
      `${label.padEnd(34)} ${DEVICES} devices x ${IN_FLIGHT} in flight: ${rate.toFixed(0).padStart(7)} msg/s persisted in all; CPU per message: node A ${us[0]?.toFixed(0)} µs, node B ${us[1]?.toFixed(0)} µs${database}\n`,
    );
    return { rate, us };
  } finally {
    await Promise.all(nodes.map((n) => n.stop()));
    await nats.stop();
  }
}

async function measureMosquitto(url) {
  let subscriber;
  try {
    subscriber = await connect(url, { clientId: `bench-sub-${process.pid}` });
  } catch {
    process.stdout.write(`(no broker at ${url}: set BENCH_MQTT_URL to measure the Mosquitto ceiling)\n`);
    return null;
  }
  let received = 0;
  subscriber.on('message', () => received++);
  await subscriber.subscribeAsync(`sbbench/${process.pid}/#`, { qos: 1 });
  const clients = await Promise.all(
    Array.from({ length: DEVICES }, (_, i) => connect(url, { clientId: `bench-pub-${process.pid}-${i}` })),
  );
  const { rate } = await blast(clients, (c) => `sbbench/${process.pid}/${c}`);
  await Promise.all([...clients, subscriber].map((c) => c.endAsync()));
  process.stdout.write(
    `${'Mosquitto, bare subscriber'.padEnd(34)} ${DEVICES} devices x ${IN_FLIGHT} in flight: ${rate.toFixed(0).padStart(7)} msg/s acknowledged (${received} delivered)\n`,
  );
  return rate;
}

/** The server as Mosquitto's subscriber (MQTT_URL): readings stored per second while devices publish. */
async function measureExternal(label, env, brokerUrl) {
  const server = await startServer({ ...env, MQTT_URL: brokerUrl });
  const db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const api = await apiAs(server.url, 'manager', 'manager123');
    const devices = await registerDevices(api, {
      model: 'th10',
      count: DEVICES,
      tag: 'BE',
      name: 'Bench sensor',
    });
    const clients = await Promise.all(
      devices.map((_, i) => connect(brokerUrl, { clientId: `bench-ext-${process.pid}-${i}` })),
    );
    const stored = async () => Number((await db.query('select count(*) from telemetry_raw')).rows[0].count);
    // The broker's own acknowledgements pace the devices; the window skips the first and last seconds.
    const load = blast(clients, (c) => `sb/${devices[c].token}/v1/devices/me/telemetry`);
    await new Promise((r) => setTimeout(r, 2_000));
    const [from, t0, cpu0] = [await stored(), performance.now(), server.cpuMs()];
    await new Promise((r) => setTimeout(r, Math.max(1, SECONDS - 4) * 1000));
    const [to, t1, cpu1] = [await stored(), performance.now(), server.cpuMs()];
    await load;
    await Promise.all(clients.map((c) => c.endAsync()));
    // Two readings per message.
    const rate = (to - from) / 2 / ((t1 - t0) / 1000);
    const cpu =
      cpu0 === null || cpu1 === null
        ? ''
        : `; CPU per message: server ${(((cpu1 - cpu0) * 2000) / (to - from)).toFixed(0)} µs`;
    process.stdout.write(
      `${label.padEnd(34)} ${DEVICES} devices through Mosquitto: ${rate.toFixed(0).padStart(7)} msg/s persisted (2 readings each)${cpu}\n`,
    );
    return rate;
  } finally {
    await db.end();
    await server.stop();
    // Ends the server's persistent sessions (its client ids name its port, a new one each run): Mosquitto
    // keeps giving an offline member of a shared subscription its share, which the next run would miss.
    const base = linkClientId(Number(new URL(server.url).port));
    for (let i = 0; i < EXTERNAL_LINK_CONNECTIONS; i++) {
      const forget = await connect(brokerUrl, { clientId: `${base}-${i}`, clean: true });
      await forget.endAsync();
    }
  }
}

const results = {};
if (!process.env.BENCH_SKIP_PGLITE) results.pglite = await measureServer('PGlite (embedded)', {});
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const db = await scratchDatabase(adminUrl, pg);
  try {
    results.postgres = await measureServer('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
  if (fs.existsSync(NATS_SERVER)) {
    const clusterDb = await scratchDatabase(adminUrl, pg);
    try {
      const cluster = await measureCluster('PostgreSQL, 2-node cluster (NATS)', {
        DATABASE_URL: clusterDb.url,
      });
      const single = serverUs.PostgreSQL;
      const worst = Math.max(...cluster.us.filter((u) => u !== null));
      if (single && Number.isFinite(worst)) {
        process.stdout.write(
          `a cluster node's CPU per message: ${(worst / single).toFixed(2)}× the single process's (target: at most 1.3×)\n`,
        );
      }
    } finally {
      await clusterDb.drop();
    }
  }
} else {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
}
const brokerUrl = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const ceiling = await measureMosquitto(brokerUrl);
if (ceiling && adminUrl) {
  const db = await scratchDatabase(adminUrl, pg);
  try {
    results['postgres behind Mosquitto'] = await measureExternal(
      'PostgreSQL, server behind Mosquitto',
      { DATABASE_URL: db.url },
      brokerUrl,
    );
  } finally {
    await db.drop();
  }
}
if (ceiling) {
  for (const [name, rate] of Object.entries(results)) {
    process.stdout.write(`${name}: ${((rate / ceiling) * 100).toFixed(0)}% of the Mosquitto ceiling\n`);
  }
}
// The issue's target: the external-broker path at least half of the embedded one, on the same database.
const [embedded, external] = [results.postgres, results['postgres behind Mosquitto']];
if (embedded && external) {
  process.stdout.write(
    `server behind Mosquitto: ${((external / embedded) * 100).toFixed(0)}% of the embedded broker's rate (PostgreSQL)\n`,
  );
}
