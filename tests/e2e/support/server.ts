import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../../apps/server/src/test/free-port.js';

export { freePort };

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Where a browser file's server keeps its data. With a PostgreSQL server (TEST_DATABASE_URL, as CI sets it) a
 * database of its own there, made for the server and dropped after it: the console's flows are the same on
 * both databases (the API suite runs what differs on both), and the embedded database, one connection in
 * WebAssembly, made each browser half wait on its servers' queues. The files about a new user's first start
 * (`useOwnCampus`) ask for `embedded`, as `npm start` runs. Without a server, always embedded.
 */
export type ServerDatabase = 'test' | 'embedded';

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database on the test server for one server, and how to drop it; none without a server. */
async function serverDatabase(
  wanted: ServerDatabase,
): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (wanted === 'embedded' || !serverUrl) return undefined;
  const name = `sb_e2e_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts the built server (`npm run build` first) on free ports with a fresh data dir (and database). */
export async function startServer(
  env: Record<string, string> = {},
  { database: wanted = 'test' }: { database?: ServerDatabase } = {},
): Promise<RunningServer> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-e2e-'));
  const database = await serverDatabase(process.env.E2E_DATABASE === 'embedded' ? 'embedded' : wanted);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      // A suite that turns the simulator on gets a live campus at once; the first-start history is tested alone.
      SIM_BACKFILL_DAYS: '0',
      // The demo's faults change what some devices do (an AC switched on, a light left on): a test asks for them.
      SIM_DEMO_FAULTS: 'false',
      // Suites create the scenes and AC automations they test on a campus that has none of its own.
      SEED_DEMO_AUTOMATIONS: 'false',
      CAPTCHA_ENABLED: 'false',
      // Suites unplug devices right after the start; the connect grace is tested in the server's suite.
      DEVICE_CONNECT_GRACE_MINUTES: '0',
      LOG_LEVEL: 'warn',
      ...(database ? { DATABASE_URL: database.url } : {}),
      // A private console build, so a run is not broken by another build replacing apps/web/dist meanwhile.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
    // The IPC channel carries the server's 'ready' message (apps/server/src/main.ts).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
  // Ready when the server says so (after its database, migrations and demo seed), or failed when it exits
  // first. Three servers start at once beside the API suite: on a loaded 2-core machine that took over 90 s.
  const outcome = await new Promise<'ready' | 'exited' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 180_000);
    // With the simulator on, ready once the campus is alive too (its devices connected, a first start's
    // history written), as a user sees it: signing in during the simulator's connections on a loaded machine
    // took over 30 s now and then.
    const awaited = new Set(env.SIMULATOR === 'on' ? ['ready', 'simulator'] : ['ready']);
    child.on('message', (message: { type?: string }) => {
      if (!message.type || !awaited.delete(message.type) || awaited.size > 0) return;
      clearTimeout(timer);
      resolve('ready');
    });
    child.once('exit', () => {
      clearTimeout(timer);
      resolve('exited');
    });
  });
  if (outcome === 'ready') {
    child.disconnect();
    return { url, dataDir, log: () => output, stop };
  }
  if (outcome === 'exited') {
    await stop();
    throw new Error(`server exited (${child.exitCode}):\n${output}`);
  }
  await stop();
  throw new Error(`server did not become ready in 3 minutes:\n${output}`);
}
