import type { GenColumn, GenTable } from '@sbuilding/shared';
import { GEN_HTML_TYPES, GEN_QUERY_TYPES, GEN_TEMPLATES, GEN_TS_TYPES } from '@sbuilding/shared';
import type { genTable, genTableColumn } from './tables.js';

/** The stored settings as the API answers them (a value the schemas no longer know falls back to the default). */

type TableRow = typeof genTable.$inferSelect;
type ColumnRow = typeof genTableColumn.$inferSelect;

function oneOf<const T extends readonly string[]>(values: T, value: string, fallback: T[number]): T[number] {
  return values.find((v) => v === value) ?? fallback;
}

export function toGenTable(row: TableRow): GenTable {
  return {
    tableId: row.id,
    tableName: row.tableName,
    tableComment: row.tableComment,
    className: row.className,
    tplCategory: oneOf(GEN_TEMPLATES, row.tplCategory, 'crud'),
    moduleName: row.moduleName,
    businessName: row.businessName,
    functionName: row.functionName,
    functionAuthor: row.functionAuthor,
    subTableName: row.subTableName,
    subTableFkName: row.subTableFkName,
    treeCode: row.treeCode,
    treeParentCode: row.treeParentCode,
    treeName: row.treeName,
    parentMenu: row.parentMenu,
    remark: row.remark,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export function toGenColumn(row: ColumnRow): GenColumn {
  return {
    columnId: row.id,
    columnName: row.columnName,
    columnComment: row.columnComment,
    columnType: row.columnType,
    tsType: oneOf(GEN_TS_TYPES, row.tsType, 'string'),
    tsField: row.tsField,
    isPk: row.isPk,
    isIncrement: row.isIncrement,
    isRequired: row.isRequired,
    isInsert: row.isInsert,
    isEdit: row.isEdit,
    isList: row.isList,
    isQuery: row.isQuery,
    queryType: oneOf(GEN_QUERY_TYPES, row.queryType, 'EQ'),
    htmlType: oneOf(GEN_HTML_TYPES, row.htmlType, 'input'),
    dictType: row.dictType,
    sort: row.sort,
  };
}
