/**
 * Raw telemetry retention (issue 22, "data that lasts years"): raw readings are kept `days` days, the hourly and
 * daily rollups for ever. telemetry_raw is partitioned by UTC month of `ts` on both databases (migration
 * telemetry_raw_partitions; PGlite is PostgreSQL 17), with a default partition for readings outside every month's partition.
 *
 * - Partitions are made ahead: every month from the retention's start to the next month, at start and by each
 *   day's pass. A month made while the default partition holds readings of it takes them over.
 * - A month whose readings have all expired is dropped whole (both databases): instant, and it frees its
 *   space at once (PGlite has no autovacuum: deleted rows would keep their space).
 * - Expired readings outside the monthly partitions (the default partition) and, on PGlite, the expired days
 *   of the oldest month still kept are deleted in batches (`batchRows` per statement, one device key at a
 *   time through the primary key, yielding to the event loop between statements), so the embedded server
 *   stays responsive and keeps exactly `days` days. PostgreSQL keeps a month until all of it has expired
 *   (raw readings live `days` days to a month longer): deleting rows day by day is what partitions spare it.
 * - Before anything is removed, `beforeExpire(untilMs)` is awaited: main.ts passes energy-billing's
 *   `settleDemandBefore`, which splits the meters' days still held in raw readings into demand quarters. The
 *   rollups need nothing: the writer stores them in the transaction that stores the readings.
 * - One node a day: each pass claims the UTC day in `telemetry_retention` (a conditional upsert); a node
 *   that dies mid-pass leaves the rest to the next day's pass (every step is idempotent). Partition changes
 *   take a transaction-level advisory lock, so two nodes starting at once do not both make a month.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { telemetryRetention } from './tables.js';
import { rowsOf } from '../../platform/db/rows.js';

export const DAY_MS = 86_400_000;
/** Rows one delete statement removes at most. */
export const RETENTION_BATCH_ROWS = 10_000;
/** How often a node looks whether today's pass has run (it runs once a UTC day, on one node). */
export const RETENTION_CHECK_MS = 3_600_000;
/** Serialises partition changes between nodes (pg_advisory_xact_lock). */
const PARTITION_LOCK = 727_022;
const DEFAULT_PARTITION = 'telemetry_raw_default';
const PARTITION_NAME = /^telemetry_raw_p(\d{4})(\d{2})$/;

export interface RawPartition {
  name: string;
  /** The month's first instant (UTC, ms). */
  from: number;
  /** The next month's first instant. */
  to: number;
}

function field(row: unknown, name: string): unknown {
  return row && typeof row === 'object' ? Reflect.get(row, name) : undefined;
}

/** The first instant of the UTC month `ms` falls in, moved by `months`. */
export function monthStart(ms: number, months = 0): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
}

