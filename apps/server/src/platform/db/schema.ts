/** Every table of the server, for drizzle's relational queries and for drizzle-kit. */
export * from '../../modules/tenants/tables.js';
export * from '../../modules/users/tables.js';
export * from '../../modules/auth/tables.js';
export * from '../../modules/system/tables.js';
export * from '../../modules/system/dict-tables.js';
export * from '../../modules/projects/tables.js';
export * from '../../modules/calendar/tables.js';
export * from '../../modules/files/tables.js';
export * from '../../modules/buildings/tables.js';
export * from '../../modules/devices/tables.js';
export * from '../../modules/telemetry/tables.js';
export * from '../../modules/commands/tables.js';
export * from '../../modules/alerts/tables.js';
export * from '../../modules/notifications/tables.js';
export * from '../../modules/scenes/tables.js';
export * from '../../modules/ac-automation/tables.js';
export * from '../../modules/sso/tables.js';
