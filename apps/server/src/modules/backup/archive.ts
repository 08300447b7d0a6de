import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupManifestSchema,
  type BackupEntry,
  type BackupManifest,
} from '@sbuilding/shared';
import type { Config } from '../../platform/env.js';
import { migrationTags, RELEASE } from '../../platform/release.js';
import { fileDirectories } from '../../platform/storage.js';
import type { DatabaseSnapshot } from './snapshot.js';

/**
 * The archive: a tar whose first entry is `manifest.json`, then `database/…` (PGlite's tar, or one COPY file
 * per table) and `files/uploads/…`, `files/exports/…`. Everything is first written to a spool directory, so
 * the manifest can vouch for every entry's size and SHA-256 before the archive's first byte is sent, and the
 * archive's length is known (the console's progress bar).
 */

export const MANIFEST = 'manifest.json';
const STORED_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** The directories whose files a backup carries (null: none of that area). */
export interface BackupDirectories {
  uploads: string;
  exports: string | null;
}

/**
 * Where a backup finds the stored files: where this configuration keeps them (FILES_DIR, or this node's
 * directories beside the embedded database); on PostgreSQL without FILES_DIR, whose files are rows of the
 * database (in its snapshot), the upload directory its store still reads from (files stored before the node
 * joined a cluster: platform/storage.ts), so that nothing the server serves is left out.
 */
export function backupDirectories(
  config: Pick<Config, 'filesDir' | 'uploadDir' | 'dataDir'>,
  kind: 'pglite' | 'postgres',
): BackupDirectories {
  return fileDirectories(config, kind) ?? { uploads: config.uploadDir, exports: null };
}

/**
 * Copies the stored files of `dirs` into the spool (names as the stores make them; a half-written `.…part`
 * file is not one). Copied, not linked: a file replaced while the archive is sent stays as it was.
 */
export async function spoolFiles(dirs: BackupDirectories, spool: string): Promise<void> {
  for (const area of ['uploads', 'exports'] as const) {
    const dir = dirs[area];
    if (dir === null) continue;
    const names = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    const target = path.join(spool, 'files', area);
    await fs.promises.mkdir(target, { recursive: true });
    for (const entry of names) {
      if (!entry.isFile() || !STORED_NAME.test(entry.name)) continue;
      await fs.promises
        .copyFile(path.join(dir, entry.name), path.join(target, entry.name))
        // Gone since it was listed (an export downloaded): it is not part of the platform any more.
        .catch((error: unknown) => {
          if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
        });
    }
  }
}

/** The manifest of a spool: every file under it, with its size and checksum. */
export async function manifestOf(spool: string, snapshot: DatabaseSnapshot): Promise<BackupManifest> {
  const entries: BackupEntry[] = [];
  for (const relative of await fs.promises.readdir(spool, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(spool, relative);
    const stat = await fs.promises.stat(file);
    if (!stat.isFile()) continue;
    entries.push({
      path: relative.split(path.sep).join('/'),
      bytes: stat.size,
      sha256: await sha256Of(file),
    });
  }
  entries.sort((a, b) => a.path.localeCompare(b.path));
  return backupManifestSchema.parse({
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    release: RELEASE,
    migrations: migrationTags(),
    createdAt: new Date().toISOString(),
    ...snapshot,
    entries,
  });
}

const BLOCK = 512;
const padded = (bytes: number) => Math.ceil(bytes / BLOCK) * BLOCK;

/** The archive's exact length: a header and the padded content per entry, and tar's two closing blocks. */
export function archiveLength(manifest: BackupManifest): number {
  const manifestBytes = Buffer.byteLength(JSON.stringify(manifest));
  const entries = manifest.entries.reduce((sum, e) => sum + BLOCK + padded(e.bytes), 0);
  return BLOCK + padded(manifestBytes) + entries + 2 * BLOCK;
}

/** Writes the archive of a spool to `out` (a file, an HTTP answer), the manifest first. */
export async function writeArchive(spool: string, manifest: BackupManifest, out: Writable): Promise<void> {
  const pack = tar.pack();
  const sent = pipeline(pack, out);
  const add = (name: string, size: number, from: Readable) =>
    new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(manifest.createdAt) }, (error) =>
        error ? reject(error) : resolve(),
      );
      from.on('error', reject);
      from.pipe(entry);
    });
  try {
    const body = Buffer.from(JSON.stringify(manifest));
    pack.entry({ name: MANIFEST, size: body.length, mode: 0o600 }, body);
    for (const entry of manifest.entries) {
      await add(entry.path, entry.bytes, fs.createReadStream(path.join(spool, entry.path)));
    }
    pack.finalize();
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  await sent;
}

/** Why an archive cannot be restored, in words for the person who ran the restore. */
export class BadArchiveError extends Error {}

/**
 * Unpacks an archive into `dir`, checking it on the way: the manifest first and valid, every entry named by
 * it, of its size and SHA-256, and none missing. Nothing is restored from an archive that fails any of these.
 */
export async function unpackArchive(file: string, dir: string): Promise<BackupManifest> {
  const extract = tar.extract();
  let manifest: BackupManifest | null = null;
  const seen = new Set<string>();
  const done = (async () => {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== MANIFEST) throw new BadArchiveError('not an sbuilding backup: no manifest first');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) if (Buffer.isBuffer(chunk)) chunks.push(chunk);
        manifest = parseManifest(Buffer.concat(chunks).toString('utf8'));
        continue;
      }
      const expected = manifest.entries.find((e) => e.path === name);
      if (!expected || seen.has(name)) throw new BadArchiveError(`damaged: ${name} is not in its manifest`);
      seen.add(name);
      const target = path.join(dir, name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const hash = crypto.createHash('sha256');
      let bytes = 0;
      entry.on('data', (chunk: unknown) => {
        if (!Buffer.isBuffer(chunk)) return;
        hash.update(chunk);
        bytes += chunk.length;
      });
      await pipeline(entry, fs.createWriteStream(target));
      if (bytes !== expected.bytes || hash.digest('hex') !== expected.sha256)
        throw new BadArchiveError(`damaged: ${name} does not match its checksum`);
    }
  })();
  const [read, checked] = await Promise.allSettled([pipeline(fs.createReadStream(file), extract), done]);
  // The check's own finding first: a bad entry also breaks the reading it stopped.
  for (const outcome of [checked, read]) {
    if (outcome.status === 'fulfilled') continue;
    const error: unknown = outcome.reason;
    if (error instanceof BadArchiveError) throw error;
    throw new BadArchiveError(
      `damaged: the archive cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!manifest) throw new BadArchiveError('not an sbuilding backup: the archive is empty');
  const found: BackupManifest = manifest;
  const missing = found.entries.filter((e) => !seen.has(e.path)).map((e) => e.path);
  if (missing.length > 0) throw new BadArchiveError(`damaged: ${missing.join(', ')} missing`);
  return found;
}

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BadArchiveError('damaged: its manifest is not JSON');
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) throw new BadArchiveError('not an sbuilding backup, or a damaged manifest');
  return parsed.data;
}
