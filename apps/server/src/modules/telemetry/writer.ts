import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { pause } from '../../platform/pause.js';
import {
  keepCounterStarts,
  RollupBuilder,
  rollupUpserts,
  upsertRollups,
  type BuiltRollups,
} from './rollups.js';

/** An int[] column of the one row a statement answered; both drivers answer `{ rows }`, read as data. */
function intArray(result: unknown, column: string): number[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  const [row]: unknown[] = Array.isArray(rows) ? rows : [];
  if (typeof row !== 'object' || row === null) return [];
  const value: unknown = Reflect.get(row, column);
  return Array.isArray(value) ? value.map(Number) : [];
}

/** How long a lane skips stored readings after a batch brought some (milliseconds). */
const SKIP_STORED_MS = 10_000;

/** The newest reading of each device's keys in a batch (any arrival order), and the batch's devices. */
function newestOf(rows: readonly TelemetryRow[]): { newest: TelemetryRow[]; deviceIds: number[] } {
  const byDevice = new Map<number, Map<string, TelemetryRow>>();
  for (const row of rows) {
    let byKey = byDevice.get(row.deviceId);
    if (!byKey) byDevice.set(row.deviceId, (byKey = new Map()));
    const known = byKey.get(row.key);
    if (!known || row.ts >= known.ts) byKey.set(row.key, row);
  }
  const newest: TelemetryRow[] = [];
  for (const byKey of byDevice.values()) newest.push(...byKey.values());
  return { newest, deviceIds: [...byDevice.keys()] };
}

/** A device's last activity is written at most this often (seconds) while it stays online, by default. */
export const ACTIVITY_WRITE_S = 15;

export interface TelemetryRow {
  deviceId: number;
  key: string;
  /** Milliseconds since the epoch. */
  ts: number;
  value: number | string | boolean;
}

export interface WriterOptions {
  /** Most rows one transaction writes; the rest wait for the next one. */
  maxBatchRows?: number;
  /** Told of each committed batch (rows, milliseconds), for logs and benchmarks. */
  onBatch?: (rows: number, ms: number) => void;
  /**
   * Told of rows as they are queued, before their commit: the live socket pushes them at once, so a light
   * switched from the console shows its new state without waiting for a transaction. The values are what
   * the device said; a crash before the commit means only that the device sends them again.
   */
  onReceived?: (rows: readonly TelemetryRow[]) => void;
  /**
   * Seconds between writes of an online device's last activity (ACTIVITY_WRITE_S); keep it well under the
   * silence after which a device counts as offline.
   */
  activityWriteS?: number;
  /** Transactions at once (DEFAULT_WRITER_LANES); PGlite runs them one after the other anyway. */
  lanes?: number;
  /** Told, after the commit, of the devices a batch brought back online (they were offline before it). */
  onCameOnline?: (deviceIds: readonly number[]) => void;
  /**
   * How long an idle lane lets readings gather before it writes them (milliseconds); it starts at once
   * when GATHER_ROWS are waiting. 0 (the default) starts on the next turn of the event loop. See
   * gatherMsFor: on PGlite every statement runs in the server's own thread.
   */
  gatherMs?: number;
}

/**
 * An idle lane's gathering time on each database. PGlite runs in the server's thread, and a statement's
 * fixed cost (parsing, planning, the commit: about 3 ms) blocks everything else meanwhile: at a quiet
 * building's pace (a reading every few milliseconds) each would be a statement of its own, and commands
 * wait behind them (measured, 1,000 devices reporting and 20 commands/s: p99 90 ms without gathering,
 * 37-48 ms with). Devices are acknowledged that much later; the console's live values are pushed on
 * arrival and do not wait. PostgreSQL works beside the server: its batches grow on their own.
 */
export function gatherMsFor(database: 'pglite' | 'postgres'): number {
  return database === 'pglite' ? 50 : 0;
}

