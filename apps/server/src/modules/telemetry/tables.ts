import { date, doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from '../devices/tables.js';

/*
 * The telemetry store: every reading as it arrived (raw). The latest value of each key is in
 * devices/tables.ts (device_latest). Numbers and booleans (1/0) are in `num`, text in `txt`: the
 * device catalogue says which keys are which.
 */
export const telemetryRaw = pgTable(
  'telemetry_raw',
  {
    // No foreign key: its check was a third of the ingest statement's time. The writer stores readings of
    // existing devices only, and deleteDevice deletes the device's rows itself.
    deviceId: integer('device_id').notNull(),
    key: text('key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    num: doublePrecision('num'),
    txt: text('txt'),
  },
  // The key makes a redelivered message (same device, key and device timestamp) a no-op.
  (t) => [primaryKey({ columns: [t.deviceId, t.key, t.ts] })],
);

/**
 * Rollup columns, maintained at ingest from the readings stored for the first time (a redelivery adds
 * nothing). `delta` is the consumption of a cumulative counter (energy): the sum of its increments, a drop
 * counting as a meter reset (the new value is the increment). Other keys leave it 0.
 */
function rollupColumns() {
  return {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    delta: doublePrecision('delta').notNull().default(0),
  };
}

/** Hourly rollups; `bucket` is the start of the UTC hour. */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  { ...rollupColumns(), bucket: timestamp('bucket', { withTimezone: true }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.key, t.bucket] })],
);

/** Daily rollups; `day` is the date in the device's project time zone (energy days end at local midnight). */
export const telemetryDaily = pgTable(
  'telemetry_daily',
  { ...rollupColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.key, t.day] })],
);

/**
 * The last stored reading of each cumulative counter (energy channel), which the next reading's consumption
 * is measured from. The writer's statement upserts it and computes the consumption from the row it locked,
 * so two nodes (or two writers) storing readings of one meter never count an increment twice. `prevTs` and
 * `prevValue` are the reading before the last batch: the update answers them (RETURNING sees only the new
 * row). `ts` is '-infinity' (and `value` null) for a counter known to have no reading yet.
 */
export const telemetryCounters = pgTable(
  'telemetry_counters',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    prevTs: timestamp('prev_ts', { withTimezone: true }),
    prevValue: doublePrecision('prev_value'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.key] })],
);

/**
 * Raw telemetry retention's record (one row, id 1): the UTC day whose pass a node claimed (so each day's
 * pass runs on one node of a cluster: a conditional upsert, the scenes' claim-once rule), when it finished
 * and the instant raw readings are kept from since then (what was deleted or dropped lies before it).
 */
export const telemetryRetention = pgTable('telemetry_retention', {
  id: integer('id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  keptFrom: timestamp('kept_from', { withTimezone: true }),
});
