// Shared helpers for benchmarks: start the built server on free ports with a throw-away data dir.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The Node flags `npm start` gives the server (package.json), so benchmarks measure what users run. */
function startFlags() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const flags = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts.start)?.[1] ?? '';
  return flags.split(' ').filter(Boolean);
}

export async function startServer(env = {}) {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('run npm run build first');
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-'));
  // The server runs with the Node flags of `npm start`; BENCH_NODE_ARGS adds more
  // ('--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under the load).
  const nodeArgs = [
    ...startFlags(),
    ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
  ];
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      // The energy benchmarks' first calls are the calls that split their days, as before the split warmer
      // (energy-billing README, "Warming the splits"); warm-splits.bench.mjs measures them after it.
      ENERGY_WARM_SPLITS: process.env.ENERGY_WARM_SPLITS ?? 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${url}/health`)).ok && (await fetch(`${url}/captchaImage`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (user + system, ms) a process has used, from /proc (Linux; null elsewhere). Unlike a rate, it
 * hardly moves with what else the machine runs: a shared or throttled core makes the work slower, not more.
 */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `fn` `total` times with `concurrency` in flight; returns sorted latencies (ms) and wall time. */
export async function load(fn, { total, concurrency }) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next++;
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wallMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { latencies, wallMs };
}

export function printRow(label, { latencies, wallMs }) {
  const rps = (latencies.length / wallMs) * 1000;
  const f = (n) => n.toFixed(2).padStart(8);
  process.stdout.write(
    `${label.padEnd(44)} n=${String(latencies.length).padStart(6)}  ${rps.toFixed(0).padStart(6)} req/s  p50 ${f(percentile(latencies, 50))} ms  p99 ${f(percentile(latencies, 99))} ms\n`,
  );
}

/** Signs in as `username` (captcha off) and answers a function calling the API with its token. */
export async function apiAs(url, username, password) {
  const res = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = await res.json();
  const call = async (method, path, body) => {
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return answer.json();
  };
  call.token = data.token;
  return call;
}

/** A throw-away database on the PostgreSQL server of `adminUrl`; drop() removes it. */
export async function scratchDatabase(adminUrl, pg) {
  const name = `sb_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

const hex = (n, width) => n.toString(16).toUpperCase().padStart(width, '0');

/**
 * Registers `count` mesh devices of `model` (th10, s2, ...) in the first building of the user's first
 * project, with MACs and codes that the demo data never uses (`tag` keeps two benchmarks apart), and
 * answers each one's id and access token.
 */
export async function registerDevices(api, { model, count, tag, name }) {
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { pageSize: 1 });
  const projectId = projects.rows[0].id;
  const { data: halls } = await api('POST', '/sbuilding/hall/getList', { projectId, pageSize: 1 });
  const devices = [];
  for (let i = 0; i < count; i++) {
    const created = await api('PUT', `/sbuilding/device/create/${model}`, {
      buildingId: halls.rows[0].id,
      name: `${name} ${i}`,
      macAddr: `02:${tag}:00:${hex((i >> 8) & 255, 2)}:${hex(i & 255, 2)}:01`,
      codeAddr: `B${tag}${hex(i, 9)}`,
    });
    if (created.code !== 200) throw new Error(`create failed: ${JSON.stringify(created)}`);
    const { data } = await api('GET', `/sbuilding/device/credentials/${created.data.id}`);
    devices.push({ id: created.data.id, token: data.accessToken });
  }
  return devices;
}

/**
 * A year of hourly and daily rollups of every ammeter channel (what a year of the simulator's backfill leaves
 * in the rollup tables, written in minutes rather than hours): the history the energy benchmarks measure on.
 */
export const ENERGY_YEAR_SQL = [
  `insert into telemetry_hourly (device_id, key, bucket, count, sum, min, max, delta)
   select d.id, 'energy' || coalesce(d.props->>'channel', ''), h, 4, 400, 90, 110, 0.5 + random()
   from devices d
   cross join generate_series(date_trunc('hour', now()) - interval '365 days', date_trunc('hour', now()), interval '1 hour') h
   where d.category = 'ammeter'
   on conflict do nothing`,
  `insert into telemetry_daily (device_id, key, day, count, sum, min, max, delta)
   select d.id, 'energy' || coalesce(d.props->>'channel', ''), day::date, 96, 9600, 90, 110, 24 + random() * 10
   from devices d
   cross join generate_series(now() - interval '365 days', now(), interval '1 day') day
   where d.category = 'ammeter'
   on conflict do nothing`,
];

/** Prints one user's latencies of a call: p50, p95 and p99 (ms), the label padded to `width`. */
export function printP95(label, { latencies }, width = 44) {
  const f = (n) => n.toFixed(2).padStart(8);
  process.stdout.write(
    `${label.padEnd(width)} n=${String(latencies.length).padStart(5)}  p50 ${f(percentile(latencies, 50))} ms  p95 ${f(percentile(latencies, 95))} ms  p99 ${f(percentile(latencies, 99))} ms\n`,
  );
}

/**
 * Runs `measure(label, server)` on the demo campus with `history` (SQL statements) written first: on PGlite
 * (the server seeds the demo on its first start; the history goes into its data directory while it is down;
 * `written(channels)` says what was written, beside how long it took), then, with BENCH_DATABASE_URL, on a
 * throw-away PostgreSQL database (the history written once the server has seeded it, then the `analyze`d tables'
 * statistics refreshed, as autovacuum would later).
 */
export async function onBothDatabases(
  { name, history, written, analyze = ['telemetry_hourly', 'telemetry_daily'] },
  measure,
) {
  const { PGlite } = await import('@electric-sql/pglite');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sb-bench-${name}-`));
  try {
    await (await startServer({ DATA_DIR: dataDir })).stop();
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const started = performance.now();
    for (const statement of history) await db.query(statement);
    const { rows } = await db.query(`select count(*)::int as n from devices where category = 'ammeter'`);
    await db.close();
    process.stdout.write(
      `PGlite: ${written(rows[0].n)} written in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await measure('PGlite', server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
    return;
  }
  const { default: pg } = await import('pg');
  const database = await scratchDatabase(adminUrl, pg);
  try {
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      for (const statement of history) await client.query(statement);
      await client.query(analyze.map((table) => `analyze ${table}`).join('; '));
      await client.end();
      await measure('PostgreSQL', server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