/**
 * The most readings one transaction writes on each database. PGlite runs a statement in the server's
 * thread: a batch of 20,000 readings (a first start's history arrives that fast) held every request for
 * seconds, and sign-in on a first start took 7 s at a load average of 7 (over 30 s in the browser tests).
 * 1,000 keep each statement to some tens of milliseconds there; PostgreSQL runs beside the server, and larger
 * batches only cost it less per reading.
 */
export function maxBatchRowsFor(database: 'pglite' | 'postgres'): number {
  return database === 'pglite' ? 1_000 : 20_000;
}

/** Readings waiting that end an idle lane's gathering at once: under load, batches need no waiting. */
const GATHER_ROWS = 1_000;

interface Pending {
  rows: TelemetryRow[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writers run this many transactions at once by default; each device always goes to the same one. Two: one
 * commits while the other gathers its next batch. More only made smaller batches (measured: 4 lanes were
 * slower on the 2-core machine, the server's CPU being the limit, not PostgreSQL).
 */
export const DEFAULT_WRITER_LANES = 2;

/**
 * Group commit of telemetry. `write` queues rows and resolves once the transaction holding them has
 * committed, so the broker acknowledges a QoS 1 publish (PUBACK) only after its rows are durable. Devices
 * are spread over a few lanes (by id); each lane runs one transaction at a time and whatever arrives
 * meanwhile forms its next batch, so batches grow with the load, no message waits for a database round
 * trip of its own, and one device's readings are always written in order (its counters' consumption
 * depends on it). Lanes touch disjoint rows, so they never wait for each other's locks.
 */
export class TelemetryWriter {
  private readonly lanes: Lane[];
  private closed = false;

  constructor(
    db: Db,
    private readonly options: WriterOptions = {},
  ) {
    const rollups = new RollupBuilder();
    const count = Math.max(1, options.lanes ?? DEFAULT_WRITER_LANES);
    this.lanes = Array.from({ length: count }, () => new Lane(db, options, rollups));
  }

  write(rows: TelemetryRow[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('telemetry writer closed'));
    if (rows.length === 0) return Promise.resolve();
    try {
      this.options.onReceived?.(rows);
    } catch {
      // The listener logs its own failures; storing goes on.
    }
    // A device's message (the usual case) goes to its one lane as it is.
    const [first] = rows;
    if (first && rows.every((row) => row.deviceId === first.deviceId))
      return this.laneOf(first.deviceId).write(rows);
    const parts = new Map<Lane, TelemetryRow[]>();
    for (const row of rows) {
      const lane = this.laneOf(row.deviceId);
      const part = parts.get(lane) ?? [];
      part.push(row);
      parts.set(lane, part);
    }
    return Promise.all([...parts].map(([lane, part]) => lane.write(part))).then(() => undefined);
  }

  private laneOf(deviceId: number): Lane {
    const lane = this.lanes[deviceId % this.lanes.length] ?? this.lanes[0];
    if (!lane) throw new Error('telemetry writer without lanes');
    return lane;
  }

  /** Waits for everything queued, then refuses new writes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.lanes.map((lane) => lane.idle()));
  }
}

class Lane {
  private queue: Pending[] = [];
  /** Rows in `queue`. */
  private queuedRows = 0;
  private running: Promise<void> | null = null;
  /** Ends the gathering under way, if any. */
  private wake: (() => void) | null = null;
  private readonly maxBatchRows: number;
  /** Until then (performance.now()), batches skip readings stored before instead of trying plain inserts. */
  private skipStoredUntil = 0;

  constructor(
    private readonly db: Db,
    private readonly options: WriterOptions,
    private readonly rollups: RollupBuilder,
  ) {
    this.maxBatchRows = options.maxBatchRows ?? 20_000;
  }

  write(rows: TelemetryRow[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.queuedRows += rows.length;
      if (this.queuedRows >= GATHER_ROWS) this.wake?.();
      this.running ??= this.drain();
    });
  }

  async idle(): Promise<void> {
    this.wake?.();
    await this.running;
  }

  private async drain(): Promise<void> {
    await this.gather();
    while (this.queue.length > 0) {
      // Whole writes, up to maxBatchRows (at least one); taken with one slice, not a shift each.
      const rows: TelemetryRow[] = [];
      let taken = 0;
      for (const next of this.queue) {
        if (taken > 0 && rows.length + next.rows.length > this.maxBatchRows) break;
        for (const row of next.rows) rows.push(row);
        taken++;
      }
      const batch = this.queue.slice(0, taken);
      this.queue = this.queue.slice(taken);
      this.queuedRows -= rows.length;
      const size = rows.length;
      const started = performance.now();
      try {
        await this.commit(rows);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
        continue;
      }
      this.options.onBatch?.(size, performance.now() - started);
      for (const pending of batch) pending.resolve();
    }
    this.running = null;
  }

  /** Lets the first batch of a busy spell gather: the publishes of the current tick, or gatherMs' worth. */
  private gather(): Promise<void> {
    const ms = this.options.gatherMs ?? 0;
    if (ms <= 0 || this.queuedRows >= GATHER_ROWS) return new Promise((resolve) => setImmediate(resolve));
    const { done, wake } = pause(ms);
    this.wake = wake;
    return done.then(() => {
      this.wake = null;
    });
  }

  /**
   * Plain inserts first: skipping stored rows (ON CONFLICT) costs PostgreSQL twice the time per row, and
   * almost every reading is new. A reading stored before (a redelivered message, a device sending its
   * buffer again) or twice in the batch breaks the key: the batch is then written again, skipping those.
   */
  private async commit(rows: TelemetryRow[]): Promise<void> {
    // Once stored readings came again (a device sending its buffer, a clock stuck on one time), more
    // follow: the next batches skip them at once rather than fail first.
    if (performance.now() < this.skipStoredUntil) return this.commitSkipping(rows);
    try {
      await this.commitNew(rows);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      this.skipStoredUntil = performance.now() + SKIP_STORED_MS;
      await this.commitSkipping(rows);
    }
  }

  /**
   * The usual batch, every reading new: its rollups are known before it is written, so the raw rows, the
   * latest values, the devices' activity and the rollups go in one statement, committed on its own: one
   * round trip instead of four (begin, statement, rollups, commit), which is what a small batch costs most.
   */
  private async commitNew(rows: TelemetryRow[]): Promise<void> {
    await this.rollups.prepare(this.db, rows);
    const result = await this.db.execute(this.statement(rows, this.rollups.build(rows)));
    this.announce(intArray(result, 'back'));
  }

  /** A batch holding readings stored before: they are skipped, and only the rest feed the rollups. */
  private async commitSkipping(rows: TelemetryRow[]): Promise<void> {
    let cameOnline: number[] = [];
    await this.db.transaction(async (tx) => {
      await this.rollups.prepare(tx, rows);
      // Before the statement moves device_latest on: a counter's consumption is measured from the reading
      // stored before this batch.
      await keepCounterStarts(tx, rows);
      const result = await tx.execute(this.statement(rows, null));
      const dups = new Set(intArray(result, 'dups'));
      cameOnline = intArray(result, 'back');
      // Ordinals count from 1.
      const stored = dups.size === 0 ? rows : rows.filter((_, index) => !dups.has(index + 1));
      await upsertRollups(tx, this.rollups.build(stored));
    });
    this.announce(cameOnline);
  }

  private announce(cameOnline: number[]): void {
    try {
      if (cameOnline.length > 0) this.options.onCameOnline?.(cameOnline);
    } catch {
      // The listener logs its own failures; the rows are committed.
    }
  }

  /**
   * One statement storing the raw rows, the newest value of each key, and the devices' activity; with
   * `rollups` (a batch of new readings) their rollups too, else (skipping stored readings) it answers the
   * ordinals of the readings it did not store (`dups`). It answers the devices that came back online.
   * - A redelivered message has the same device, key and timestamp: the primary key refuses it, or skips
   *   it (ON CONFLICT) when skipping stored readings, and then it is in `dups` (as is a second copy within
   *   the batch, and a reading of a device deleted meanwhile), so it feeds no rollup.
   * - The newest reading of each key wins, whatever order the rows of a batch arrived in.
   * - Activity is written at most every activityWriteS per device (the offline silence is minutes), with
   *   each device's previous state, so the devices that were offline (`back`) are real returns.
   */
  private statement(rows: TelemetryRow[], rollups: BuiltRollups | null): SQL {
    // The batch travels as one JSON text (serialised natively) rather than as arrays built and escaped row
    // by row: at tens of thousands of readings a second that work is most of the writer's cost.
    const batch = JSON.stringify(rows);
    const { newest, deviceIds } = newestOf(rows);
    const activityWriteS = this.options.activityWriteS ?? ACTIVITY_WRITE_S;
    // An array literal: `= any` probes the primary key per device, where `in (select … from json)` made the
    // planner guess a hundred ids and scan the whole devices table.
    const ids = `{${deviceIds.join(',')}}`;
    return sql`
      with existing as (
        -- The batch's devices that still exist (one index probe per device, not per reading).
        select id from devices
        where id = any(${ids}::int[])
      ),
      input as (
        select d, k, to_timestamp(t / 1000) as ts, v, i::int as i
        from rows from (json_to_recordset(${batch}::json)
          as ("deviceId" int, key text, ts float8, value json)) with ordinality as x(d, k, t, v, i)
        -- A device deleted since it sent them: its readings are dropped (reported as not stored).
        where d in (select id from existing)
      ),
      ins as (
        insert into telemetry_raw (device_id, key, ts, num, txt)
        select d, k, ts,
          case json_typeof(v) when 'number' then (v::text)::float8
            when 'boolean' then (v::text)::boolean::int end,
          case json_typeof(v) when 'string' then v #>> '{}' end
        from input
        ${rollups ? sql`` : sql`on conflict do nothing`}
        ${rollups ? sql`` : sql`returning device_id, key, ts`}
      ),
      latest as (
        insert into device_latest (device_id, key, value, ts)
        select "deviceId", key, value, to_timestamp(ts / 1000)
        from json_to_recordset(${JSON.stringify(newest)}::json)
          as ("deviceId" int, key text, ts float8, value jsonb)
        where "deviceId" in (select id from existing)
        -- In key order: two nodes storing readings of one device lock its rows in the same order.
        order by 1, 2
        on conflict (device_id, key) do update set value = excluded.value, ts = excluded.ts
        where device_latest.ts <= excluded.ts
      ),
      prev as (
        select id, online from devices
        where id = any(${ids}::int[])
          and (not online or last_activity_at is null
            or last_activity_at < now() - make_interval(secs => ${activityWriteS}))
        for update
      ),
      touched as (
        update devices set online = true, last_activity_at = now()
        from prev where devices.id = prev.id
        returning devices.id, prev.online as was_online
      )
      ${rollups ? sql`, ${rollupUpserts(rollups, sql`(select id from existing)`)}` : sql``}
      select
        ${rollups ? sql`` : this.dupsOf(rows.length)}
        (select coalesce(array_agg(id), '{}') from touched where not was_online) as back`;
  }

  /** The ordinals (from 1) of the readings the statement skipped: copies, stored before, device gone. */
  private dupsOf(count: number): SQL {
    return sql`
      -- Usually every row was new: then the search for the ones that were not is skipped.
      case when (select count(*) from ins) = ${count} then '{}'::int[] else
      (select coalesce(array_agg(i), '{}') from (
        select i, d, k, ts, row_number() over (partition by d, k, ts order by i) as n from input) r
       where n > 1
         or not exists (select 1 from ins where ins.device_id = r.d and ins.key = r.k and ins.ts = r.ts)
      ) || array(select o::int from generate_series(1, ${count}) o
                 where o not in (select i from input))
      end as dups,`;
  }
}
