import type { GenColumn, GenTableDetail } from '@sbuilding/shared';
import { MANAGED_COLUMNS } from '../introspect.js';

/**
 * What the templates write from: a table's settings and its columns, with each column's kind (how it is
 * stored, validated and shown) read from its database type.
 */

export type FieldKind = 'text' | 'int' | 'float' | 'bool' | 'date' | 'timestamp';

export interface Field {
  column: GenColumn;
  /** camelCase name in TypeScript (the column's `tsField`). */
  name: string;
  kind: FieldKind;
  /** The drizzle column builder: `varchar('name', { length: 64 })`. */
  drizzle: string;
  /** The builder function imported from drizzle-orm/pg-core. */
  drizzleImport: string;
  /** SQL type for the migration. */
  sqlType: string;
  /** Longest text accepted (text kinds). */
  maxLength: number;
  required: boolean;
  label: string;
}

export interface Model {
  tableName: string;
  className: string;
  /** camelCase of the class: the i18n namespace and variable names. */
  camel: string;
  /** Kebab-case business name: URL segment, file names. */
  business: string;
  /** Kebab-case module name: the server module and the web feature folder. */
  module: string;
  functionName: string;
  author: string;
  template: 'crud' | 'tree' | 'sub';
  parentMenu: string;
  /** The primary-key column's name (`id` unless the table names another). */
  pkColumn: string;
  fields: Field[];
  insertFields: Field[];
  editFields: Field[];
  listFields: Field[];
  queryFields: Field[];
  /** For a tree: the field holding the parent's id, and the one naming a row. */
  treeParent?: Field;
  treeName?: Field;
  baseUrl: string;
}

function kindOf(columnType: string): FieldKind {
  if (/^(smallint|integer|bigint)$/.test(columnType)) return 'int';
  if (/^(numeric|real|double precision)/.test(columnType)) return 'float';
  if (columnType === 'boolean') return 'bool';
  if (columnType === 'date') return 'date';
  if (columnType.startsWith('timestamp')) return 'timestamp';
  return 'text';
}

function drizzleOf(
  column: GenColumn,
  kind: FieldKind,
): Pick<Field, 'drizzle' | 'drizzleImport' | 'sqlType' | 'maxLength'> {
  const name = `'${column.columnName}'`;
  const type = column.columnType;
  const length = /\((\d+)\)$/.exec(type)?.[1];
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(type);
  switch (kind) {
    case 'int':
      if (type === 'bigint')
        return {
          drizzle: `bigint(${name}, { mode: 'number' })`,
          drizzleImport: 'bigint',
          sqlType: 'bigint',
          maxLength: 0,
        };
      if (type === 'smallint')
        return { drizzle: `smallint(${name})`, drizzleImport: 'smallint', sqlType: 'smallint', maxLength: 0 };
      return { drizzle: `integer(${name})`, drizzleImport: 'integer', sqlType: 'integer', maxLength: 0 };
    case 'float':
      if (type === 'real')
        return { drizzle: `real(${name})`, drizzleImport: 'real', sqlType: 'real', maxLength: 0 };
      if (numeric)
        return {
          drizzle: `numeric(${name}, { precision: ${numeric[1]}, scale: ${numeric[2]}, mode: 'number' })`,
          drizzleImport: 'numeric',
          sqlType: `numeric(${numeric[1]}, ${numeric[2]})`,
          maxLength: 0,
        };
      return {
        drizzle: `doublePrecision(${name})`,
        drizzleImport: 'doublePrecision',
        sqlType: 'double precision',
        maxLength: 0,
      };
    case 'bool':
      return { drizzle: `boolean(${name})`, drizzleImport: 'boolean', sqlType: 'boolean', maxLength: 0 };
    case 'date':
      return {
        drizzle: `date(${name}, { mode: 'string' })`,
        drizzleImport: 'date',
        sqlType: 'date',
        maxLength: 0,
      };
    case 'timestamp': {
      const tz = type.includes('with time zone');
      return {
        drizzle: `timestamp(${name}, { withTimezone: ${tz}, mode: 'date' })`,
        drizzleImport: 'timestamp',
        sqlType: tz ? 'timestamp with time zone' : 'timestamp',
        maxLength: 0,
      };
    }
    case 'text':
      if (length && type.startsWith('character varying'))
        return {
          drizzle: `varchar(${name}, { length: ${length} })`,
          drizzleImport: 'varchar',
          sqlType: `varchar(${length})`,
          maxLength: Number(length),
        };
      if (length && type.startsWith('character'))
        return {
          drizzle: `char(${name}, { length: ${length} })`,
          drizzleImport: 'char',
          sqlType: `char(${length})`,
          maxLength: Number(length),
        };
      return {
        drizzle: `text(${name})`,
        drizzleImport: 'text',
        sqlType: 'text',
        maxLength: column.htmlType === 'editor' || column.htmlType === 'textarea' ? 10000 : 500,
      };
  }
}

export function buildModel(detail: GenTableDetail): Model {
  const { info, rows } = detail;
  const pk = rows.find((c) => c.isPk);
  const fields: Field[] = rows
    .filter((c) => !c.isPk && !MANAGED_COLUMNS.includes(c.columnName))
    .map((column) => {
      const kind = kindOf(column.columnType);
      return {
        column,
        name: column.tsField,
        kind,
        ...drizzleOf(column, kind),
        // A boolean is always true or false: never "missing".
        required: column.isRequired && kind !== 'bool',
        label: column.columnComment || column.columnName,
      };
    });
  const camel = info.className.charAt(0).toLowerCase() + info.className.slice(1);
  const byColumn = (name: string) => fields.find((f) => f.column.columnName === name);
  return {
    tableName: info.tableName,
    className: info.className,
    camel,
    business: info.businessName,
    module: info.moduleName,
    functionName: info.functionName,
    author: info.functionAuthor,
    template: info.tplCategory,
    parentMenu: info.parentMenu,
    pkColumn: pk?.columnName ?? 'id',
    fields,
    insertFields: fields.filter((f) => f.column.isInsert),
    editFields: fields.filter((f) => f.column.isEdit),
    listFields: fields.filter((f) => f.column.isList),
    queryFields: fields.filter((f) => f.column.isQuery),
    treeParent: info.tplCategory === 'tree' ? byColumn(info.treeParentCode) : undefined,
    treeName: info.tplCategory === 'tree' ? byColumn(info.treeName) : undefined,
    baseUrl: `/sbuilding/${info.businessName}`,
  };
}

/** A string literal for generated code. */
export const str = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Joins lines, dropping `null`s (conditional lines). */
export function lines(...parts: (string | null | false | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}
