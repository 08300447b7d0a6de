import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../apps/server/src/test/nats-server.js';

/**
 * What the cluster tests share: server nodes as real processes of the built server (`npx tsc -b apps/server`;
 * npm test builds it first) on one fresh PostgreSQL database of TEST_DATABASE_URL's server, and their
 * clean-up. Each test file brings its own NATS.
 */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';

export interface Node {
  url: string;
  mqttUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}

export interface Cluster {
  nodes: [Node, Node, Node];
  /** A connection to the cluster's database, to read what the nodes stored. */
  db: pg.Client;
  /** The demo manager's session token (signed in on node 1). */
  token: string;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];
let admin: pg.Client | undefined;
let dbName = '';
let db: pg.Client | undefined;

export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-cluster-'));
  tempDirs.push(dir);
  return dir;
}

/** Kills a process at once (kill -9) and waits until it has gone. */
export async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A server node on free ports with a data dir of its own; ready once /health says ok. */
export async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const mqttPort = await freePort();
  let output = '';
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: tempDir(),
      SIMULATOR: 'off',
      SIM_BACKFILL_DAYS: '0',
      CAPTCHA_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  // Ready once /health says ok (database open, migrations and seed done, device link up).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited (${child.exitCode}):\n${output}`);
    const health = await fetch(`${url}/health`).catch(() => null);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, output: () => output, stop: () => killed(child) };
}

export async function login(node: Node, username: string, password: string): Promise<string> {
  const res = await fetch(`${node.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, uuid: '', code: '' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Three nodes on a fresh database and the NATS servers at `natsUrl`: the first migrates and seeds it, the
 * others join it.
 */
export async function startCluster(natsUrl: string): Promise<Cluster> {
  if (!fs.existsSync(MAIN))
    throw new Error(`${MAIN} is missing: build the server first (npx tsc -b apps/server)`);
  dbName = `sb_cluster_${crypto.randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const env = {
    DATABASE_URL: url.toString(),
    NATS_URL: natsUrl,
    JWT_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  const first = await startNode(env);
  const [second, third] = await Promise.all([startNode(env), startNode(env)]);
  db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return { nodes: [first, second, third], db, token: await login(first, 'manager', 'manager123') };
}

/** Every node gone, the database dropped, the data dirs removed. */
export async function stopCluster(): Promise<void> {
  await Promise.all(children.map((child) => killed(child)));
  await db?.end();
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}
