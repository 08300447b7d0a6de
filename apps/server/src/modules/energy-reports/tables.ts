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
import { BILL_LEVELS, LANGS, REPORT_FREQUENCIES, REPORT_PERIODS, SHARE_KINDS } from '@sbuilding/shared';
import { notificationChannels } from '../notifications/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/**
 * A project's report schedule. `next_run_at` is the work queue: a node claims a due schedule by moving it to
 * the following run in one conditional update (`… where next_run_at = <the due time>`), so only one node
 * sends a given run, and a restart finds the run that fell due while it was down.
 */
export const energyReportSchedules = pgTable(
  'energy_report_schedules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    hour: integer('hour').notNull().default(8),
    includeReport: boolean('include_report').notNull().default(true),
    includeBills: boolean('include_bills').notNull().default(false),
    includeFaults: boolean('include_faults').notNull().default(false),
    channelIds: integer('channel_ids').array().notNull(),
    lang: text('lang', { enum: LANGS }).notNull().default('EN'),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('energy_report_schedules_project_idx').on(t.projectId),
    index('energy_report_schedules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled}`),
  ],
);

export const REPORT_RUN_STATUSES = ['running', 'done', 'failed'] as const;

/**
 * A claimed scheduled run (the claim that moved the schedule's `next_run_at`, written in the same transaction),
 * so that a run a node dies in is not lost: the node holds it until `claimed_until` (its lease, on the app clock,
 * renewed before each channel) and marks it `done` once every channel's send is recorded; a run still `running`
 * past its lease is claimed again by whichever node's round gets the conditional update (`… where attempts =
 * <what it read>`), which sends only the channels not yet in the history. After `REPORT_RUN_ATTEMPTS` claims it
 * is `failed`, with the reason. `channel_ids` and `frequency` are the schedule's at the claim.
 */
export const energyReportRuns = pgTable(
  'energy_report_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => energyReportSchedules.id, { onDelete: 'cascade' }),
    /** The due time of the run, which gives the period it reports. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    channelIds: integer('channel_ids').array().notNull(),
    status: text('status', { enum: REPORT_RUN_STATUSES }).notNull().default('running'),
    /** How many times it was claimed (1 = the first claim); the claim's fencing token. */
    attempts: integer('attempts').notNull().default(1),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    /** Why it failed (given up). */
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('energy_report_runs_schedule_run_idx').on(t.scheduleId, t.runAt),
    index('energy_report_runs_open_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'running'`),
  ],
);

/** The send history: one row per schedule run (or "send now") and channel. */
export const energyReportSends = pgTable(
  'energy_report_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => energyReportSchedules.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').references(() => notificationChannels.id, { onDelete: 'set null' }),
    /** The channel's name and kind when sent (kept if the channel is deleted later). */
    channelName: text('channel_name').notNull(),
    channelKind: text('channel_kind').notNull(),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    manual: boolean('manual').notNull().default(false),
    ok: boolean('ok').notNull(),
    error: text('error').notNull().default(''),
    /** The scheduled run it belongs to (null: "send now"); a run records a channel once. */
    runId: bigint('run_id', { mode: 'number' }).references(() => energyReportRuns.id, {
      onDelete: 'set null',
    }),
    /** Never sent: its run was given up (`error` says why). */
    gaveUp: boolean('gave_up').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('energy_report_sends_project_idx').on(t.projectId, t.sentAt),
    uniqueIndex('energy_report_sends_run_channel_idx').on(t.runId, t.channelId),
  ],
);

/** What a share link opens: a report (period, anchor) or a bill (month, level, place). */
export interface ShareTarget {
  period: (typeof REPORT_PERIODS)[number] | null;
  anchor: string | null;
  month: string | null;
  level: (typeof BILL_LEVELS)[number] | null;
  nodeId: number | null;
}

/** Read-only links to one report or bill; the token is stored only as its SHA-256. */
export const energyShareLinks = pgTable(
  'energy_share_links',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: SHARE_KINDS }).notNull(),
    label: text('label').notNull().default(''),
    target: jsonb('target').$type<ShareTarget>().notNull(),
    /** The schedule that made it for a webhook message (null: made on the page). */
    scheduleId: integer('schedule_id').references(() => energyReportSchedules.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('energy_share_links_token_idx').on(t.tokenHash),
    index('energy_share_links_project_idx').on(t.projectId),
  ],
);
