import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ALERT_EVENTS,
  ALERT_LEVELS,
  ALERT_RULE_LEVELS,
  ALERT_RULE_OPERATORS,
  ALERT_SOLUTIONS,
  ALERT_STATUSES,
  ALERT_TYPES,
  DEVICE_CATEGORIES,
  MODEL_IDS,
  type ThresholdDetail,
} from '@sbuilding/shared';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * Threshold rules of a project (optionally one building): one telemetry key of one device model compared
 * with a threshold for a duration. The evaluator (rules.ts) keeps them in memory and reloads a project's
 * rules when they change.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    model: text('model', { enum: MODEL_IDS }).notNull(),
    telemetryKey: text('telemetry_key').notNull(),
    operator: text('operator', { enum: ALERT_RULE_OPERATORS }).notNull(),
    threshold: doublePrecision('threshold').notNull(),
    thresholdHigh: doublePrecision('threshold_high'),
    durationS: integer('duration_s').notNull().default(0),
    level: text('level', { enum: ALERT_RULE_LEVELS }).notNull(),
    autoClear: boolean('auto_clear').notNull().default(true),
    clearDelayS: integer('clear_delay_s').notNull().default(0),
    deadband: doublePrecision('deadband').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_rules_project_idx').on(t.projectId), index('alert_rules_tenant_idx').on(t.tenantId)],
);

/**
 * Alerts (spec sections 3 and 4). The device's name, model and place are copied in, so an alert still reads
 * right after its device is deleted or moved. At most one alert per device and type is open (alerting), per
 * device and rule for threshold alerts: the partial unique indexes make that true even when two processes
 * detect the same outage.
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
    /** The rule of a threshold alert; null once the rule is deleted (the alert keeps `threshold`). */
    ruleId: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    /** The reading that raised a threshold alert (the latest when its condition held again). */
    value: doublePrecision('value'),
    /** The rule's name, key, unit and threshold when the alert was raised. */
    threshold: jsonb('threshold').$type<ThresholdDetail>(),
  },
  (t) => [
    index('alerts_project_idx').on(t.projectId, t.alertTime),
    index('alerts_tenant_status_idx').on(t.tenantId, t.status),
    index('alerts_device_idx').on(t.deviceId, t.type),
    uniqueIndex('alerts_one_open_per_device_type')
      .on(t.deviceId, t.type)
      .where(sql`${t.status} = 'alerting' and ${t.type} <> 'threshold'`),
    // A device may break several rules at once: one open alert per device and rule. A deleted rule's open
    // alerts (rule_id null) no longer collide with anything.
    uniqueIndex('alerts_one_open_per_device_rule')
      .on(t.deviceId, t.ruleId)
      .where(sql`${t.status} = 'alerting' and ${t.type} = 'threshold'`),
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