export function partitionName(monthMs: number): string {
  const d = new Date(monthMs);
  return `telemetry_raw_p${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The monthly partitions of telemetry_raw, oldest first (the default partition is not listed). */
export async function rawPartitions(db: Db): Promise<RawPartition[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'telemetry_raw'::regclass`);
  const out: RawPartition[] = [];
  for (const row of rowsOf(result)) {
    const match = PARTITION_NAME.exec(String(field(row, 'name')));
    if (!match) continue;
    const from = Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
    out.push({ name: match[0], from, to: monthStart(from, 1) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * Makes the monthly partitions of [fromMs, toMs] that do not exist yet; answers the names made. A month's
 * readings already in the default partition move into it (ATTACH refuses a month the default still holds).
 */
export async function ensurePartitions(db: Db, fromMs: number, toMs: number): Promise<string[]> {
  const wanted: number[] = [];
  for (let m = monthStart(fromMs); m <= toMs; m = monthStart(m, 1)) wanted.push(m);
  const known = new Set((await rawPartitions(db)).map((p) => p.from));
  const made: string[] = [];
  for (const month of wanted.filter((m) => !known.has(m))) {
    const name = partitionName(month);
    const from = new Date(month).toISOString();
    const to = new Date(monthStart(month, 1)).toISOString();
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
      // Another node may have made it while this one waited.
      const exists = await tx.execute(sql`select to_regclass(${name}) is not null as present`);
      if (field(rowsOf(exists)[0], 'present') === true) return false;
      await tx.execute(sql.raw(`create table "${name}" (like telemetry_raw including defaults)`));
      await tx.execute(
        sql.raw(`with moved as (
          delete from ${DEFAULT_PARTITION} where ts >= '${from}' and ts < '${to}'
          returning device_id, key, ts, num, txt)
        insert into "${name}" (device_id, key, ts, num, txt) select * from moved`),
      );
      await tx.execute(
        sql.raw(
          `alter table telemetry_raw attach partition "${name}" for values from ('${from}') to ('${to}')`,
        ),
      );
      return true;
    });
    if (created) made.push(name);
  }
  return made;
}

/** Gives the event loop a turn (the embedded database runs in the server's thread). */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes one table's readings before `untilMs`, `batchRows` rows a statement: key by key of each device
 * (found by a loose scan of the primary key), each statement a range of the primary key. Answers the count.
 */
async function deleteBefore(db: Db, table: string, untilMs: number, batchRows: number): Promise<number> {
  const until = new Date(untilMs).toISOString();
  const pairs = rowsOf(
    await db.execute(
      sql.raw(`with recursive pairs(device_id, key) as (
        (select device_id, key from "${table}" order by device_id, key limit 1)
        union all
        select n.device_id, n.key from pairs p cross join lateral (
          select device_id, key from "${table}" where (device_id, key) > (p.device_id, p.key)
          order by device_id, key limit 1) n
      ) select device_id, key from pairs`),
    ),
  );
  let deleted = 0;
  for (const pair of pairs) {
    const deviceId = Number(field(pair, 'device_id'));
    const key = String(field(pair, 'key'));
    for (;;) {
      const result = await db.execute(sql`
        delete from ${sql.identifier(table)} where ctid = any(array(
          select ctid from ${sql.identifier(table)}
          where device_id = ${deviceId} and key = ${key} and ts < ${until}::timestamptz
          limit ${batchRows}))`);
      // node-postgres answers rowCount, PGlite affectedRows.
      const answer: object = Object(result);
      const count = Number(Reflect.get(answer, 'rowCount') ?? Reflect.get(answer, 'affectedRows') ?? 0);
      deleted += count;
      await yieldTurn();
      if (count < batchRows) break;
    }
  }
  return deleted;
}

export interface RetentionOptions {
  kind: 'pglite' | 'postgres';
  /** Days raw readings are kept; 0 keeps them for ever (only the partitions are made). */
  days: number;
  /** The pass's time (ms), from the app's clock. */
  now: number;
  /** Awaited before readings before `untilMs` are removed (demand quarters of those days). */
  beforeExpire?: (untilMs: number) => Promise<void>;
  batchRows?: number;
}

export interface RetentionResult {
  /** False: another pass (this node's or another's) already claimed today. */
  claimed: boolean;
  createdPartitions: string[];
  droppedPartitions: string[];
  deletedRows: number;
  /** Readings before this instant are gone (ms); null when nothing expires. */
  keptFrom: number | null;
}

/**
 * Today's retention pass, if no node has run it yet: makes the partitions ahead, settles what depends on the
 * expiring readings, drops the months wholly expired and deletes the other expired readings in batches.
 */
export async function runRetention(db: Db, options: RetentionOptions): Promise<RetentionResult> {
  const { now, days } = options;
  const result: RetentionResult = {
    claimed: false,
    createdPartitions: [],
    droppedPartitions: [],
    deletedRows: 0,
    keptFrom: null,
  };
  const today = new Date(now).toISOString().slice(0, 10);
  const claimed = await db
    .insert(telemetryRetention)
    .values({ id: 1, day: today, claimedAt: new Date(now) })
    .onConflictDoUpdate({
      target: telemetryRetention.id,
      set: { day: sql`excluded.day`, claimedAt: sql`excluded.claimed_at`, finishedAt: null },
      setWhere: sql`${telemetryRetention.day} < excluded.day`,
    })
    .returning({ id: telemetryRetention.id });
  if (claimed.length === 0) return result;
  result.claimed = true;
  const cutoff = days > 0 ? now - days * DAY_MS : null;
  result.createdPartitions = await ensurePartitions(db, cutoff ?? now, monthStart(now, 1));
  if (cutoff !== null) {
    await options.beforeExpire?.(cutoff);
    const batchRows = options.batchRows ?? RETENTION_BATCH_ROWS;
    for (const partition of await rawPartitions(db)) {
      if (partition.to <= cutoff) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
          await tx.execute(sql.raw(`drop table if exists "${partition.name}"`));
        });
        result.droppedPartitions.push(partition.name);
      } else if (options.kind === 'pglite' && partition.from < cutoff) {
        result.deletedRows += await deleteBefore(db, partition.name, cutoff, batchRows);
      }
    }
    result.deletedRows += await deleteBefore(db, DEFAULT_PARTITION, cutoff, batchRows);
    const oldestKept = (await rawPartitions(db))[0];
    // PostgreSQL: the oldest month kept may begin before the cutoff (it has not wholly expired).
    result.keptFrom = oldestKept && options.kind === 'postgres' ? Math.min(cutoff, oldestKept.from) : cutoff;
  }
  await db
    .update(telemetryRetention)
    .set({ finishedAt: new Date(now), keptFrom: result.keptFrom === null ? null : new Date(result.keptFrom) })
    .where(sql`${telemetryRetention.id} = 1`);
  return result;
}

/**
 * Starts retention on this node: the partitions of the retention's months and the next month at once, then a
 * look every `checkMs` (an hour) whether today's pass has run, running it if not (one node a day). The first
 * pass waits for the first look, so a first start's simulator history is written before anything expires.
 */
export function startTelemetryRetention(options: {
  db: () => Db;
  kind: 'pglite' | 'postgres';
  days: number;
  clock: Clock;
  log: FastifyBaseLogger;
  beforeExpire?: (untilMs: number) => Promise<void>;
  checkMs?: number;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const queue = (work: () => Promise<void>, what: string) => {
    running = running
      .then(work)
      .catch((error: unknown) => options.log.error({ err: error }, `telemetry retention: ${what}`));
  };
  queue(async () => {
    const now = options.clock.now().getTime();
    const from = options.days > 0 ? now - options.days * DAY_MS : now;
    await ensurePartitions(options.db(), from, monthStart(now, 1));
  }, 'making partitions');
  const timer = setInterval(
    () =>
      queue(async () => {
        const result = await runRetention(options.db(), {
          kind: options.kind,
          days: options.days,
          now: options.clock.now().getTime(),
          beforeExpire: options.beforeExpire,
        });
        if (result.claimed) options.log.info({ retention: result }, 'telemetry retention pass');
      }, 'the daily pass'),
    options.checkMs ?? RETENTION_CHECK_MS,
  );
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
