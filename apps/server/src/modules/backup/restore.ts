import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';
import { from as copyFrom } from 'pg-copy-streams';
import { BACKUP_FORMAT_VERSION, type BackupManifest } from '@sbuilding/shared';
import { startEmbedded } from '../../platform/db/embedded.js';
import type { Config } from '../../platform/env.js';
import { compareReleases, MIGRATIONS_DIR, migrationTags, RELEASE } from '../../platform/release.js';
import { DirectoryBytes, fileDirectories } from '../../platform/storage.js';
import { BadArchiveError, unpackArchive } from './archive.js';

/** drizzle's journal, every field kept: only its entries are cut. */
const journalSchema = z.looseObject({ entries: z.array(z.unknown()) });

/** Why a restore refused its target or its archive: said to the person as it is. */
export class RestoreRefused extends Error {}

type RestoreConfig = Pick<Config, 'dataDir' | 'uploadDir' | 'filesDir' | 'databaseUrl'>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A newer release's archive (or another line of migrations) would start a database this code cannot read. */
function refuseNewer(manifest: BackupManifest): void {
  const ours = migrationTags();
  const newer =
    manifest.formatVersion > BACKUP_FORMAT_VERSION ||
    compareReleases(manifest.release, RELEASE) > 0 ||
    manifest.migrations.length > ours.length;
  if (newer)
    throw new RestoreRefused(
      `this backup was made by release ${manifest.release}, newer than this one (${RELEASE}): restore it with release ${manifest.release} or later`,
    );
  const differs = manifest.migrations.findIndex((tag, i) => tag !== ours[i]);
  if (differs >= 0)
    throw new RestoreRefused(
      `this backup's database went through migration ${manifest.migrations[differs] ?? ''}, which this release does not have: restore it with the release that made it (${manifest.release})`,
    );
}

async function nonEmptyDir(dir: string): Promise<boolean> {
  const entries = await fs.promises.readdir(dir).catch(() => []);
  return entries.length > 0;
}

/** The directories a restore writes files into must hold nothing yet (a file would be overwritten). */
async function refuseFilesThere(dirs: { uploads: string; exports: string } | null): Promise<void> {
  for (const dir of dirs ? [dirs.uploads, dirs.exports] : []) {
    if (await nonEmptyDir(dir))
      throw new RestoreRefused(`${dir} is not empty: a restore fills an empty installation only`);
  }
}

/**
 * Restores an archive into an empty installation: `DATA_DIR` of the embedded database, or the empty
 * PostgreSQL database of `DATABASE_URL`, and the stored files where this configuration keeps them. The archive
 * is unpacked and checked in full (manifest, every checksum) before anything is written; a refusal changes
 * nothing. The next start of the server migrates what is older and carries on.
 */
export async function restoreArchive(
  file: string,
  config: RestoreConfig,
  say: (line: string) => void = () => {},
): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`${file}: no such file`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const dirs = fileDirectories(config, kind);
  // Refused before the archive is read: a target that is not empty stays as it is.
  if (kind === 'pglite') {
    if (await nonEmptyDir(path.join(config.dataDir, 'pglite')))
      throw new RestoreRefused(
        `DATA_DIR ${config.dataDir} already holds a database: a restore fills an empty DATA_DIR only`,
      );
  } else if (await postgresHoldsTables(config.databaseUrl ?? '')) {
    throw new RestoreRefused(
      'the database of DATABASE_URL is not empty: a restore fills an empty database only (create a new one)',
    );
  }
  await refuseFilesThere(dirs);

  const work = await fs.promises.mkdtemp(path.join(path.dirname(config.dataDir), '.sbuilding-restore-'));
  try {
    say(`checking ${file}`);
    const manifest = await unpackArchive(file, work);
    refuseNewer(manifest);
    if (manifest.database !== kind)
      throw new RestoreRefused(
        manifest.database === 'pglite'
          ? 'this backup is of the embedded database: restore it without DATABASE_URL'
          : 'this backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
      );
    if (kind === 'pglite') {
      say('restoring the embedded database');
      await restorePglite(path.join(work, 'database', 'pglite.tar'), config.dataDir);
    } else {
      say('restoring the PostgreSQL database');
      await restorePostgres(config.databaseUrl ?? '', manifest, work, dirs);
    }
    if (dirs) {
      say('restoring the stored files');
      for (const area of ['uploads', 'exports'] as const) {
        const from = path.join(work, 'files', area);
        const store = new DirectoryBytes(dirs[area]);
        for (const name of await fs.promises.readdir(from).catch(() => []))
          await store.put(name, await fs.promises.readFile(path.join(from, name)));
      }
    }
    return manifest;
  } catch (error) {
    if (error instanceof BadArchiveError)
      throw new RestoreRefused(`${file} cannot be restored: ${error.message}`);
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

async function restorePglite(tarFile: string, dataDir: string): Promise<void> {
  // Takes DATA_DIR's lock as a server does: a server running there refuses the restore (DataDirInUseError).
  const embedded = await startEmbedded({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([await fs.promises.readFile(tarFile)]),
  });
  await embedded.stop();
}

async function postgresHoldsTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    return (found.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

/** The migrations folder as it was when the backup was made: its journal cut at the archive's last one. */
async function migrationsUpTo(count: number, work: string): Promise<string> {
  const dir = path.join(work, 'migrations');
  await fs.promises.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = journalSchema.parse(JSON.parse(await fs.promises.readFile(journalFile, 'utf8')));
  await fs.promises.writeFile(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }),
  );
  return dir;
}

