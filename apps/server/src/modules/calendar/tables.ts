import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { CALENDAR_DAY_TYPES, WORK_TIME_TYPES } from '@sbuilding/shared';
import { projects } from '../projects/tables.js';

/**
 * One row per project and year whose calendar was saved: it carries the version of that year's set of
 * days, which the console replaces as a whole, so two people editing one year cannot overwrite each other.
 */
export const projectCalendarYears = pgTable(
  'project_calendar_years',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.year] })],
);

/** Exceptions to the weekly rule: a holiday on a weekday, an extra working day on a weekend. */
export const calendarDays = pgTable(
  'calendar_days',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    type: text('type', { enum: CALENDAR_DAY_TYPES }).notNull(),
    name: text('name').notNull().default(''),
  },
  (t) => [
    unique('calendar_days_project_date_unique').on(t.projectId, t.date),
    check('calendar_days_type_check', sql`${t.type} in ('holiday', 'workday')`),
  ],
);

/** Work-time periods of a project (spec section 3), per zone type; 'HH:mm' in the project's time zone. */
export const workTimes = pgTable(
  'work_times',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull().default(''),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timeType: text('time_type', { enum: WORK_TIME_TYPES }).notNull(),
    zoneType: text('zone_type').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_times_project_idx').on(t.projectId, t.zoneType),
    check('work_times_time_type_check', sql`${t.timeType} in ('WORK', 'LUNCH', 'NAP', 'OT')`),
  ],
);
