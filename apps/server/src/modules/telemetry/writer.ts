import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { RollupBuilder, upsertRollups } from './rollups.js';

/** An int[] column of the one row a statement answered; both drivers answer `{ rows }`, read as data. */
function intArray(result: unknown, column: string): number[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  const [row]: unknown[] = Array.isArray(rows) ? rows : [];
  if (typeof row !== 'object' || row === null) return [];
  const value: unknown = Reflect.get(row, column);
  return Array.isArray(value) ? value.map(Number) : [];
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
}

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
    const parts = new Map<Lane, TelemetryRow[]>();
    for (const row of rows) {
      const lane = this.lanes[row.deviceId % this.lanes.length] ?? this.lanes[0];
      if (!lane) continue;
      const part = parts.get(lane) ?? [];
      part.push(row);
      parts.set(lane, part);
    }
    return Promise.all([...parts].map(([lane, part]) => lane.write(part))).then(() => undefined);
  }

  /** Waits for everything queued, then refuses new writes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.lanes.map((lane) => lane.idle()));
  }
}

class Lane {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly maxBatchRows: number;

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
      this.running ??= this.drain();
    });
  }

  async idle(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    // Let the publishes of the current tick join the first batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch: Pending[] = [];
      let size = 0;
      while (
        this.queue.length > 0 &&
        (batch.length === 0 || size + (this.queue[0]?.rows.length ?? 0) <= this.maxBatchRows)
      ) {
        const next = this.queue.shift();
        if (!next) break;
        batch.push(next);
        size += next.rows.length;
      }
      const started = performance.now();
      const rows = batch.flatMap((p) => p.rows);
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

  private async commit(rows: TelemetryRow[]): Promise<void> {
    // The batch travels as one JSON text (serialised natively) rather than as arrays built and escaped row
    // by row: at tens of thousands of readings a second that work is most of the writer's cost.
    const batch = JSON.stringify(rows);
    const activityWriteS = this.options.activityWriteS ?? ACTIVITY_WRITE_S;
    let counters: Map<string, { ts: number; value: number }> = new Map();
    let cameOnline: number[] = [];
    await this.db.transaction(async (tx) => {
      // Before the statement below moves device_latest on: a counter's consumption is measured from the
      // reading stored before this batch.
      await this.rollups.prepare(tx, rows);
      // One statement stores the raw rows, the newest value of each key, and the devices' activity.
      // - A redelivered message has the same device, key and timestamp: the primary key makes it a no-op,
      //   and it comes back in `dups` (as does a second copy within the batch), so it feeds no rollup.
      // - The newest reading of each key wins, whatever order the rows of a batch arrived in.
      // - Activity is written at most every activityWriteS per device (the offline silence is minutes),
      //   with each device's previous state, so the devices that were offline (`back`) are real returns.
      const result = await tx.execute(sql`
        with input as (
          select d, k, to_timestamp(t / 1000) as ts, v, i::int as i
          from rows from (json_to_recordset(${batch}::json)
            as ("deviceId" int, key text, ts float8, value json)) with ordinality as x(d, k, t, v, i)
        ),
        ins as (
          insert into telemetry_raw (device_id, key, ts, num, txt)
          select d, k, ts,
            case json_typeof(v) when 'number' then (v::text)::float8
              when 'boolean' then (v::text)::boolean::int end,
            case json_typeof(v) when 'string' then v #>> '{}' end
          from input
          on conflict do nothing
          returning device_id, key, ts
        ),
        latest as (
          insert into device_latest (device_id, key, value, ts)
          select distinct on (d, k) d, k, v::jsonb, ts from input order by d, k, ts desc
          on conflict (device_id, key) do update set value = excluded.value, ts = excluded.ts
          where device_latest.ts <= excluded.ts
        ),
        prev as (
          select id, online from devices
          where id in (select d from input)
            and (not online or last_activity_at is null
              or last_activity_at < now() - make_interval(secs => ${activityWriteS}))
          for update
        ),
        touched as (
          update devices set online = true, last_activity_at = now()
          from prev where devices.id = prev.id
          returning devices.id, prev.online as was_online
        )
        select
          (select coalesce(array_agg(i), '{}') from (
            select i, d, k, ts, row_number() over (partition by d, k, ts order by i) as n from input) r
           where n > 1
             or not exists (select 1 from ins where ins.device_id = r.d and ins.key = r.k and ins.ts = r.ts)
          ) as dups,
          (select coalesce(array_agg(id), '{}') from touched where not was_online) as back`);
      const dups = new Set(intArray(result, 'dups'));
      cameOnline = intArray(result, 'back');
      // Ordinals count from 1.
      const stored = dups.size === 0 ? rows : rows.filter((_, index) => !dups.has(index + 1));
      const rollups = this.rollups.build(stored);
      await upsertRollups(tx, rollups.hourly, rollups.daily);
      counters = rollups.counters;
    });
    // Committed: the counters' last readings are now the ones the next consumption is measured from.
    this.rollups.remember(counters);
    try {
      if (cameOnline.length > 0) this.options.onCameOnline?.(cameOnline);
    } catch {
      // The listener logs its own failures; the rows are committed.
    }
  }
}
