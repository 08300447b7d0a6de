import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * One database type for both drivers: services never know which one they run on. No relational schema is
 * attached (queries name their tables), so platform/ knows no module's tables; drizzle-kit finds them by
 * the `tables.ts` files of the modules (drizzle.config.ts).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tar, which `DbOptions.loadDataDir` starts another one from. */
  dump(): Promise<Blob>;
}

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));
/** Serialises migrations when several server processes start against one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

export interface DbOptions {
  /** postgres://… to use a PostgreSQL server. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite: start from this dump of another instance (the tests' seeded template) instead of an empty one. */
  loadDataDir?: Blob | undefined;
  /** Told about errors of idle pooled connections (a restarted server), which would otherwise crash us. */
  onPoolError?: (error: Error) => void;
  /**
   * Tests: use this open in-memory PGlite database of another app (a second node on the same database),
   * which stays that app's to close.
   */
  shared?: { db: Db; kind: 'pglite' | 'postgres' } | undefined;
}

export async function openDatabase(options: DbOptions): Promise<Database> {
  if (options.shared) {
    const { db, kind } = options.shared;
    return { db, kind, close: async () => {}, dump: () => Promise.reject(new Error('a shared database')) };
  }
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    pool.on('error', (error) => options.onPoolError?.(error));
    // pool.end() resolves before its connections have closed; close() waits for them, so that what runs
    // next (a test dropping its database) never terminates a connection still closing (error 57P01).
    const closed: Promise<void>[] = [];
    pool.on('connect', (c) => closed.push(new Promise((resolve) => c.once('end', () => resolve()))));
    const db: Db = drizzlePg(pool);
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await pool.end();
        await Promise.all(closed);
      },
      dump: () => Promise.reject(new Error('only PGlite dumps its data directory')),
    };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client);
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS });
  const db: Db = pgliteDb;
  return { db, kind: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('none') };
}

/** A cheap liveness probe for /health. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
