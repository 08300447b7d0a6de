import {
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
  AC_AUTOMATION_TARGET_KINDS,
  type AcAutomationSettings,
  type AcDesiredState,
} from '@sbuilding/shared';
import { zones } from '../buildings/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/**
 * What was last applied, which units were on then (a unit switched on since gets the settings once), and
 * which units it could not reach (not connected: their first report after it retries it, retry.ts).
 */
export type AppliedState = AcDesiredState & { onUnits?: number[]; unreached?: number[] };

/** The settings the evaluator reads, kept as one document (checked by the shared schema on write). */
export type AcAutomationRules = Omit<AcAutomationSettings, 'targetKind' | 'targetId' | 'zoneId' | 'active'>;

/**
 * AC automation configs (spec section 3), one per AC or group in a project. `lastDesired` is the state
 * the automation last applied: commands go out only when what it wants changes (and the AC differs), so
 * it never fights someone who switched the AC by hand meanwhile. `stateSeq` is bumped by whoever claims a
 * change (compare-and-set), so with several processes one sends. `retryAt` is when a change some AC did
 * not take is tried again.
 */
export const acAutomations = pgTable(
  'ac_automations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    targetKind: text('target_kind', { enum: AC_AUTOMATION_TARGET_KINDS }).notNull(),
    targetId: integer('target_id').notNull(),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    rules: jsonb('rules').$type<AcAutomationRules>().notNull(),
    lastDesired: jsonb('last_desired').$type<AppliedState>(),
    lastAppliedAt: timestamp('last_applied_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    stateSeq: integer('state_seq').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ac_automations_tenant_idx').on(t.tenantId),
    uniqueIndex('ac_automations_target_idx').on(t.projectId, t.targetKind, t.targetId),
  ],
);
