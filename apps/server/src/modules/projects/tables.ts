import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE, PROJECT_STATUSES } from '@sbuilding/shared';
import { tenants } from '../tenants/tables.js';

/**
 * Projects (spec section 3) belong to one tenant. Rows that live inside a project (work times, calendar
 * days, buildings) reference it with ON DELETE RESTRICT, so deleting a project that still holds anything
 * fails in the database itself and nothing is lost, whichever table a later issue adds.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectName: text('project_name').notNull(),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('new'),
    address: text('address').notNull(),
    description: text('description').notNull().default(''),
    /** IANA zone the project's calendar and work times are read in. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_tenant_idx').on(t.tenantId),
    check('projects_status_check', sql`${t.status} in ('new', 'deploying', 'accepting', 'done')`),
  ],
);
