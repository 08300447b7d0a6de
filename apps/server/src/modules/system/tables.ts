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
