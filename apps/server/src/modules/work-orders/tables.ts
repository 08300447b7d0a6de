import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ALERT_LEVELS,
  ALERT_TYPES,
  DEVICE_CATEGORIES,
  PLAN_INTERVAL_UNITS,
  SLA_UNITS,
  WORK_ORDER_EVENTS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_SOURCES,
  WORK_ORDER_STATUSES,
  type ServiceLevels,
} from '@sbuilding/shared';
import { alertHistory, alerts } from '../alerts/tables.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { files } from '../files/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/** A project's service levels and automatic rule; a project without a row has the defaults. */
export const workOrderSettings = pgTable('work_order_settings', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'restrict' }),
  serviceLevels: jsonb('service_levels').$type<ServiceLevels>().notNull(),
  autoEnabled: boolean('auto_enabled').notNull().default(false),
  autoLevels: text('auto_levels', { enum: ALERT_LEVELS })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  autoTypes: text('auto_types', { enum: ALERT_TYPES })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Planned maintenance: a device category (optionally in one building) or a list of devices, every `interval`
 * days, weeks or months from `start_date` at `hour` on the project's clock. `next_run_at` is the work queue:
 * a node claims a run by moving it on in one conditional update (`… where next_run_at = <the due time>`) in
 * the transaction that writes the run's work orders, so a run is made once whichever nodes look.
 */
export const maintenancePlans = pgTable(
  'maintenance_plans',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull(),
    category: text('category', { enum: DEVICE_CATEGORIES }),
    deviceIds: integer('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    interval: integer('interval').notNull(),
    intervalUnit: text('interval_unit', { enum: PLAN_INTERVAL_UNITS }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    hour: integer('hour').notNull().default(8),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_plans_project_idx').on(t.projectId),
    index('maintenance_plans_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled}`),
  ],
);

/**
 * Work orders. The service-level clock: `sla_target_ms` is the budget of the priority's level (wall-clock ms
 * for `hours`, working ms on the project's calendar otherwise), `sla_used_ms` what earlier running stretches
 * spent, `sla_since` the start of the running stretch (null while it stands: on hold, resolved, closed), and
 * `due_at` where the budget runs out from `sla_since`. Past `due_at` the escalation marks `overdue_at` once
 * per cycle (a reopen starts a new one), with a conditional update that one node wins.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    floorId: integer('floor_id').references(() => floors.id, { onDelete: 'set null' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull(),
    status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('new'),
    source: text('source', { enum: WORK_ORDER_SOURCES }).notNull(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull().default(''),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    maintenancePlanId: integer('maintenance_plan_id').references(() => maintenancePlans.id, {
      onDelete: 'set null',
    }),
    /** The plan's run that made it (with the plan and the device: made once). */
    planRunAt: timestamp('plan_run_at', { withTimezone: true }),
    slaUnit: text('sla_unit', { enum: SLA_UNITS }).notNull(),
    slaTargetMs: bigint('sla_target_ms', { mode: 'number' }).notNull(),
    slaUsedMs: bigint('sla_used_ms', { mode: 'number' }).notNull().default(0),
    slaSince: timestamp('sla_since', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedWithinSla: boolean('resolved_within_sla'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_orders_project_idx').on(t.projectId, t.createdAt),
    index('work_orders_tenant_status_idx').on(t.tenantId, t.status),
    index('work_orders_assignee_idx').on(t.assigneeId, t.status),
    index('work_orders_reporter_idx').on(t.reporterId),
    // The escalation's queue: running work orders not yet marked, by due time.
    index('work_orders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.overdueAt} is null and ${t.status} in ('new', 'assigned', 'inProgress')`),
    // One work order per alert, however many clicks, rules and nodes make it.
    uniqueIndex('work_orders_one_per_alert')
      .on(t.alertId)
      .where(sql`${t.alertId} is not null`),
    // A plan's run makes one work order per device, whichever node claims it.
    uniqueIndex('work_orders_one_per_plan_run_device')
      .on(t.maintenancePlanId, t.planRunAt, t.deviceId)
      .where(sql`${t.maintenancePlanId} is not null`),
  ],
);

/** Every change of a work order: who (null = the system), when, what. */
export const workOrderHistory = pgTable(
  'work_order_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    event: text('event', { enum: WORK_ORDER_EVENTS }).notNull(),
    fromStatus: text('from_status', { enum: WORK_ORDER_STATUSES }),
    toStatus: text('to_status', { enum: WORK_ORDER_STATUSES }),
    note: text('note').notNull().default(''),
    changes: jsonb('changes')
      .$type<{ field: string; from: string; to: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The alert's history entry this entry tells of (an alert resolving itself): recorded once. */
    alertHistoryId: bigint('alert_history_id', { mode: 'number' }).references(() => alertHistory.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('work_order_history_order_idx').on(t.workOrderId, t.at),
    uniqueIndex('work_order_history_alert_entry')
      .on(t.workOrderId, t.alertHistoryId)
      .where(sql`${t.alertHistoryId} is not null`),
  ],
);

export const workOrderComments = pgTable(
  'work_order_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_comments_order_idx').on(t.workOrderId, t.at)],
);

/** Pictures of a work order (the report's) or of one of its comments. */
export const workOrderPhotos = pgTable(
  'work_order_photos',
  {
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => workOrderComments.id, {
      onDelete: 'cascade',
    }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workOrderId, t.fileId] })],
);
