import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ALERT_EVENTS,
  ALERT_LEVELS,
  ALERT_SOLUTIONS,
  ALERT_STATUSES,
  ALERT_TYPES,
  DEVICE_CATEGORIES,
  MODEL_IDS,
} from '@sbuilding/shared';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * Alerts (spec sections 3 and 4). The device's name, model and place are copied in, so an alert still reads
 * right after its device is deleted or moved. At most one alert per device and type is open (alerting): the
 * partial unique index makes that true even when two processes detect the same outage.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull(),
    model: text('model', { enum: MODEL_IDS }),
    category: text('category', { enum: DEVICE_CATEGORIES }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    floorId: integer('floor_id').references(() => floors.id, { onDelete: 'set null' }),
    level: text('level', { enum: ALERT_LEVELS }).notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('alerting'),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    /** The building's street address (its name when it has none). */
    address: text('address').notNull().default(''),
    /** Building / floor / zone / the device's own position text. */
    positionName: text('position_name').notNull().default(''),
    /** What is alerting, as a person reads it (the device's name). */
    object: text('object').notNull().default(''),
    alertTime: timestamp('alert_time', { withTimezone: true }).notNull().defaultNow(),
    lastTelemetryAt: timestamp('last_telemetry_at', { withTimezone: true }),
    solution: text('solution', { enum: ALERT_SOLUTIONS }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Optimistic concurrency: every status change adds one; a change carrying an older one is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_project_idx').on(t.projectId, t.alertTime),
    index('alerts_tenant_status_idx').on(t.tenantId, t.status),
    index('alerts_device_idx').on(t.deviceId, t.type),
    uniqueIndex('alerts_one_open_per_device_type')
      .on(t.deviceId, t.type)
      .where(sql`${t.status} = 'alerting'`),
  ],
);

/** Every change of an alert: who (null user = the system), when, from what to what, and with what solution. */
export const alertHistory = pgTable(
  'alert_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text('from_status', { enum: ALERT_STATUSES }),
    toStatus: text('to_status', { enum: ALERT_STATUSES }).notNull(),
    solution: text('solution', { enum: ALERT_SOLUTIONS }),
    /** What happened: raised, went offline again, back online, processed, ignored, ignored with all. */
    note: text('note', { enum: ALERT_EVENTS }).notNull(),
  },
  (t) => [index('alert_history_alert_idx').on(t.alertId, t.at)],
);

export type NewHistory = typeof alertHistory.$inferInsert;

/** `version + 1`: what every status change sets, so a change carrying the old version is refused. */
export const nextVersion = sql`${alerts.version} + 1`;
