import type { RouteCase } from './common.js';

/**
 * The operators' doors (issue 36) in the authorization matrix. GET /system/backup is the whole platform, every
 * tenant's rows at once: no tenant owns it, so it is no case of the tenant-isolation test (whose routes are
 * tenant data or listed in NOT_TENANT_DATA); the matrix tries it with every principal: the platform
 * administrator's session only (`platform:backup`: a key, even the admin's, is refused with 403 before any
 * work). The admin's own backup is made and restored in modules/backup/backup.test.ts. GET /metrics is no
 * documented operation (its guard is a bearer token of its own: modules/metrics/metrics.test.ts).
 */
export const OPERATIONS_CASES: RouteCase[] = [
  { route: 'GET /system/backup', url: () => '/system/backup', allowed: 'admin' },
];
