import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupManifest, BackupTable } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';

/** What a database snapshot wrote into the spool (under `database/`) and what the manifest says of it. */
export type DatabaseSnapshot = Pick<BackupManifest, 'database' | 'tables' | 'sequences' | 'counts'>;

/** The figures a restored server must show again (issue 36): one query, so they are of one snapshot. */
const COUNTS_SQL = `select
  (select count(*) from projects)::int as projects,
  (select count(*) from devices)::int as devices,
  (select count(*) from telemetry_raw)::int as readings,
  (select count(*) from files)::int as files,
  (select count(*) from users)::int as users`;

const countsSchema = (row: unknown): DatabaseSnapshot['counts'] => {
  const read = (key: string): number => {
    const value: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, key) : undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`backup: count of ${key} unreadable`);
    return n;
  };
  return {
    projects: read('projects'),
    devices: read('devices'),
    readings: read('readings'),
    files: read('files'),
    users: read('users'),
  };
};

function firstRow(result: unknown): unknown {
  const rows: unknown = typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : [];
  return Array.isArray(rows) ? rows[0] : undefined;
}

/**
 * The embedded database: PGlite's data directory as a tar, taken while this transaction holds the pool's one
 * connection (platform/db/client.ts: PGlite has one session), so nothing commits between the counts and the
 * dump, and every reading acknowledged before it began (its PUBACK follows its commit) is in it. A restore
 * starts PGlite from the tar, which replays its log as after any stop.
 */
export async function snapshotPglite(
  db: Db,
  dump: () => Promise<Blob>,
  spool: string,
): Promise<DatabaseSnapshot> {
  // Pages written out first: the tar then needs little of its log replayed when it is started.
  await db.execute(sql`checkpoint`);
  const { counts, tar } = await db.transaction(async (tx) => {
    const counted = countsSchema(firstRow(await tx.execute(sql.raw(COUNTS_SQL))));
    return { counts: counted, tar: await dump() };
  });
  await fs.promises.mkdir(path.join(spool, 'database'), { recursive: true });
  await fs.promises.writeFile(
    path.join(spool, 'database', 'pglite.tar'),
    new Uint8Array(await tar.arrayBuffer()),
  );
  return { database: 'pglite', tables: [], sequences: [], counts };
}

interface TableRow {
  name: string;
  columns: string[];
  parent: string | null;
  bound: string | null;
}

/** Every table holding rows (partitions included, their partitioned parents not), in name order. */
const TABLES_SQL = `select c.relname as name,
    array(select a.attname::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          order by a.attnum) as columns,
    p.relname as parent,
    case when c.relispartition then pg_get_expr(c.relpartbound, c.oid) end as bound
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_inherits i on i.inhrelid = c.oid and c.relispartition
  left join pg_class p on p.oid = i.inhparent
  where n.nspname = 'public' and c.relkind = 'r'
  order by c.relname`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: every table's rows as COPY text (exact for every type, what `COPY … FROM` reads back), all in
 * one REPEATABLE READ transaction, so the tables, the counts and the sequences are of one instant while the
 * platform goes on writing. No pg_dump: the nodes need nothing but the driver they already have.
 */
export async function snapshotPostgres(
  url: string,
  spool: string,
  onTable?: (name: string) => void,
): Promise<DatabaseSnapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const counts = countsSchema((await client.query(COUNTS_SQL)).rows[0]);
    const found = await client.query<TableRow>(TABLES_SQL);
    const dir = path.join(spool, 'database');
    await fs.promises.mkdir(dir, { recursive: true });
    const tables: BackupTable[] = [];
    for (const table of found.rows) {
      onTable?.(table.name);
      const columns = table.columns.map(quoted).join(', ');
      let rows = 0;
      const copy = client.query(copyTo(`copy ${quoted(table.name)} (${columns}) to stdout`));
      copy.on('data', (chunk: Buffer) => {
        // COPY text ends every row with a newline; a newline inside a value is written as \n.
        for (const byte of chunk) if (byte === 10) rows += 1;
      });
      await pipeline(copy, fs.createWriteStream(path.join(dir, `${table.name}.copy`)));
      tables.push({
        name: table.name,
        columns: table.columns,
        partitionOf: table.parent && table.bound ? { parent: table.parent, bound: table.bound } : null,
        rows,
      });
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'
       order by sequencename`,
    );
    await client.query('commit');
    return { database: 'postgres', tables, sequences: sequences.rows, counts };
  } finally {
    await client.end();
  }
}
