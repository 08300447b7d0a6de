import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { multipartFile, PNG_1X1 } from '../../test/multipart.js';
import { DatabaseBytes } from '../../platform/storage.js';

// Two server nodes on one database (each with an upload directory of its own, as two machines have).
const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
  for (const dir of dirs) await fs.promises.rm(dir, { recursive: true, force: true });
});

async function twoNodes(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  // generatedSecrets: the nodes share the signing key (of tokens and file links) through the database.
  const first = await createTestApp({ captchaEnabled: false, env, generatedSecrets: true });
  apps.push(first);
  const second = await createTestApp({
    captchaEnabled: false,
    env,
    generatedSecrets: true,
    sameDatabaseAs: first,
  });
  apps.push(second);
  return [first, second];
}

/** Uploads a picture through `from`, then reads it through `to` by its signed link and as an export. */
async function crossNode(from: TestApp, to: TestApp) {
  const manager = as(from, await from.login('manager', 'manager123'));
  const { payload, headers } = multipartFile('plan.png', PNG_1X1);
  const uploaded = await manager('POST', '/sbuilding/file/upload/image', payload, headers);
  expect(uploaded.statusCode).toBe(200);
  const served = await to.app.inject({ method: 'GET', url: uploaded.json().data.url });
  const admin = as(from, await from.login('admin', 'admin123'));
  const { fileName } = (await admin('GET', '/system/dict/data/export?dictType=sb_alert_level')).json().data;
  const otherAdmin = as(to, await to.login('admin', 'admin123'));
  const download = await otherAdmin('GET', `/common/download?fileName=${fileName}&delete=true`);
  return { served, download, fileName: String(fileName), size: Number(uploaded.json().data.size) };
}

const onPostgres = process.env.TEST_DB_DRIVER === 'pg';

describe('uploads and exports every node serves', () => {
  it('with FILES_DIR: a file uploaded through one node is served by another, and so is an export', async () => {
    const shared = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-files-'));
    dirs.push(shared);
    const [first, second] = await twoNodes({ FILES_DIR: shared });
    expect(second.app.storage.kind()).toBe('directory');
    const { served, download, size } = await crossNode(first, second);
    expect(served.statusCode).toBe(200);
    // The picture as stored (re-encoded on upload): a PNG of the size the upload answered.
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8));
    expect(served.rawPayload.length).toBe(size);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it(`without FILES_DIR: ${onPostgres ? 'in PostgreSQL, so another node serves them' : 'on the embedded database, in its data dir as ever'}`, async () => {
    const [first, second] = await twoNodes();
    expect(first.app.storage.kind()).toBe(onPostgres ? 'database' : 'local');
    const { served, download, fileName, size } = await crossNode(first, onPostgres ? second : first);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8));
    expect(served.rawPayload.length).toBe(size);
    expect(download.statusCode).toBe(200);
    // Removed once downloaded with delete=true, for every node.
    expect(await first.app.storage.exports.get(fileName)).toBeUndefined();
    expect(await second.app.storage.exports.get(fileName)).toBeUndefined();
  });

  it('keeps bytes in the database rows that any handle on the database reads', async () => {
    const [first, second] = await twoNodes();
    const written = new DatabaseBytes(() => first.app.db, 'uploads');
    const read = new DatabaseBytes(() => second.app.db, 'uploads');
    await written.put('00000000-0000-4000-8000-000000000001.png', PNG_1X1);
    expect(await read.get('00000000-0000-4000-8000-000000000001.png')).toEqual(PNG_1X1);
    await read.remove('00000000-0000-4000-8000-000000000001.png');
    expect(await written.get('00000000-0000-4000-8000-000000000001.png')).toBeUndefined();
  });
});
