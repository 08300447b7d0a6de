import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FDD_RULES, FDD_STATUSES, type FddEvidence } from '@sbuilding/shared';
import { buildings, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { workOrders } from '../work-orders/tables.js';

/** A project's own switch and thresholds of a rule; a rule without a row is on with the defaults. */
export const fddRuleSettings = pgTable(
  'fdd_rule_settings',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    rule: text('rule', { enum: FDD_RULES }).notNull(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    params: jsonb('params').$type<Record<string, number>>().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.rule] })],
);

/**
 * One fault of one device. At most one active finding (open or acknowledged) per device and rule (a unique
 * index), and a dismissed one keeps the rule quiet for that device until a person reopens it.
 */
export const fddFindings = pgTable(
  'fdd_findings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    rule: text('rule', { enum: FDD_RULES }).notNull(),
    status: text('status', { enum: FDD_STATUSES }).notNull().default('open'),
    reason: text('reason').notNull().default(''),
    clearedByRule: boolean('cleared_by_rule').notNull().default(false),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    /** When the condition had held for the rule's delay and the finding was shown (null: not yet). */
    raisedAt: timestamp('raised_at', { withTimezone: true }),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    /** When the rule last looked and found the condition holding or gone (waste counts between looks). */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    wasteKwh: doublePrecision('waste_kwh').notNull().default(0),
    wasteCost: doublePrecision('waste_cost').notNull().default(0),
    wasteCo2: doublePrecision('waste_co2').notNull().default(0),
    evidence: jsonb('evidence').$type<FddEvidence>().notNull(),
    fixRequestedAt: timestamp('fix_requested_at', { withTimezone: true }),
    /** The work order made from it (one click), if any. */
    workOrderId: integer('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('fdd_findings_active_uq')
      .on(t.deviceId, t.rule)
      .where(sql`status in ('open', 'acknowledged', 'dismissed')`),
    index('fdd_findings_project_idx').on(t.projectId, t.status),
  ],
);

/** When each project's rules last ran: a node claims a project's round by moving `next_run_at` on. */
export const fddRuns = pgTable('fdd_runs', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
