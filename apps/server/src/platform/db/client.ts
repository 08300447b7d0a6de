import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';

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
  /** The embedded database only: its data directory as a tar, which `DbOptions.loadDataDir` starts another from. */
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
  /** The embedded database's thread ended on its own: told so the server can stop, naming why. */
  onEmbeddedCrash?: ((error: Error) => void) | undefined;
}

export async function openDatabase(options: DbOptions): Promise<Database> {
  if (options.shared) {
    const { db, kind } = options.shared;
    return { db, kind, close: async () => {}, dump: () => Promise.reject(new Error('a shared database')) };
  }
  if (options.url) {
    const pool = await openPool({ connectionString: options.url, max: 10 }, options);
    return {
      db: drizzlePg(pool.pool),
      kind: 'postgres',
      close: pool.close,
      dump: () => Promise.reject(new Error('only PGlite dumps its data directory')),
    };
  }
  // The embedded database in its own thread, reached through pg as PostgreSQL is: one code path for both.
  const embedded = await startEmbedded({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    onCrash: options.onEmbeddedCrash,
  });
  try {
    const pool = await openPool(embeddedConnection(embedded), options);
    return {
      db: drizzlePg(pool.pool),
      kind: 'pglite',
      close: async () => {
        await pool.close();
        await embedded.stop();
      },
      dump: () => embedded.dump(),
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/**
 * One connection: PGlite has one session, so statements queue for it whichever connection sends them, and a
 * second connection would share its prepared statements (`prepare('verify_session')` twice: error 42P05). It
 * is never closed while idle; a new one (after a failure) starts by forgetting the old one's statements.
 */
function embeddedConnection(embedded: EmbeddedDatabase): pg.PoolConfig {
  return {
    host: embedded.socketDir,
    port: embedded.port,
    user: 'postgres',
    database: 'template1',
    max: 1,
    idleTimeoutMillis: 0,
  };
}

/** A pool, migrated (under an advisory lock, for several processes on one server). */
async function openPool(
  config: pg.PoolConfig,
  options: DbOptions,
): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  const pool = new pg.Pool(config);
  pool.on('error', (error) => options.onPoolError?.(error));
  // pool.end() resolves before its connections have closed; close() waits for them, so that what runs
  // next (a test dropping its database) never terminates a connection still closing (error 57P01).
  const closed: Promise<void>[] = [];
  pool.on('connect', (c) => {
    closed.push(new Promise((resolve) => c.once('end', () => resolve())));
    // The embedded database keeps a closed connection's prepared statements: a new one starts afresh.
    if (config.max === 1) void c.query('DEALLOCATE ALL').catch(() => undefined);
  });
  const close = async () => {
    await pool.end();
    await Promise.all(closed);
  };
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { pool, close };
}

/** A cheap liveness probe for /health. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
