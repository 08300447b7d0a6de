import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupManifestSchema, type BackupManifest } from '@sbuilding/shared';
import { buildApp } from '../../app.js';
import { startDeviceLink, type DeviceLink } from '../../mqtt/index.js';
import { rowsOf } from '../../platform/db/rows.js';
import { loadConfig } from '../../platform/env.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { deviceClients } from '../../test/device-clients.js';
import { insertDevice } from '../../test/devices.js';
import { adminQuery, withDatabase } from '../../test/template.js';
import { as } from '../../test/tenants.js';
import { MANIFEST } from './archive.js';
import { restoreArchive, RestoreRefused } from './restore.js';

/**
 * Backups that restore (issue 36): the platform administrator downloads one while devices publish, and
 * `npm run restore` brings it into an empty installation (an empty DATA_DIR, or an empty PostgreSQL database
 * on the server project) whose server counts what the manifest says; what a restore refuses, and why.
 */

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const SERVER_URL = process.env.TEST_DB_DRIVER === 'pg' ? process.env.TEST_DATABASE_URL : undefined;

let t: TestApp;
let link: DeviceLink;
let client: MqttClient;
let work: string;
let archive: string;
let manifest: BackupManifest;
/** Readings in the database before the backup was asked for, and those acknowledged (PUBACK) since. */
let ackedBeforeBackup = 0;
const devicesOf = deviceClients(() => link.broker?.port ?? 0);
const databases: string[] = [];

/** An empty target: a data directory of its own, and on PostgreSQL a new empty database. */
async function emptyTarget(name: string): Promise<Record<string, string>> {
  const dataDir = path.join(work, name);
  await fs.promises.mkdir(dataDir, { recursive: true });
  const env: Record<string, string> = { DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, 'uploads') };
  if (SERVER_URL) {
    const database = `sb_restore_${crypto.randomBytes(5).toString('hex')}`;
    await adminQuery(SERVER_URL, `CREATE DATABASE ${database}`);
    databases.push(database);
    env.DATABASE_URL = withDatabase(SERVER_URL, database);
  }
  return env;
}

const configOf = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_ENABLED: 'false', ...env });

/** `npm run <script> -- <file>` with the target's settings, as a person runs it. */
function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.FILES_DIR;
  const child = spawn('npm', ['run', '--silent', script, '--', file], { cwd: REPO, env: childEnv });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** The figures a manifest counts, asked of a running server's database. */
async function countsOf(app: FastifyInstance): Promise<BackupManifest['counts']> {
  const result = await app.db.execute(
    sql.raw(`select
      (select count(*) from projects)::int as projects,
      (select count(*) from devices)::int as devices,
      (select count(*) from telemetry_raw)::int as readings,
      (select count(*) from files)::int as files,
      (select count(*) from users)::int as users`),
  );
  const [row] = rowsOf(result);
  return { projects: 0, devices: 0, readings: 0, files: 0, users: 0, ...row };
}

/** Rewrites an archive's entries through `change` (a test's damage), keeping their order. */
async function rewritten(
  from: string,
  name: string,
  change: (entry: string, bytes: Buffer) => Buffer,
): Promise<string> {
  const out = path.join(work, name);
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(out));
  const read = pipeline(fs.createReadStream(from), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
    const bytes = change(entry.header.name, Buffer.concat(chunks));
    pack.entry({ name: entry.header.name, size: bytes.length }, bytes);
  }
  pack.finalize();
  await Promise.all([read, written]);
  return out;
}

beforeAll(async () => {
  work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sb-backup-'));
  t = await createTestApp({
    captchaEnabled: false,
    // A data directory of its own: the backup's spool and this server's exports are nobody else's.
    env: { MQTT_PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(work, 'source') },
  });
  link = await startDeviceLink(t.app.config, t.app.db, t.app.log, {
    bus: t.app.telemetryBus,
    database: t.app.dbKind,
    metrics: t.app.metrics,
  });
  t.app.deviceChannel = link.channel;
  const device = await insertDevice(t.app.db, { model: 'gw4g', name: 'Backed-up gateway' });
  client = await devicesOf.connect(device.accessToken);
}, 60_000);

afterAll(async () => {
  await devicesOf.endAll();
  await link?.close();
  await t?.close();
  if (SERVER_URL)
    for (const database of databases)
      await adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (work) await fs.promises.rm(work, { recursive: true, force: true });
});

