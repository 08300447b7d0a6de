import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type {
  GenDbTable,
  GenListQuery,
  GenSaveBody,
  GenTable,
  GenTableDetail,
  PageResult,
} from '@sbuilding/shared';
import { genTsTypesFor } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import {
  columnDefaults,
  databaseTables,
  defaultClassName,
  defaultKebabName,
  tableColumns,
  type DbColumn,
} from './introspect.js';
import type { GenInput } from './generator/model.js';
import { assertColumnNames, assertFieldNames, assertTableOffered, isProtectedTable } from './names.js';
import { toGenColumn, toGenTable } from './settings.js';
import { genTable, genTableColumn } from './tables.js';

/**
 * The code generator's settings: tables imported from the database and their columns (RuoYi's
 * GenTableServiceImpl). Platform data: the routes let only the platform administrator in.
 */

type TableRow = typeof genTable.$inferSelect;
type ColumnRow = typeof genTableColumn.$inferSelect;

function whereOf(filter: GenListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.tableName) conditions.push(ilike(genTable.tableName, likePattern(filter.tableName)));
  if (filter.tableComment) conditions.push(ilike(genTable.tableComment, likePattern(filter.tableComment)));
  return and(...conditions);
}

export async function listGenTables(db: Db, filter: GenListQuery): Promise<PageResult<GenTable>> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(genTable)
      .where(where)
      .orderBy(asc(genTable.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(genTable).where(where),
  ]);
  return { rows: rows.map(toGenTable), total: total?.value ?? 0 };
}

/** Tables of the database not yet imported, filtered like the list; never those holding secrets (names.ts). */
export async function listDbTables(db: Db, filter: GenListQuery): Promise<PageResult<GenDbTable>> {
  const imported = new Set((await db.select({ name: genTable.tableName }).from(genTable)).map((r) => r.name));
  const name = filter.tableName?.toLowerCase();
  const comment = filter.tableComment?.toLowerCase();
  const all = (await databaseTables(db)).filter(
    (t) =>
      !imported.has(t.tableName) &&
      !isProtectedTable(t.tableName) &&
      (!name || t.tableName.includes(name)) &&
      (!comment || t.tableComment.toLowerCase().includes(comment)),
  );
  const start = (filter.pageNum - 1) * filter.pageSize;
  return { rows: all.slice(start, start + filter.pageSize), total: all.length };
}

function columnValues(tableId: number, column: DbColumn, sort: number) {
  return {
    tableId,
    columnName: column.columnName,
    columnComment: column.comment,
    columnType: column.columnType,
    isPk: column.isPk,
    isIncrement: column.isIncrement,
    sort,
    ...columnDefaults(column),
  };
}

/** The settings a freshly imported table starts with (RuoYi's GenUtils.initTable). */
function tableDefaults(tableName: string, tableComment: string, author: string) {
  const business = defaultKebabName(tableName);
  return {
    tableName,
    tableComment,
    className: defaultClassName(tableName),
    tplCategory: 'crud',
    moduleName: business,
    businessName: business,
    functionName: tableComment || tableName,
    functionAuthor: author,
    parentMenu: '/console',
  };
}

/**
 * Imports tables of the database with default settings read from their columns. All or none: an unknown
 * or already imported name, a table holding secrets, or a table or column name that cannot be written into
 * code is a 400 naming it.
 */
export async function importTables(db: Db, names: readonly string[], author: string): Promise<GenTable[]> {
  names.forEach(assertTableOffered);
  const known = new Map((await databaseTables(db)).map((t) => [t.tableName, t.tableComment]));
  const missing = names.filter((n) => !known.has(n));
  if (missing.length > 0) throw badRequest('gen.tableNotFound', { table: missing.join(', ') });
  const already = await db
    .select({ name: genTable.tableName })
    .from(genTable)
    .where(inArray(genTable.tableName, [...names]));
  if (already.length > 0)
    throw badRequest('gen.alreadyImported', { table: already.map((r) => r.name).join(', ') });
  const columnsOf = new Map<string, DbColumn[]>();
  for (const name of names) {
    const columns = await tableColumns(db, name);
    assertColumnNames(name, columns);
    columnsOf.set(name, columns);
  }
  return db.transaction(async (tx) => {
    const imported: GenTable[] = [];
    for (const name of names) {
      const [row] = await tx
        .insert(genTable)
        .values(tableDefaults(name, known.get(name) ?? '', author))
        .returning();
      if (!row) throw new AppError(500, 'error.internal');
      const columns = columnsOf.get(name) ?? [];
      if (columns.length > 0)
        await tx.insert(genTableColumn).values(columns.map((c, i) => columnValues(row.id, c, i + 1)));
      imported.push(toGenTable(row));
    }
    return imported;
  });
}

