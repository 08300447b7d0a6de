import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type {
  DictDataCreateBody,
  DictDataListQuery,
  DictDataUpdateBody,
  Lang,
  PageResult,
  SysDictData,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import { fieldLabel } from '../../platform/i18n/index.js';
import { sysDictData } from './dict-tables.js';

/** Dictionary data (spec section 7). Platform-wide like the config: read with a session, written by admin. */

type DictRow = typeof sysDictData.$inferSelect;

function toDictData(row: DictRow): SysDictData {
  return {
    dictCode: row.dictCode,
    dictSort: row.dictSort,
    dictLabel: row.dictLabel,
    dictLabelZh: row.dictLabelZh,
    dictValue: row.dictValue,
    dictType: row.dictType,
    cssClass: row.cssClass,
    listClass: row.listClass,
    isDefault: row.isDefault,
    status: row.status,
    remark: row.remark,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

const ORDER = [asc(sysDictData.dictType), asc(sysDictData.dictSort), asc(sysDictData.dictCode)];

function whereOf(filter: Omit<DictDataListQuery, 'pageNum' | 'pageSize'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.dictType) conditions.push(eq(sysDictData.dictType, filter.dictType));
  if (filter.dictLabel) conditions.push(ilike(sysDictData.dictLabel, likePattern(filter.dictLabel)));
  if (filter.status) conditions.push(eq(sysDictData.status, filter.status));
  return and(...conditions);
}

export async function listDictData(db: Db, filter: DictDataListQuery): Promise<PageResult<SysDictData>> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sysDictData)
      .where(where)
      .orderBy(...ORDER)
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(sysDictData).where(where),
  ]);
  return { rows: rows.map(toDictData), total: total?.value ?? 0 };
}

async function findDictData(db: Db, dictCode: number): Promise<DictRow> {
  const [row] = await db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode));
  if (!row) throw notFound();
  return row;
}

export async function getDictData(db: Db, dictCode: number): Promise<SysDictData> {
  return toDictData(await findDictData(db, dictCode));
}

/** The options of one dictionary, in sort order; disabled rows are left out (an empty list when unknown). */
export async function dictDataOfType(db: Db, dictType: string): Promise<SysDictData[]> {
  const rows = await db
    .select()
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(...ORDER);
  return rows.map(toDictData);
}

function duplicateValue(error: unknown, body: { dictType: string; dictValue: string }): unknown {
  return isUniqueViolation(error)
    ? badRequest('dict.duplicateValue', { type: body.dictType, value: body.dictValue })
    : error;
}

export async function createDictData(db: Db, body: DictDataCreateBody): Promise<SysDictData> {
  try {
    const [row] = await db.insert(sysDictData).values(body).returning();
    if (!row) throw new AppError(500, 'error.internal');
    return toDictData(row);
  } catch (error) {
    throw duplicateValue(error, body);
  }
}

export async function updateDictData(db: Db, body: DictDataUpdateBody): Promise<SysDictData> {
  await findDictData(db, body.dictCode);
  const { dictCode, version, ...fields } = body;
  try {
    const [row] = await db
      .update(sysDictData)
      .set({ ...fields, version: version + 1, updatedAt: new Date() })
      .where(and(eq(sysDictData.dictCode, dictCode), eq(sysDictData.version, version)))
      .returning();
    if (!row) throw conflict();
    return toDictData(row);
  } catch (error) {
    throw duplicateValue(error, body);
  }
}

export async function deleteDictData(db: Db, dictCode: number): Promise<void> {
  await findDictData(db, dictCode);
  await db.delete(sysDictData).where(eq(sysDictData.dictCode, dictCode));
}

const EXPORT_COLUMNS: (keyof SysDictData & string)[] = [
  'dictCode',
  'dictSort',
  'dictLabel',
  'dictLabelZh',
  'dictValue',
  'dictType',
  'isDefault',
  'status',
  'remark',
];

export async function exportDictData(
  db: Db,
  filter: Omit<DictDataListQuery, 'pageNum' | 'pageSize'>,
  lang: Lang,
  dir: ExportTarget,
): Promise<string> {
  const rows = await db
    .select()
    .from(sysDictData)
    .where(whereOf(filter))
    .orderBy(...ORDER);
  const columns: ExportColumn<SysDictData>[] = EXPORT_COLUMNS.map((key) => ({
    key,
    header: fieldLabel(lang, key),
  }));
  return writeXlsx(dir, ['dict_data', exportDate('UTC')], 'dict_data', columns, rows.map(toDictData));
}
