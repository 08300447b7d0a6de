import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A tenant is the spec's department (`deptId`): the unit of data isolation. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  /** '0' active, '1' disabled. */
  status: text('status').notNull().default('0'),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