async function findTable(db: Db, tableId: number): Promise<TableRow> {
  const [row] = await db.select().from(genTable).where(eq(genTable.id, tableId));
  if (!row) throw notFound();
  return row;
}

async function columnsOfTable(db: Db, tableId: number): Promise<ColumnRow[]> {
  return db
    .select()
    .from(genTableColumn)
    .where(eq(genTableColumn.tableId, tableId))
    .orderBy(asc(genTableColumn.sort));
}

export async function getGenTable(db: Db, tableId: number): Promise<GenTableDetail> {
  const table = await findTable(db, tableId);
  return { info: toGenTable(table), rows: (await columnsOfTable(db, tableId)).map(toGenColumn) };
}

/**
 * What the generator writes from: the table's settings and, for a master, its child table's columns: the
 * child's own settings when it is imported too (as RuoYi asks), else the defaults read from the database.
 */
export async function generationInput(db: Db, detail: GenTableDetail): Promise<GenInput> {
  const { info } = detail;
  if (info.tplCategory !== 'sub' || info.subTableName === '') return { detail };
  const name = info.subTableName;
  const [imported] = await db.select().from(genTable).where(eq(genTable.tableName, name));
  if (imported)
    return {
      detail,
      child: {
        tableName: name,
        className: imported.className,
        rows: (await columnsOfTable(db, imported.id)).map(toGenColumn),
      },
    };
  const columns = await tableColumns(db, name);
  if (columns.length === 0) throw badRequest('gen.tableNotFound', { table: name });
  return {
    detail,
    child: {
      tableName: name,
      className: defaultClassName(name),
      rows: columns.map((c) => toGenColumn({ ...columnValues(0, c, c.position), id: 0 })),
    },
  };
}

export async function getGenTableByName(db: Db, tableName: string): Promise<GenTableDetail> {
  const [row] = await db.select().from(genTable).where(eq(genTable.tableName, tableName));
  if (!row) throw notFound();
  return getGenTable(db, row.id);
}

/**
 * Saves the settings and every column's (PUT /tool/gen); 409 when someone saved since `version`. The
 * template's columns must be columns of the table, and field names unique.
 */
