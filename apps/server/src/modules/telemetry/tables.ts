import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from '../devices/tables.js';

/*
 * The telemetry store: every reading as it arrived (raw). The latest value of each key is in
 * devices/tables.ts (device_latest). Numbers and booleans (1/0) are in `num`, text in `txt`: the
 * device catalogue says which keys are which.
 */
export const telemetryRaw = pgTable(
  'telemetry_raw',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    num: doublePrecision('num'),
    txt: text('txt'),
  },
  // The key makes a redelivered message (same device, key and device timestamp) a no-op.
  (t) => [primaryKey({ columns: [t.deviceId, t.key, t.ts] })],
);
