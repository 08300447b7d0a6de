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
  DEVICE_CATEGORIES,
  NOON_NAP_AC_ACTIONS,
  SCENE_REASONS,
  SCENE_RUN_OUTCOMES,
  SCENE_RUN_TRIGGERS,
  SCENE_TRIGGER_TYPES,
  type CommandMethod,
  type SceneAction,
  type SceneAuxCondition,
  type SceneCommandResult,
  type SceneCondition,
  type SceneRelationship,
  type SceneTarget,
} from '@sbuilding/shared';
import { zones } from '../buildings/tables.js';
import { workTimes } from '../calendar/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/** The rules of a scene the engine reads; kept as one document, checked by the shared schema on write. */
export interface SceneRules {
  conditions: SceneCondition[];
  relationship: SceneRelationship;
  executionTimes: string[];
  weekdays: number[];
  effectiveStart: string | null;
  effectiveEnd: string | null;
  auxiliaryCondition: SceneAuxCondition;
  timeRange: { start: string; end: string } | null;
  maxExecuteCount: number;
  repeatIntervalMinutes: number;
  vacantTimeoutMinutes: number;
  manualTimeoutMinutes: number;
  preDelaySeconds: number;
  targets: SceneTarget[];
  actions: SceneAction[];
}

/**
 * Scenes (spec section 3). What lists and the scheduler filter on is a column; the rules are one jsonb
 * document. `conditionsSince` is when the conditions last started to hold (the pre-delay counts from it);
 * `lastDueAt` is the last execution time the scheduler claimed.
 */
export const scenes = pgTable(
  'scenes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Offered to the occupants of its targets' building in the mini-program. */
    miniProgram: boolean('mini_program').notNull().default(false),
    triggerType: text('trigger_type', { enum: SCENE_TRIGGER_TYPES }).notNull(),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    category: text('category', { enum: DEVICE_CATEGORIES }).notNull(),
    rules: jsonb('rules').$type<SceneRules>().notNull(),
    conditionsSince: timestamp('conditions_since', { withTimezone: true }),
    lastDueAt: timestamp('last_due_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('scenes_tenant_idx').on(t.tenantId),
    index('scenes_project_idx').on(t.projectId, t.triggerType),
  ],
);

/** One device's state before a noon nap changed it (from its latest telemetry), put back at the end. */
export interface NoonNapSavedState {
  deviceId: number;
  kind: 'light' | 'ac';
  onOff: boolean;
  lightnessLevel?: number | undefined;
  fanSpeed?: string | undefined;
  targetTemp?: number | undefined;
  /** The commands that put it back, in order. */
  restore?: { method: CommandMethod; params: Record<string, unknown> }[];
}

/**
 * Noon naps (/noonNap): a scene bound to a NAP work time of its project. `lastDueAt` is the last start or
 * end the scheduler claimed (as `scenes.last_due_at`); `saved` holds what the start changed, until the end
 * puts it back (null when no nap is on).
 */
export const noonNaps = pgTable(
  'noon_naps',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    workTimeId: integer('work_time_id').references(() => workTimes.id, { onDelete: 'set null' }),
    zoneIds: jsonb('zone_ids').$type<number[]>().notNull(),
    dimLevel: integer('dim_level').notNull(),
    acAction: text('ac_action', { enum: NOON_NAP_AC_ACTIONS }).notNull(),
    sleepOffset: integer('sleep_offset').notNull().default(2),
    saved: jsonb('saved').$type<{ startedAt: string; states: NoonNapSavedState[] }>(),
    lastDueAt: timestamp('last_due_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('noon_naps_project_idx').on(t.projectId), index('noon_naps_tenant_idx').on(t.tenantId)],
);

/**
 * The scheduling log: every run and every skip, with its reason and what was sent to each device. The
 * scene's name is copied in so the log still reads after it is deleted. A timing run carries the execution
 * time it was for (`due_at`), unique per scene: a due time is run (or skipped) at most once, whatever the
 * number of server processes.
 */
export const sceneRuns = pgTable(
  'scene_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    sceneId: integer('scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    /** A noon nap's run (its start or end); the scene columns stay null. */
    noonNapId: integer('noon_nap_id').references(() => noonNaps.id, { onDelete: 'set null' }),
    sceneName: text('scene_name').notNull(),
    trigger: text('trigger', { enum: SCENE_RUN_TRIGGERS }).notNull(),
    outcome: text('outcome', { enum: SCENE_RUN_OUTCOMES }).notNull(),
    reason: text('reason', { enum: SCENE_REASONS }),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    commands: jsonb('commands').$type<SceneCommandResult[]>().notNull().default([]),
  },
  (t) => [
    index('scene_runs_scene_idx').on(t.sceneId, t.startedAt),
    index('scene_runs_project_idx').on(t.projectId, t.startedAt),
    uniqueIndex('scene_runs_due_idx').on(t.sceneId, t.dueAt),
    uniqueIndex('scene_runs_noon_nap_due_idx').on(t.noonNapId, t.dueAt),
  ],
);
