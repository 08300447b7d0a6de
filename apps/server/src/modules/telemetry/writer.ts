import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { RollupBuilder, upsertRollups } from './rollups.js';

/** The keys of the rows the raw insert stored; both drivers answer `{ rows }`, read as data, not trusted. */
function insertedKeys(result: unknown): Set<string> {
  const keys = new Set<string>();
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  if (!Array.isArray(rows)) return keys;
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const { device_id: deviceId, key, ms } = row;
    keys.add(`${Number(deviceId)}|${String(key)}|${Number(ms)}`);
  }
  return keys;
}

/** Ids of the rows a statement returned with `was_online` false, read as data like `insertedKeys`. */
function returnedOffline(result: unknown): number[] {
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) =>
    typeof row === 'object' && row !== null && 'id' in row && 'was_online' in row && row.was_online === false
      ? [Number(row.id)]
      : [],
  );
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

/** Writers run this many transactions at once by default; each device always goes to the same one. */
export const DEFAULT_WRITER_LANES = 4;

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
    const deviceIds: number[] = [];
    const keys: string[] = [];
    const stamps: string[] = [];
    const nums: (number | null)[] = [];
    const txts: (string | null)[] = [];
    const jsons: string[] = [];
    for (const row of rows) {
      deviceIds.push(row.deviceId);
      keys.push(row.key);
      stamps.push(new Date(row.ts).toISOString());
      nums.push(
        typeof row.value === 'number' ? row.value : typeof row.value === 'boolean' ? Number(row.value) : null,
      );
      txts.push(typeof row.value === 'string' ? row.value : null);
      jsons.push(JSON.stringify(row.value));
    }
    const latestDevices = [...new Set(deviceIds)];
    let counters: Map<string, { ts: number; value: number }> = new Map();
    let cameOnline: number[] = [];
    await this.db.transaction(async (tx) => {
      // A redelivered message has the same device, key and timestamp: the primary key makes it a no-op,
      // and only readings stored for the first time feed the rollups.
      const result = await tx.execute(sql`
        insert into telemetry_raw (device_id, key, ts, num, txt)
        select * from unnest(${sql.param(deviceIds)}::int[], ${sql.param(keys)}::text[],
          ${sql.param(stamps)}::timestamptz[], ${sql.param(nums)}::float8[], ${sql.param(txts)}::text[])
        on conflict do nothing
        returning device_id, key, (extract(epoch from ts) * 1000)::float8 as ms`);
      const fresh = insertedKeys(result);
      const stored = rows.filter((row) => fresh.delete(`${row.deviceId}|${row.key}|${row.ts}`));
      await this.rollups.prepare(tx, stored);
      const rollups = this.rollups.build(stored);
      await upsertRollups(tx, 'hourly', rollups.hourly);
      await upsertRollups(tx, 'daily', rollups.daily);
      counters = rollups.counters;
      // The newest reading of each key wins, whatever order the rows of a batch arrived in.
      await tx.execute(sql`
        insert into device_latest (device_id, key, value, ts)
        select distinct on (d, k) d, k, v::jsonb, t
        from unnest(${sql.param(deviceIds)}::int[], ${sql.param(keys)}::text[],
          ${sql.param(jsons)}::text[], ${sql.param(stamps)}::timestamptz[]) as u(d, k, v, t)
        order by d, k, t desc
        on conflict (device_id, key) do update set value = excluded.value, ts = excluded.ts
        where device_latest.ts <= excluded.ts`);
      // Activity is written at most every activityWriteS per device (the offline silence is minutes), and
      // each device's previous state comes back with it, so the rows that were offline are the real returns.
      const touched = await tx.execute(sql`
        with prev as (
          select id, online from devices
          where id = any(${sql.param(latestDevices)}::int[])
            and (not online or last_activity_at is null
              or last_activity_at < now() - make_interval(secs => ${this.options.activityWriteS ?? ACTIVITY_WRITE_S}))
          for update)
        update devices d set online = true, last_activity_at = now()
        from prev where d.id = prev.id
        returning d.id, prev.online as was_online`);
      cameOnline = returnedOffline(touched);
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