/**
 * PostgreSQL: the schema as it was (the archive's migrations), then every table's rows in one transaction:
 * foreign keys are dropped and made again after the load (so no table order matters, and every reference is
 * checked once at the end), the rows migrations seeded are cleared first, partitions the snapshot had are
 * made, each partition's rows go through its parent (the database routes them), and the sequences carry on
 * from where they were.
 */
async function restorePostgres(
  url: string,
  manifest: BackupManifest,
  work: string,
  dirs: { uploads: string; exports: string } | null,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), {
      migrationsFolder: await migrationsUpTo(manifest.migrations.length, work),
    });
    await client.query('begin');
    const keys = await client.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and conparentid = 0`,
    );
    for (const key of keys.rows)
      await client.query(`alter table ${key.tbl} drop constraint ${quoted(key.name)}`);
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    );
    if (tables.rows.length > 0)
      await client.query(`truncate ${tables.rows.map((t) => quoted(t.name)).join(', ')}`);
    for (const table of manifest.tables) {
      if (table.partitionOf)
        await client.query(
          `create table if not exists ${quoted(table.name)} partition of ${quoted(table.partitionOf.parent)} ${table.partitionOf.bound}`,
        );
    }
    for (const table of manifest.tables) {
      const into = table.partitionOf?.parent ?? table.name;
      const columns = table.columns.map(quoted).join(', ');
      const copy = client.query(copyFrom(`copy ${quoted(into)} (${columns}) from stdin`));
      await pipeline(fs.createReadStream(path.join(work, 'database', `${table.name}.copy`)), copy);
    }
    for (const sequence of manifest.sequences) {
      if (sequence.value === null) await client.query(`alter sequence ${quoted(sequence.name)} restart`);
      else await client.query('select setval($1, $2::bigint, true)', [quoted(sequence.name), sequence.value]);
    }
    // Files the archive carries as files, where this configuration keeps them in the database. A row the
    // snapshot holds wins over a node's copy of the same file (its store read the row first too).
    if (!dirs) {
      for (const area of ['uploads', 'exports'] as const) {
        const from = path.join(work, 'files', area);
        for (const name of await fs.promises.readdir(from).catch(() => []))
          await client.query(
            `insert into stored_bytes (area, name, bytes) values ($1, $2, $3)
             on conflict (area, name) do nothing`,
            [area, name, await fs.promises.readFile(path.join(from, name))],
          );
      }
    }
    for (const key of keys.rows)
      await client.query(`alter table ${key.tbl} add constraint ${quoted(key.name)} ${key.def}`);
    await client.query('commit');
    // Files the snapshot held as rows, where this configuration keeps them in FILES_DIR.
    if (dirs) {
      const stored = await client.query<{ area: string; name: string; bytes: Buffer }>(
        `select area, name, bytes from stored_bytes where area in ('uploads', 'exports')`,
      );
      for (const row of stored.rows)
        await new DirectoryBytes(row.area === 'uploads' ? dirs.uploads : dirs.exports).put(
          row.name,
          row.bytes,
        );
    }
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
