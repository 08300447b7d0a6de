import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
  ALERT_LEVELS,
  DELIVERY_STATUSES,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  type WebhookSceneRun,
  type WebhookFault,
  type WebhookWorkOrder,
} from '@sbuilding/shared';
import { alertHistory, alerts } from '../alerts/tables.js';
import { workOrderHistory } from '../work-orders/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/** A project's webhook or e-mail channel: which alert levels and events it is told about, and where. */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    levels: text('levels', { enum: ALERT_LEVELS }).array().notNull(),
    events: text('events', { enum: NOTIFICATION_EVENTS }).array().notNull(),
    url: text('url').notNull().default(''),
    /** HMAC key of the webhook signature; '' = unsigned. Never returned by the API. */
    secret: text('secret').notNull().default(''),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_channels_project_idx').on(t.projectId)],
);

/**
 * The delivery log: one row per channel and alert history entry, per channel and scene run, or per channel and
 * work-order history entry (the unique
 * indexes make recording idempotent, whichever process or retry records it). Pending rows are the work
 * queue: a process claims the due ones by moving `next_attempt_at` past its send timeout, so after a restart
 * they are picked up again. A scene run's row keeps what the message says of the run (`scene`), so sending
 * it (again) needs nothing of the scenes module.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    /** The alert and its history entry (null for a scene run). */
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    historyId: bigint('history_id', { mode: 'number' }).references(() => alertHistory.id, {
      onDelete: 'cascade',
    }),
    /** The scene run (scene_runs.id; null for an alert event). */
    sceneRunId: bigint('scene_run_id', { mode: 'number' }),
    /** What the message says of the scene run (null for an alert event). */
    scene: jsonb('scene').$type<WebhookSceneRun>(),
    /** The work order's history entry of a work-order event (null otherwise). */
    workOrderHistoryId: bigint('work_order_history_id', { mode: 'number' }).references(
      () => workOrderHistory.id,
      { onDelete: 'cascade' },
    ),
    /** What the message says of the work order, as it was at the event (null otherwise). */
    workOrder: jsonb('work_order').$type<WebhookWorkOrder>(),
    /** What the message says of a fault finding at its event (issue 38; null otherwise). */
    fault: jsonb('fault').$type<WebhookFault>(),
    /** The finding, event and time of a fault event: recorded once per channel (null otherwise). */
    faultKey: text('fault_key'),
    event: text('event', { enum: NOTIFICATION_EVENTS }).notNull(),
    /** The alert's level (null for a scene run). */
    level: text('level', { enum: ALERT_LEVELS }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    httpStatus: integer('http_status'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_channel_history').on(t.channelId, t.historyId),
    uniqueIndex('notification_deliveries_channel_scene_run').on(t.channelId, t.sceneRunId),
    uniqueIndex('notification_deliveries_channel_work_order').on(t.channelId, t.workOrderHistoryId),
    uniqueIndex('notification_deliveries_channel_fault').on(t.channelId, t.faultKey),
    index('notification_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('notification_deliveries_project_idx').on(t.projectId, t.createdAt),
  ],
);
