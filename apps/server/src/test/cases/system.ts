import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteCase } from './common.js';

/* The code generator (codegen/*), platform settings and dictionaries (system/*): platform data. */

export const setting = { configName: 'B setting', configKey: 'b.setting', configValue: 'x', remark: '' };
export const dictRow = { dictType: 'sb_b_test', dictLabel: 'B', dictValue: 'b' };
const only403 = (res: LightMyRequestResponse) => expect(res.statusCode).toBe(403);

/** The code generator reads any table and writes code: the admin's alone, refused (403) to everyone else. */
export const CODEGEN_CASES: RouteCase[] = [
  { route: 'GET /tool/gen/list', url: () => '/tool/gen/list', allowed: 'admin', refused: only403 },
  { route: 'GET /tool/gen/db/list', url: () => '/tool/gen/db/list', allowed: 'admin', refused: only403 },
  {
    route: 'POST /tool/gen/importTable',
    url: () => '/tool/gen/importTable?tables=work_times',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/{tableId}',
    url: (i) => `/tool/gen/${i.genTable}`,
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'PUT /tool/gen',
    url: () => '/tool/gen',
    payload: (i) => ({ ...i.genSettings, tableId: i.genTable }),
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/synchDb/{tableName}',
    url: () => '/tool/gen/synchDb/projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/preview/{tableId}',
    url: (i) => `/tool/gen/preview/${i.genTable}`,
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/download/{tableName}',
    url: () => '/tool/gen/download/projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/batchGenCode',
    url: () => '/tool/gen/batchGenCode?tables=projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'DELETE /tool/gen/{tableIds}',
    url: (i) => `/tool/gen/${i.emptyGenTable}`,
    allowed: 'admin',
    refused: only403,
  },
];

/** Platform settings are nobody's tenant data: tenant users read them, only the admin writes. */
export const SYSTEM_CASES: RouteCase[] = [
  { route: 'POST /system/config', url: () => '/system/config', payload: () => setting, allowed: 'admin' },
  {
    route: 'PUT /system/config',
    url: () => '/system/config',
    payload: (i) => ({ ...setting, configKey: 'b.existing', configId: i.config, version: 1 }),
    allowed: 'admin',
  },
  { route: 'DELETE /system/config/clearCache', url: () => '/system/config/clearCache', allowed: 'admin' },
  { route: 'DELETE /system/config/{id}', url: (i) => `/system/config/${i.config}`, allowed: 'admin' },
  {
    route: 'POST /system/dict/data',
    url: () => '/system/dict/data',
    payload: () => dictRow,
    allowed: 'admin',
  },
  {
    route: 'PUT /system/dict/data',
    url: () => '/system/dict/data',
    payload: (i) => ({ ...dictRow, dictValue: 'existing', dictCode: i.dict, version: 1 }),
    allowed: 'admin',
  },
  { route: 'DELETE /system/dict/data/{id}', url: (i) => `/system/dict/data/${i.dict}`, allowed: 'admin' },
];
