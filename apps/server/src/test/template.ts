import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../platform/db/client.js';
import { seedDemo } from '../modules/seed/demo.js';
import { FileStore } from '../modules/files/store.js';

/**
 * The seeded database every API test starts from, built once per run by the suite's global setup: migrating
 * and seeding took most of each test file's set-up. PGlite's data directory is dumped to a tar that each
 * test file loads; on PostgreSQL the template is a database that `CREATE DATABASE … TEMPLATE` copies. The
 * seed's floor plans go to `uploadDir`, which each test app copies.
 */
export interface SeededTemplate {
  /** The PGlite data directory as a tar (`dumpDataDir`); unset on PostgreSQL. */
  pgliteTar?: string;
  /** The PostgreSQL database to copy; unset on PGlite. */
  pgDatabase?: string;
  uploadDir: string;
}

/** Builds the template in a new directory; `drop` removes it (and the PostgreSQL template database). */
export async function buildTemplate(
  serverUrl: string | undefined,
): Promise<{ template: SeededTemplate; drop(): Promise<void> }> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-template-'));
  const uploadDir = path.join(dir, 'uploads');
  const log = pino({ level: 'silent' });
  if (serverUrl) {
    const name = `sb_tpl_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: withDatabase(serverUrl, name) });
    try {
      await seedDemo(database.db, log, new FileStore(uploadDir));
    } finally {
      await database.close();
    }
    return {
      template: { pgDatabase: name, uploadDir },
      drop: async () => {
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await fs.promises.rm(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await openDatabase({});
  try {
    await seedDemo(database.db, log, new FileStore(uploadDir));
    const tar = await database.dump();
    const pgliteTar = path.join(dir, 'pglite.tar');
    await fs.promises.writeFile(pgliteTar, new Uint8Array(await tar.arrayBuffer()));
    return {
      template: { pgliteTar, uploadDir },
      drop: () => fs.promises.rm(dir, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
