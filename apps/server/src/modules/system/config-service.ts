import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  ConfigCreateBody,
  ConfigListQuery,
  ConfigUpdateBody,
  Lang,
  PageResult,
  SysConfig,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import { fieldLabel } from '../../platform/i18n/index.js';
import { clearConfigCache } from './config-cache.js';
import { isReservedConfigKey, maskedConfigValue } from './smtp.js';
import { sysConfig } from './tables.js';

/**
 * System configuration (spec section 7). Platform-wide settings, not tenant data: reading needs a
 * session, writing the admin role (checked by the routes).
 */

type ConfigRow = typeof sysConfig.$inferSelect;

function toConfig(row: ConfigRow): SysConfig {
  return {
    configId: row.id,
    configName: row.configName,
    configKey: row.configKey,
    configValue: maskedConfigValue(row.configKey, row.configValue),
    configType: row.configType === 'Y' ? 'Y' : 'N',
    remark: row.remark,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

function whereOf(filter: Omit<ConfigListQuery, 'pageNum' | 'pageSize'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.configName) conditions.push(ilike(sysConfig.configName, likePattern(filter.configName)));
  if (filter.configKey) conditions.push(ilike(sysConfig.configKey, likePattern(filter.configKey)));
  if (filter.configType) conditions.push(eq(sysConfig.configType, filter.configType));
  return and(...conditions);
}

export async function listConfigs(db: Db, filter: ConfigListQuery): Promise<PageResult<SysConfig>> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysConfig)
      .where(where)
      .orderBy(asc(sysConfig.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(sysConfig).where(where),
  ]);
  return { rows: rows.map(toConfig), total: total?.value ?? 0 };
}

async function findConfig(db: Db, id: number): Promise<ConfigRow> {
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getConfig(db: Db, id: number): Promise<SysConfig> {
  return toConfig(await findConfig(db, id));
}

function duplicateKey(error: unknown, key: string): unknown {
  return isUniqueViolation(error) ? badRequest('config.duplicateKey', { key }) : error;
}

/** The SMTP setting holds a password: it is written only through PUT /system/config/smtp. */
function refuseReserved(...keys: string[]): void {
  for (const key of keys) if (isReservedConfigKey(key)) throw badRequest('config.reservedKey', { key });
}

export async function createConfig(db: Db, body: ConfigCreateBody): Promise<SysConfig> {
  refuseReserved(body.configKey);
  try {
    const [row] = await db.insert(sysConfig).values(body).returning();
    if (!row) throw new AppError(500, 'error.internal');
    return toConfig(row);
  } catch (error) {
    throw duplicateKey(error, body.configKey);
  } finally {
    clearConfigCache(db, body.configKey);
  }
}

export async function updateConfig(db: Db, body: ConfigUpdateBody): Promise<SysConfig> {
  const before = await findConfig(db, body.configId);
  refuseReserved(before.configKey, body.configKey);
  try {
    const [row] = await db
      .update(sysConfig)
      .set({
        configName: body.configName,
        configKey: body.configKey,
        configValue: body.configValue,
        configType: body.configType,
        remark: body.remark,
        version: body.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(sysConfig.id, body.configId), eq(sysConfig.version, body.version)))
      .returning();
    if (!row) throw conflict();
    return toConfig(row);
  } catch (error) {
    throw duplicateKey(error, body.configKey);
  } finally {
    clearConfigCache(db, before.configKey, body.configKey);
  }
}

/** Built-in ('Y') settings are what the server itself reads: they can be changed, not deleted. */
export async function deleteConfig(db: Db, id: number): Promise<void> {
  const row = await findConfig(db, id);
  if (row.configType === 'Y') throw badRequest('config.builtIn', { key: row.configKey });
  await db.delete(sysConfig).where(eq(sysConfig.id, id));
  clearConfigCache(db, row.configKey);
}

const EXPORT_COLUMNS: (keyof SysConfig & string)[] = [
  'configId',
  'configName',
  'configKey',
  'configValue',
  'configType',
  'remark',
  'createTime',
];

/** Writes every setting matching the filter (all pages) to a spreadsheet; headers in `lang`. */
export async function exportConfigs(
  db: Db,
  filter: Omit<ConfigListQuery, 'pageNum' | 'pageSize'>,
  lang: Lang,
  dir: ExportTarget,
): Promise<string> {
  const rows = await db.select().from(sysConfig).where(whereOf(filter)).orderBy(asc(sysConfig.id));
  const columns: ExportColumn<SysConfig>[] = EXPORT_COLUMNS.map((key) => ({
    key,
    header: fieldLabel(lang, key),
  }));
  return writeXlsx(dir, ['config', exportDate('UTC')], 'config', columns, rows.map(toConfig));
}
