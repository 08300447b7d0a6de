import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * API keys for machines. Only a SHA-256 of the key is kept: keys are 32 random bytes, so a fast hash is
 * as safe as a slow one and lets every call find its key by an index lookup.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** The user's tenant, for the tenancy filter (null for a platform administrator's key). */
    tenantId: integer('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    /** The key acts as this user, never with more rights than the user has at the time of the call. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    /** The key's first characters, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    readOnly: boolean('read_only').notNull(),
    /** Empty: every project of the user; otherwise only these. */
    projectIds: integer('project_ids').array().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Username of whoever made it (an administrator, for a service account). */
    createdBy: text('created_by').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
  },
  (t) => [index('api_keys_user_idx').on(t.userId), index('api_keys_tenant_idx').on(t.tenantId)],
);
