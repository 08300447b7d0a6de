// Telemetry ingest: N devices publish QoS 1 telemetry as fast as the server acknowledges it. A PUBACK is
// sent only once the batch holding the message is committed (raw rows, rollups, latest values), so
// acknowledged messages per second ARE persisted messages per second. Prints that on PGlite, on PostgreSQL
// (BENCH_DATABASE_URL) and, as the ceiling of this machine, the same load through Mosquitto (BENCH_MQTT_URL,
// default mqtt://127.0.0.1:1883) with a bare subscriber; the ratio is the figure of the README.
// With both, it also measures the server behind Mosquitto (MQTT_URL): devices publish to Mosquitto, which
// acknowledges them itself, and the server takes them from its shared subscription; there the rate is the
// growth of the stored rows while the load runs.
import mqtt from 'mqtt';
import pg from 'pg';
import { apiAs, processCpuMs, registerDevices, scratchDatabase, startServer } from './support.mjs';
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

/** Every client keeps IN_FLIGHT QoS 1 publishes outstanding for SECONDS; answers acknowledged messages/s. */
async function blast(clients, topicOf) {
  let acked = 0;
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
      }
    }),
  );
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  running = false;
  await Promise.all(loops);
  return { rate: acked / ((performance.now() - started) / 1000), messages: acked };
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
    return rate;
  } finally {
    await server.stop();
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
