import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupManifest } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { manifestOf, spoolFiles, type BackupDirectories } from './archive.js';
import { snapshotPglite, snapshotPostgres } from './snapshot.js';

/** What a backup is made from: the open database and where this configuration keeps its files. */
export interface BackupSource {
  kind: 'pglite' | 'postgres';
  /** The embedded database: its handle (counts) and its dump. */
  db: Db;
  dump: () => Promise<Blob>;
  /** PostgreSQL: its URL (the snapshot's own connection). */
  url: string | undefined;
  /** The stored files' directories (archive.ts, backupDirectories). */
  dirs: BackupDirectories;
  /** DATA_DIR: the spool is made beside the data, on the disk sized for it. */
  dataDir: string;
}

export interface MadeBackup {
  manifest: BackupManifest;
  spool: string;
  /** Removes the spool (after the archive is written or sent). */
  dispose(): Promise<void>;
}

/** The database's snapshot first, then the files, into a spool under DATA_DIR; then the manifest of it all. */
export async function makeBackup(source: BackupSource): Promise<MadeBackup> {
  const spool = path.join(source.dataDir, `.backup-${crypto.randomBytes(6).toString('hex')}`);
  await fs.promises.mkdir(spool, { recursive: true, mode: 0o700 });
  const dispose = () => fs.promises.rm(spool, { recursive: true, force: true });
  try {
    const snapshot =
      source.kind === 'pglite'
        ? await snapshotPglite(source.db, source.dump, spool)
        : await snapshotPostgres(source.url ?? '', spool);
    await spoolFiles(source.dirs, spool);
    return { manifest: await manifestOf(spool, snapshot), spool, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
