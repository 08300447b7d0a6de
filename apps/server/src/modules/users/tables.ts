import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tables.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null only for platform administrators (role admin), who belong to no tenant. */
    tenantId: integer('tenant_id').references(() => tenants.id),
    username: text('username').notNull().unique(),
    nickName: text('nick_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email').notNull().default(''),
    phonenumber: text('phonenumber').notNull().default(''),
    /** '0' male, '1' female, '2' unknown. */
    sex: text('sex').notNull().default('2'),
    avatar: text('avatar').notNull().default(''),
    roles: text('roles').array().notNull().default([]),
    /**
     * The buildings a weixin customer belongs to (building-bound roles): its scope carries them and it sees
     * nothing of the tenant outside them. Empty for every other role.
     */
    hallIds: integer('hall_ids').array().notNull().default([]),
    /** A blacklisted (disabled) user cannot sign in and its sessions end at once. */
    blacklisted: boolean('blacklisted').notNull().default(false),
    /**
     * Set when the account is deleted. The row stays, so what the user did elsewhere keeps its author and
     * the username stays taken; a deleted user is in no list and cannot sign in.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_tenant_idx').on(t.tenantId),
    // Usernames are unique regardless of case: 'Bob' and 'bob' would share a sign-in lockout.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);
