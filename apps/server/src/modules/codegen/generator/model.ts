import { genTsTypesFor, type GenColumn, type GenTableDetail, type GenTsType } from '@sbuilding/shared';
import { MANAGED_COLUMNS } from '../introspect.js';
import { str } from './escape.js';

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
  /**
   * The TypeScript type of the field (the column's setting): the schemas, the answers and the form follow
   * it; `kind` is how the database stores it.
   */
  ts: GenTsType;
  /** A number column carried as a decimal string (`ts` 'string' on an int or float column). */
  asText: boolean;
  /** The stored value is a number while the field is a string: the service converts both ways. */
  convert: boolean;
  /** An uploaded picture: the value is the file's id, the answer adds its signed link (`<name>Url`). */
  image: boolean;
  /** Rich text (HTML): sanitised by the server before it is stored. */
  richText: boolean;
  /** The drizzle column builder: `varchar('name', { length: 64 })`. */
  drizzle: string;
  /** The builder function imported from drizzle-orm/pg-core. */
  drizzleImport: string;
  /** SQL type for the migration. */
  sqlType: string;
  /** Longest text accepted (text kinds). */
  maxLength: number;
  required: boolean;
  /** The column's comment, or its name: free text, escaped where it is written (escape.ts). */
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
  /** Free text (the settings' function name and author): escaped where it is written (escape.ts). */
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
  /** For a master: its child table, edited inline and deleted with it. */
  child?: ChildModel;
  baseUrl: string;
}

/** The child table of a master-child template. */
export interface ChildModel {
  tableName: string;
  className: string;
  camel: string;
  pkColumn: string;
  /** The child's column holding its master's id. */
  fkColumn: string;
  fkName: string;
  /** The child's own fields: not its key, not the foreign key, not the managed columns. */
  fields: Field[];
}

/** A table's settings and, for a master, its child table's columns (its own settings when imported). */
export interface GenInput {
  detail: GenTableDetail;
  child?: { tableName: string; className: string; rows: GenColumn[] };
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
  asText: boolean,
): Pick<Field, 'drizzle' | 'drizzleImport' | 'sqlType' | 'maxLength'> {
  const name = str(column.columnName);
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
      if (numeric && asText)
        // Exact decimals: drizzle's numeric answers the database's text as it is.
        return {
          drizzle: `numeric(${name}, { precision: ${numeric[1]}, scale: ${numeric[2]} })`,
          drizzleImport: 'numeric',
          sqlType: `numeric(${numeric[1]}, ${numeric[2]})`,
          maxLength: 0,
        };
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

/** The TypeScript type of a column: its setting when the database type allows it, else the natural one. */
function tsOf(column: GenColumn): GenTsType {
  const allowed = genTsTypesFor(column.columnType);
  return allowed.includes(column.tsType) ? column.tsType : (allowed[0] ?? 'string');
}

function fieldOf(column: GenColumn): Field {
  const kind = kindOf(column.columnType);
  const ts = tsOf(column);
  const asText = (kind === 'int' || kind === 'float') && ts === 'string';
  const built = drizzleOf(column, kind, asText);
  return {
    column,
    name: column.tsField,
    kind,
    ts,
    asText,
    convert: asText && built.drizzleImport !== 'numeric',
    image: kind === 'text' && column.htmlType === 'imageUpload',
    richText: kind === 'text' && column.htmlType === 'editor',
    ...built,
    // A boolean is always true or false: never "missing".
    required: column.isRequired && kind !== 'bool',
    label: column.columnComment || column.columnName,
  };
}

function childOf(input: GenInput): ChildModel | undefined {
  const { info } = input.detail;
  if (info.tplCategory !== 'sub' || !input.child) return undefined;
  const { tableName, className, rows } = input.child;
  const pk = rows.find((c) => c.isPk);
  const fk = info.subTableFkName;
  return {
    tableName,
    className,
    camel: className.charAt(0).toLowerCase() + className.slice(1),
    pkColumn: pk?.columnName ?? 'id',
    fkColumn: fk,
    fkName: rows.find((c) => c.columnName === fk)?.tsField ?? fk,
    fields: rows
      .filter((c) => !c.isPk && c.columnName !== fk && !MANAGED_COLUMNS.includes(c.columnName))
      // A child row's picture is not offered: its file id is edited as text.
      .map((c) => fieldOf(c.htmlType === 'imageUpload' ? { ...c, htmlType: 'input' } : c)),
  };
}

export function buildModel(input: GenInput): Model {
  const { info, rows } = input.detail;
  const pk = rows.find((c) => c.isPk);
  const tree = info.tplCategory === 'tree';
  const fields: Field[] = rows
    .filter((c) => !c.isPk && !MANAGED_COLUMNS.includes(c.columnName))
    .map((column) => {
      const field = fieldOf(column);
      // A tree's parent is a row's id (a number) or none (a root): never required, never text.
      if (tree && column.columnName === info.treeParentCode)
        return {
          ...fieldOf({ ...column, tsType: 'number', isInsert: true, isEdit: true }),
          required: false,
        };
      return field;
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
    treeParent: tree ? byColumn(info.treeParentCode) : undefined,
    treeName: tree ? byColumn(info.treeName) : undefined,
    child: childOf(input),
    baseUrl: `/sbuilding/${info.businessName}`,
  };
}

/** Joins lines, dropping `null`s (conditional lines). */
export function lines(...parts: (string | null | false | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string').join('\n');
}
