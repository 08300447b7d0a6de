import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SAVING_OWNER_KINDS } from '@sbuilding/shared';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/**
 * Baselines kept (issue 23): each time a saving's own comparable days are read, the share they gave, for
 * that device, owner (a scene, noon nap or AC automation) and day type, with the days and when. A later
 * saving of the same owner on the device with no comparable day left (an automation that runs every
 * workday for longer than the lookback, or history past the telemetry retention) uses the most recent one
 * (baseline.ts, written and read in kept-baselines.ts). One row per saving date; gone with the device.
 */
export const savingBaselines = pgTable(
  'saving_baselines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind', { enum: SAVING_OWNER_KINDS }).notNull(),
    /** The scene's, noon nap's or AC automation's id (no reference: three tables). */
    ownerId: integer('owner_id').notNull(),
    workday: boolean('workday').notNull(),
    /** The local date of the saving the baseline was read for. */
    savingDate: text('saving_date').notNull(),
    share: doublePrecision('share').notNull(),
    /** The comparable days it was read from, local dates, newest first. */
    days: jsonb('days').$type<string[]>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saving_baselines_key_idx').on(t.deviceId, t.ownerKind, t.ownerId, t.workday, t.savingDate),
    index('saving_baselines_tenant_idx').on(t.tenantId),
  ],
);