describe('GET /system/backup', () => {
  it('refuses a tenant manager: the whole platform is the platform administrator’s', async () => {
    const manager = as(t, await t.login('manager', 'manager123'));
    expect((await manager('GET', '/system/backup')).statusCode).toBe(403);
  });

  it('makes an archive while devices publish, holding every reading acknowledged before it began', async () => {
    const admin = as(t, await t.login('admin', 'admin123'));
    // Devices publish (QoS 1) all through the backup; each PUBACK follows its reading's commit.
    let publishing = true;
    let acked = 0;
    const ingest = (async () => {
      for (let i = 0; publishing; i += 1) {
        await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ rssi: -50 - (i % 40) }), {
          qos: 1,
        });
        acked += 1;
      }
    })();
    await expect.poll(() => acked).toBeGreaterThanOrEqual(20);
    ackedBeforeBackup = (await countsOf(t.app)).readings;
    const res = await admin('GET', '/system/backup');
    const ackedDuring = acked;
    publishing = false;
    await ingest;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sbuilding-backup-.*\.tar"$/);
    // The console's progress bar divides by it: the exact length, known before the first byte.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    archive = path.join(work, 'platform.tar');
    await fs.promises.writeFile(archive, res.rawPayload);

    const extract = tar.extract();
    const read = pipeline(fs.createReadStream(archive), extract);
    const names: string[] = [];
    for await (const entry of extract) {
      names.push(entry.header.name);
      const chunks: Buffer[] = [];
      for await (const chunk of entry) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
      if (entry.header.name === MANIFEST)
        manifest = backupManifestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    }
    await read;
    expect(names[0]).toBe(MANIFEST);
    expect(names.slice(1)).toEqual(manifest.entries.map((e) => e.path));
    expect(manifest.database).toBe(t.app.dbKind);
    expect(manifest.counts.readings).toBeGreaterThanOrEqual(ackedBeforeBackup);
    expect(manifest.counts.readings).toBeGreaterThan(0);
    expect(manifest.counts.files).toBeGreaterThan(0);
    expect(ackedDuring).toBeGreaterThan(0);
  }, 120_000);

  it('answers 409 to a second backup while one is being made', async () => {
    const admin = as(t, await t.login('admin', 'admin123'));
    const [first, second] = await Promise.all([
      admin('GET', '/system/backup'),
      admin('GET', '/system/backup'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  }, 120_000);
});

describe('npm run restore', () => {
  let target: Record<string, string>;

  it('fills an empty installation whose server counts what the manifest says, and starts', async () => {
    target = await emptyTarget('restored');
    const restored = await npmRun('restore', archive, target);
    expect(restored.code, `${restored.stdout}${restored.stderr}`).toBe(0);
    expect(restored.stdout).toContain(`restored: ${manifest.counts.projects} projects`);

    const app = await buildApp({ config: configOf(target), logger: false });
    try {
      await app.openDb({ url: target.DATABASE_URL, dataDir: path.join(target.DATA_DIR ?? '', 'pglite') });
      app.markStarted();
      expect(await countsOf(app)).toEqual(manifest.counts);
      // Every uploaded file's bytes are served again, wherever this installation keeps them.
      const stored = await app.db.execute(sql`select stored_name as name, size from files`);
      for (const row of rowsOf(stored))
        expect((await app.storage.uploads.get(String(row.name)))?.length, String(row.name)).toBe(row.size);
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'admin', password: 'admin123', uuid: '', code: '' },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await app.close();
    }
  }, 180_000);

  it('refuses a target that is not empty, saying so', async () => {
    const again = await npmRun('restore', archive, target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      SERVER_URL
        ? /restore refused: the database of DATABASE_URL is not empty/
        : /restore refused: DATA_DIR .* already holds a database/,
    );
  }, 60_000);

  it('refuses a damaged archive (a checksum that does not match) before writing anything', async () => {
    // An entry with bytes to damage (an empty table's COPY file has none).
    const damagedEntry = manifest.entries.find((e) => e.bytes > 0);
    if (!damagedEntry) throw new Error('an archive without content');
    const damaged = await rewritten(archive, 'damaged.tar', (name, bytes) => {
      if (name !== damagedEntry.path) return bytes;
      const copy = Buffer.from(bytes);
      const at = Math.floor(copy.length / 2);
      copy[at] = (copy[at] ?? 0) ^ 0xff;
      return copy;
    });
    const empty = await emptyTarget('damaged');
    const refused = await restoreArchive(damaged, configOf(empty)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect(String(refused)).toContain(`damaged: ${damagedEntry.path} does not match its checksum`);
    expect(await fs.promises.readdir(empty.DATA_DIR ?? '')).toEqual([]);
  }, 60_000);

  it('refuses an archive of a newer release, naming the release it needs', async () => {
    const newer = await rewritten(archive, 'newer.tar', (name, bytes) =>
      name === MANIFEST ? Buffer.from(JSON.stringify({ ...manifest, release: '99.0.0' })) : bytes,
    );
    const empty = await emptyTarget('newer');
    const refused = await restoreArchive(newer, configOf(empty)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect(String(refused)).toContain('made by release 99.0.0, newer than this one');
    expect(await fs.promises.readdir(empty.DATA_DIR ?? '')).toEqual([]);
  }, 60_000);
});
