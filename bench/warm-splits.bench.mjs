// The split warmer (issue 22, energy-billing README "Warming the splits"): each period's first cost call on the
// demo campus with a year of rollups (ENERGY_YEAR_SQL, written while the server is down), once with the warmer
// off (ENERGY_WARM_SPLITS=off: the first YEAR call splits the year itself) and once after the warmer's first
// pass (its log line), with /getInfo asked every 200 ms while it warms (what a signed-in user waits for). On
// PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiAs, ENERGY_YEAR_SQL, freePort, percentile, scratchDatabase } from './support.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const PERIODS = ['YEAR', 'MONTH', 'DAY', 'WEEK'];

/** The built server on `dataDir` (and `databaseUrl`), its log lines (info) told to `onLine`. */
async function start({ dataDir, databaseUrl, warm, onLine }) {
  const main = path.join(ROOT, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('run npm run build first');
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SIMULATOR: 'off',
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'info',
      ENERGY_WARM_SPLITS: warm ? 'on' : 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      onLine(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/captchaImage`)).ok) break;
    } catch {
      if (i > 400) throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh demo campus (seeded by a first start) with a year of rollups, then `measure`d on a second start. */
async function campus(label, { databaseUrl, warm }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-warm-'));
  try {
    await (await start({ dataDir, databaseUrl, warm: false, onLine: () => {} })).stop();
    if (databaseUrl) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      for (const statement of ENERGY_YEAR_SQL) await client.query(statement);
      await client.query('analyze telemetry_hourly; analyze telemetry_daily');
      await client.end();
    } else {
      const { PGlite } = await import('@electric-sql/pglite');
      const db = new PGlite(path.join(dataDir, 'pglite'));
      for (const statement of ENERGY_YEAR_SQL) await db.query(statement);
      await db.close();
    }
    let warmed = () => {};
    let pass = null;
    const done = new Promise((resolve) => (warmed = resolve));
    const started = performance.now();
    const server = await start({
      dataDir,
      databaseUrl,
      warm,
      onLine: (line) => {
        if (!line.includes('tariff splits warmed')) return;
        pass = JSON.parse(line);
        warmed();
      },
    });
    try {
      const api = await apiAs(server.url, 'manager', 'manager123');
      const { data: projects } = await api('POST', '/sbuilding/project/getList', {
        projectName: 'Demo Campus',
      });
      const projectId = projects.rows[0].id;
      const tag = `${label}, warmer ${warm ? 'on' : 'off'}:`;
      if (warm) {
        let finished = false;
        void done.then(() => (finished = true));
        const latencies = [];
        while (!finished) {
          const t0 = performance.now();
          await api('GET', '/getInfo');
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 200));
        }
        latencies.sort((a, b) => a - b);
        process.stdout.write(
          `${tag} first pass ${pass.channelDays} channel-days, ${pass.channelMonths} channel-months in ${pass.ms} ms (done ${(performance.now() - started).toFixed(0)} ms after the start); /getInfo meanwhile n=${latencies.length} p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms\n`,
        );
      }
      for (const period of PERIODS) {
        const t0 = performance.now();
        const answer = await api(
          'GET',
          `/sbuilding/board/energy/cost?projectId=${projectId}&period=${period}`,
        );
        if (answer.code !== 200 || !(answer.data.cost > 0))
          throw new Error(`${period}: ${JSON.stringify(answer)}`);
        process.stdout.write(
          `${`${tag} cost ${period}, first call`.padEnd(48)} ${(performance.now() - t0).toFixed(0)} ms\n`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const warm of [false, true]) await campus('PGlite', { warm });
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
} else {
  const { default: pg } = await import('pg');
  for (const warm of [false, true]) {
    const database = await scratchDatabase(adminUrl, pg);
    try {
      await campus('PostgreSQL', { databaseUrl: database.url, warm });
    } finally {
      await database.drop();
    }
  }
}