export async function saveGenTable(db: Db, body: GenSaveBody): Promise<GenTableDetail> {
  const master = await findTable(db, body.tableId);
  const columns = await columnsOfTable(db, body.tableId);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const unknown = body.columns.find((c) => !byId.has(c.columnId));
  if (unknown) throw badRequest('gen.columnNotFound', { column: unknown.columnId });
  const savedField = new Map(body.columns.map((c) => [c.columnId, c.tsField]));
  assertFieldNames(columns.map((c) => ({ ...c, tsField: savedField.get(c.id) ?? c.tsField })));
  for (const column of body.columns) {
    const stored = byId.get(column.columnId);
    if (stored && !genTsTypesFor(stored.columnType).includes(column.tsType))
      throw badRequest('gen.tsTypeMismatch', {
        column: stored.columnName,
        type: stored.columnType,
        tsType: column.tsType,
      });
  }
  const names = new Set(columns.map((c) => c.columnName));
  const templateColumns =
    body.tplCategory === 'tree' ? [body.treeCode, body.treeParentCode, body.treeName] : [];
  const strange = templateColumns.find((c) => !names.has(c));
  if (strange !== undefined) throw badRequest('gen.columnNotInTable', { column: strange });
  if (body.tplCategory === 'tree') {
    // The generated tree links rows by their key: the parent holds the parent's id, the name is shown.
    const byName = new Map(columns.map((c) => [c.columnName, c]));
    const code = byName.get(body.treeCode);
    const parent = byName.get(body.treeParentCode);
    const name = byName.get(body.treeName);
    if (
      !code?.isPk ||
      !/^(smallint|integer|bigint)$/.test(parent?.columnType ?? '') ||
      body.treeParentCode === body.treeCode ||
      genTsTypesFor(name?.columnType ?? '')[0] !== 'string'
    )
      throw badRequest('gen.treeColumns');
  }
  if (body.tplCategory === 'sub') {
    if (master.tableName === body.subTableName) throw badRequest('gen.subTableSelf');
    assertTableOffered(body.subTableName);
    const child = await tableColumns(db, body.subTableName);
    if (child.length === 0) throw badRequest('gen.tableNotFound', { table: body.subTableName });
    assertColumnNames(body.subTableName, child);
    if (!child.some((c) => c.columnName === body.subTableFkName))
      throw badRequest('gen.columnNotInTable', { column: body.subTableFkName });
  }
  await db.transaction(async (tx) => {
    const { tableId, version, columns: saved, ...fieldsOfTable } = body;
    const [row] = await tx
      .update(genTable)
      .set({ ...fieldsOfTable, version: version + 1, updatedAt: new Date() })
      .where(and(eq(genTable.id, tableId), eq(genTable.version, version)))
      .returning({ id: genTable.id });
    if (!row) throw conflict();
    for (const { columnId, ...settings } of saved)
      await tx.update(genTableColumn).set(settings).where(eq(genTableColumn.id, columnId));
  });
  return getGenTable(db, body.tableId);
}

export async function deleteGenTables(db: Db, tableIds: readonly number[]): Promise<void> {
  const found = await db
    .select({ id: genTable.id })
    .from(genTable)
    .where(inArray(genTable.id, [...tableIds]));
  if (found.length !== tableIds.length) throw notFound();
  await db.delete(genTable).where(inArray(genTable.id, [...tableIds]));
}

/**
 * Picks up columns added to the table since the import (with defaults), drops the settings of columns
 * gone from it, and updates the database facts (type, key) of the others; edited settings stay.
 */
export async function syncGenTable(
  db: Db,
  tableName: string,
): Promise<{ added: string[]; removed: string[] }> {
  assertTableOffered(tableName);
  const [table] = await db.select().from(genTable).where(eq(genTable.tableName, tableName));
  if (!table) throw notFound();
  const current = await tableColumns(db, tableName);
  if (current.length === 0) throw badRequest('gen.tableNotFound', { table: tableName });
  assertColumnNames(tableName, current);
  const stored = await columnsOfTable(db, table.id);
  const storedByName = new Map(stored.map((c) => [c.columnName, c]));
  const currentNames = new Set(current.map((c) => c.columnName));
  const added = current.filter((c) => !storedByName.has(c.columnName));
  const removed = stored.filter((c) => !currentNames.has(c.columnName));
  await db.transaction(async (tx) => {
    if (removed.length > 0)
      await tx.delete(genTableColumn).where(
        inArray(
          genTableColumn.id,
          removed.map((c) => c.id),
        ),
      );
    for (const column of current) {
      const before = storedByName.get(column.columnName);
      if (!before) continue;
      await tx
        .update(genTableColumn)
        .set({
          columnType: column.columnType,
          isPk: column.isPk,
          isIncrement: column.isIncrement,
          sort: column.position,
        })
        .where(eq(genTableColumn.id, before.id));
    }
    if (added.length > 0)
      await tx.insert(genTableColumn).values(added.map((c) => columnValues(table.id, c, c.position)));
    await tx
      .update(genTable)
      .set({ version: table.version + 1, updatedAt: new Date() })
      .where(eq(genTable.id, table.id));
  });
  return { added: added.map((c) => c.columnName), removed: removed.map((c) => c.columnName) };
}
