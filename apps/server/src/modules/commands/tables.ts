import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { COMMAND_RESULTS, MODEL_IDS, TERMINAL_SOURCES } from '@sbuilding/shared';
import { devices, deviceGroups } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * The control log: every command sent and every state change a device reports from its own buttons.
 * Names are copied in, so an entry still reads right after its device, group or user is gone.
 */
export const controlLog = pgTable(
  'control_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name').notNull(),
    model: text('model', { enum: MODEL_IDS }),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    groupName: text('group_name'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    terminal: text('terminal', { enum: TERMINAL_SOURCES }).notNull(),
    method: text('method').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    result: text('result', { enum: COMMAND_RESULTS }).notNull(),
    latencyMs: integer('latency_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('control_log_project_idx').on(t.projectId, t.createdAt),
    index('control_log_device_idx').on(t.deviceId, t.createdAt),
  ],
);
