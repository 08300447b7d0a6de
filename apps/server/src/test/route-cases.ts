import type { RouteCase } from './cases/common.js';
import { ALERT_CASES, ALERT_RULE_CASES, NOTIFICATION_CASES } from './cases/alerts.js';
import { AC_AUTOMATION_CASES, NOON_NAP_CASES, SCENE_CASES } from './cases/automation.js';
import { BOARD_CASES, MINI_PROGRAM_CASES, OVERVIEW_CASES } from './cases/boards.js';
import { BUILDING_CASES, FILE_CASES, MARK_CASES, MESH_CASES } from './cases/buildings.js';
import { COMMAND_CASES, SIMULATOR_CASES } from './cases/commands.js';
import { DEVICE_CASES, DEVICE_IMPORT_CASES, GROUP_CASES } from './cases/devices.js';
import { ENERGY_BILLING_CASES, ENERGY_CASES, ENERGY_REPORT_CASES, METER_TREE_CASES } from './cases/energy.js';
import { FDD_CASES } from './cases/fdd.js';
import { CALENDAR_CASES, PROJECT_CASES, PROJECT_DELETE_CASES } from './cases/projects.js';
import { CODEGEN_CASES, SYSTEM_CASES } from './cases/system.js';
import { API_KEY_CASES, SSO_CASES, TENANT_CASES, USER_CASES } from './cases/users.js';
import { WORK_ORDER_CASES } from './cases/work-orders.js';

export { refusedWith403or404, type Ids, type RouteCase } from './cases/common.js';
export { bMark, hall } from './cases/buildings.js';
export { bNoonNap } from './cases/automation.js';
export { bShare } from './cases/energy.js';

/**
 * One case per route of the API: how to call it on a world's rows (the ids of `Ids`), who may (its owner, or
 * the platform administrator), and what a refused try answers where a route has nothing to refuse. The
 * tenant-isolation test tries every case as another tenant; the authorization matrix tries every case with
 * every kind of principal on its own project's, another project's and another tenant's rows.
 *
 * Each domain's cases, and the bodies its tries send, are in cases/<domain>.ts (the shared shapes and
 * refusals in cases/common.ts). Extend its file when adding a route: both tests' coverage checks fail for a
 * documented route without a case or a reason in NOT_TENANT_DATA.
 *
 * The order matters: each write is made once, in this order, so a row is used before the case that deletes it
 * (the mini-program runs B's scene before SCENE_CASES deletes it; a report schedule names B's channel before
 * NOTIFICATION_CASES deletes it).
 */
export const CASES: RouteCase[] = [
  ...PROJECT_CASES,
  ...CALENDAR_CASES,
  ...BUILDING_CASES,
  ...DEVICE_CASES,
  ...COMMAND_CASES,
  ...MINI_PROGRAM_CASES,
  ...WORK_ORDER_CASES,
  ...FDD_CASES,
  ...ALERT_CASES,
  ...ALERT_RULE_CASES,
  ...SCENE_CASES,
  ...NOON_NAP_CASES,
  ...AC_AUTOMATION_CASES,
  ...ENERGY_CASES,
  ...ENERGY_BILLING_CASES,
  ...METER_TREE_CASES,
  ...ENERGY_REPORT_CASES,
  ...SIMULATOR_CASES,
  ...BOARD_CASES,
  ...OVERVIEW_CASES,
  ...NOTIFICATION_CASES,
  ...SSO_CASES,
  ...API_KEY_CASES,
  ...DEVICE_IMPORT_CASES,
  ...FILE_CASES,
  ...GROUP_CASES,
  ...MARK_CASES,
  ...MESH_CASES,
  ...PROJECT_DELETE_CASES,
  ...USER_CASES,
  ...TENANT_CASES,
  ...CODEGEN_CASES,
  ...SYSTEM_CASES,
];

/** Routes that hold no tenant's data, with the reason. */
export const NOT_TENANT_DATA: Record<string, string> = {
  'GET /system/config/list': 'platform settings, readable with any session',
  'GET /system/config/{id}': 'platform settings, readable with any session',
  'GET /system/config/configKey/{key}': 'platform settings, readable with any session',
  'GET /system/config/export': 'platform settings, readable with any session',
  'GET /system/dict/data/list': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/{id}': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/type/{type}': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/export': 'platform dictionaries, readable with any session',
  'GET /common/download': 'exports of platform data under unguessable generated names',
  'GET /sbuilding/device/import/template': 'the same blank import template for everyone',
  'GET /sbuilding/common/getDevCategorys': 'the device catalogue, the same for everyone',
  'GET /sbuilding/common/getDevCatalogue': 'the device catalogue, the same for everyone',
  'GET /system/config/smtp': 'the platform mail server, admin only (its password never answered)',
  'PUT /system/config/smtp': 'the platform mail server, admin only',
  'GET /sbuilding/public/share/{token}':
    "a share link: no session, the token's own report only (energy-reports.test.ts: unknown, expired and revoked tokens answer 404)",
  'GET /sbuilding/public/share/{token}/file':
    "a share link's file: no session, the token's own report or bill only (energy-reports.test.ts: a revoked token answers 404)",
};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export const methodOf = (route: string): Method => {
  const method = route.split(' ')[0];
  if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE') return method;
  throw new Error(`bad route ${route}`);
};
