// Raw telemetry retention's first pass on a first start's history (issue 22, "data that lasts years"): the server
// starts on an empty PGlite directory with the simulator and SIM_BACKFILL_DAYS=365 (a year of the meters'
// hourly counters and a week of every device), stops once the simulator runs, and the retention pass then runs on
// that directory as the server runs it (90 days kept; the demand quarters of every expiring meter day split
// first). Prints the pass's time, what it removed and the longest the event loop was held (PGlite runs in the
// server's thread: what other requests would have waited at most). Needs the server built (npm run build).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/dist/platform/db/client.js';
import { runRetention } from '../apps/server/dist/modules/telemetry/retention.js';
import { settleDemandBefore } from '../apps/server/dist/modules/energy-billing/demand.js';
import { freePort } from './support.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-retention-'));
try {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SIMULATOR: 'on',
      SIM_BACKFILL_DAYS: '365',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen = (seen + chunk.toString()).slice(-10_000);
      if (seen.includes('building simulator running')) resolve();
    });
    child.once('exit', () => reject(new Error('the server stopped before its simulator ran')));
  });
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  process.stdout.write(
    `first start with a year of history: ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );

  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const count = async () =>
      Number((await database.db.$client.query('select count(*)::int as n from telemetry_raw')).rows[0].n);
    const before = await count();
    const now = Date.now();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const passStarted = performance.now();
    const result = await runRetention(database.db, {
      kind: 'pglite',
      days: 90,
      now,
      beforeExpire: (untilMs) => settleDemandBefore(database.db, untilMs, now),
    });
    const ms = performance.now() - passStarted;
    loop.disable();
    const quarters = Number(
      (await database.db.$client.query('select count(*)::int as n from energy_demand_quarters')).rows[0].n,
    );
    process.stdout.write(
      `PGlite: first retention pass ${(ms / 1000).toFixed(1)} s: ${before} readings before, ${await count()} after` +
        ` (${result.deletedRows} deleted in batches, partitions dropped: ${result.droppedPartitions.length}),` +
        ` ${quarters} demand quarters stored; event loop held at most ${(loop.max / 1e6).toFixed(0)} ms` +
        '\n',
    );
  } finally {
    await database.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
