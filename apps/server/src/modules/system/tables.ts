import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** System configuration (spec section 7): key/value settings such as `sys.account.captchaEnabled`. */
export const sysConfig = pgTable('sys_config', {
  id: serial('id').primaryKey(),
  configName: text('config_name').notNull(),
  configKey: text('config_key').notNull().unique(),
  configValue: text('config_value').notNull(),
  /** 'Y' built in (cannot be deleted), 'N' user defined. */
  configType: text('config_type').notNull().default('N'),
  remark: text('remark').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secrets the server generates when they are not configured (the token signing key, the MQTT broker
 * secret), kept in the database so that every node of a cluster agrees: the first node to start inserts
 * one (ON CONFLICT DO NOTHING), every node reads the stored one (platform/auth/secret.ts, which reaches it
 * by name: platform imports no module).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
