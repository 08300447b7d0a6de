import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../platform/db/client.js';
import { DataDirInUseError } from '../../platform/db/embedded.js';
import { ConfigError, loadConfig } from '../../platform/env.js';
import { backupDirectories, writeArchive } from './archive.js';
import { makeBackup } from './make.js';
import { restoreArchive, RestoreRefused } from './restore.js';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (the built server: `npm run build` first), with
 * the server's own settings (DATA_DIR, DATABASE_URL, FILES_DIR, UPLOAD_DIR). The command line's words go to
 * the terminal (stdout, stderr) as they are: this is a tool a person runs, not the server's log.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function backup(file: string): Promise<void> {
  const config = loadConfig();
  if (fs.existsSync(file)) throw new RestoreRefused(`${file} exists: name a new file`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  }).catch((error: unknown) => {
    if (error instanceof DataDirInUseError)
      throw new RestoreRefused(
        `${error.message}. While it runs, download the backup from the console (System → Backup) or GET /system/backup`,
      );
    throw error;
  });
  try {
    say(
      `making a backup of the ${kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database and the stored files`,
    );
    const made = await makeBackup({
      kind,
      db: database.db,
      dump: () => database.dump(),
      url: config.databaseUrl,
      dirs: backupDirectories(config, kind),
      dataDir: config.dataDir,
    });
    try {
      const partial = `${file}.part`;
      await writeArchive(made.spool, made.manifest, fs.createWriteStream(partial, { mode: 0o600 }));
      await fs.promises.rename(partial, file);
    } finally {
      await made.dispose();
    }
    const { counts } = made.manifest;
    say(
      `${file}: ${counts.projects} projects, ${counts.devices} devices, ${counts.readings} readings, ${counts.files} files, ${counts.users} users (release ${made.manifest.release})`,
    );
  } finally {
    await database.close();
  }
}

async function restore(file: string): Promise<void> {
  const config = loadConfig();
  const manifest = await restoreArchive(file, config, say);
  const { counts } = manifest;
  say(
    `restored: ${counts.projects} projects, ${counts.devices} devices, ${counts.readings} readings, ${counts.files} files, ${counts.users} users from release ${manifest.release} of ${manifest.createdAt}; start the server to carry on`,
  );
}

async function main(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    process.stderr.write('usage: npm run backup -- <file>   |   npm run restore -- <file>\n');
    return 2;
  }
  try {
    await (command === 'backup' ? backup(path.resolve(file)) : restore(path.resolve(file)));
    return 0;
  } catch (error) {
    if (
      error instanceof RestoreRefused ||
      error instanceof ConfigError ||
      error instanceof DataDirInUseError
    ) {
      process.stderr.write(`${command} refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
