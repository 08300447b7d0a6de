import { sql } from 'drizzle-orm';
import {
  GEN_CLASS_PATTERN,
  GEN_FIELD_PATTERN,
  GEN_KEBAB_PATTERN,
  GEN_RESERVED_CLASS_NAMES,
  GEN_RESERVED_FIELDS,
  type GenHtmlType,
  type GenQueryType,
  type GenTsType,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows.js';

/**
 * Reading tables and columns from information_schema (and the comments from pg_description), which PGlite
 * and PostgreSQL answer alike. Only the current schema; only ordinary tables.
 */

export interface DbColumn {
  columnName: string;
  /** `integer`, `character varying(64)`, `numeric(10,2)`, `timestamp with time zone`… */
  columnType: string;
  dataType: string;
  nullable: boolean;
  hasDefault: boolean;
  isPk: boolean;
  isIncrement: boolean;
  comment: string;
  position: number;
}

/** The code generator's own tables are not offered for import. */
const OWN_TABLES = ['gen_table', 'gen_table_column'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The ordinary tables of the current schema with their comments, by name. */
export async function databaseTables(db: Db): Promise<{ tableName: string; tableComment: string }[]> {
  const result = await db.execute(sql`
    select t.table_name as "tableName",
      coalesce(obj_description(format('%I.%I', t.table_schema, t.table_name)::regclass, 'pg_class'), '') as "tableComment"
    from information_schema.tables t
    where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by t.table_name`);
  return rowsOf(result)
    .map((r) => ({ tableName: text(r.tableName), tableComment: text(r.tableComment) }))
    .filter((t) => !OWN_TABLES.includes(t.tableName));
}

function typeName(row: Record<string, unknown>): string {
  const dataType = text(row.dataType);
  const length = row.charLength === null || row.charLength === undefined ? undefined : Number(row.charLength);
  if ((dataType === 'character varying' || dataType === 'character') && length)
    return `${dataType}(${length})`;
  if (dataType === 'numeric' && row.precision !== null && row.precision !== undefined)
    return `numeric(${Number(row.precision)},${Number(row.scale ?? 0)})`;
  return dataType;
}

/** The columns of a table of the current schema, in their order; [] when there is no such table. */
export async function tableColumns(db: Db, tableName: string): Promise<DbColumn[]> {
  const result = await db.execute(sql`
    select c.column_name as "columnName", c.data_type as "dataType",
      c.character_maximum_length as "charLength", c.numeric_precision as "precision", c.numeric_scale as "scale",
      c.is_nullable as "nullable", c.column_default as "columnDefault", c.is_identity as "isIdentity",
      c.ordinal_position as "position",
      coalesce(col_description(format('%I.%I', c.table_schema, c.table_name)::regclass, c.ordinal_position), '') as "comment",
      exists (
        select 1 from information_schema.table_constraints tc
        join information_schema.key_column_usage k
          on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema and k.table_name = tc.table_name
        where tc.table_schema = c.table_schema and tc.table_name = c.table_name
          and tc.constraint_type = 'PRIMARY KEY' and k.column_name = c.column_name
      ) as "isPk"
    from information_schema.columns c
    where c.table_schema = current_schema() and c.table_name = ${tableName}
    order by c.ordinal_position`);
  return rowsOf(result).map((r) => {
    const columnDefault = text(r.columnDefault);
    return {
      columnName: text(r.columnName),
      columnType: typeName(r),
      dataType: text(r.dataType),
      nullable: r.nullable === 'YES',
      hasDefault: columnDefault !== '' || r.isIdentity === 'YES',
      isPk: r.isPk === true || r.isPk === 't',
      isIncrement: columnDefault.startsWith('nextval(') || r.isIdentity === 'YES',
      comment: text(r.comment),
      position: Number(r.position),
    };
  });
}

/* ---------- Defaults read from a column (RuoYi's GenUtils.initColumnField, in this stack) ---------- */

const NUMBER_TYPES = ['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision'];

/**
 * Columns the generated code manages itself: the key, the tenant, the row version and the timestamps. They
 * are never in the forms.
 */
export const MANAGED_COLUMNS = ['id', 'tenant_id', 'version', 'created_at', 'updated_at'];

export function tsTypeOf(dataType: string): GenTsType {
  if (NUMBER_TYPES.includes(dataType)) return 'number';
  if (dataType === 'boolean') return 'boolean';
  return 'string';
}

export function camelCase(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()).replace(/_/g, '');
}

export function pascalCase(name: string): string {
  const camel = camelCase(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

export function kebabCase(name: string): string {
  return name.replace(/_+/g, '-').replace(/^-|-$/g, '');
}

/*
 * The default names of an import always pass the save's rules, whatever the SQL name (`_1st_floor`,
 * `values`, `create_time`): a prefix or a suffix where the plain conversion would not.
 */

/** The default class name of a table: PascalCase, `Gen…` where that is not a usable class name. */
export function defaultClassName(tableName: string): string {
  const name = pascalCase(tableName);
  const usable = GEN_CLASS_PATTERN.test(name) && !GEN_RESERVED_CLASS_NAMES.includes(name);
  return usable ? name : `Gen${name}`.slice(0, 63);
}

/** The default module and business name of a table: kebab-case, `gen-…` where it would not start with a letter. */
export function defaultKebabName(tableName: string): string {
  const name = kebabCase(tableName);
  return GEN_KEBAB_PATTERN.test(name) ? name : `gen-${name}`.replace(/-$/, '');
}

/**
 * The default field name of a column: camelCase, `field…` where that is not a field name, `…Field` where
 * every generated row already has it (the key and the managed columns keep theirs: they are no fields).
 */
export function defaultFieldName(columnName: string, managed = false): string {
  const camel = camelCase(columnName);
  const name = camel.charAt(0).toLowerCase() + camel.slice(1);
  if (!GEN_FIELD_PATTERN.test(name)) return `field${name}`.slice(0, 63);
  return !managed && GEN_RESERVED_FIELDS.includes(name) ? `${name}Field` : name;
}

const isTime = (column: DbColumn) => column.dataType.startsWith('timestamp') || column.dataType === 'date';

export interface ColumnDefaults {
  tsType: GenTsType;
  tsField: string;
  isRequired: boolean;
  isInsert: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  queryType: GenQueryType;
  htmlType: GenHtmlType;
  dictType: string;
}

export function columnDefaults(column: DbColumn): ColumnDefaults {
  const name = column.columnName;
  const managed = column.isPk || MANAGED_COLUMNS.includes(name);
  const tsType = tsTypeOf(column.dataType);
  let htmlType: GenHtmlType = 'input';
  let dictType = '';
  if (isTime(column)) htmlType = 'datetime';
  else if (name === 'status') [htmlType, dictType] = ['radio', 'sys_normal_disable'];
  else if (name === 'sex' || name === 'gender') [htmlType, dictType] = ['select', 'sys_user_sex'];
  else if (/(image|picture|photo|avatar)$/.test(name)) htmlType = 'imageUpload';
  else if (/(content|description)$/.test(name)) htmlType = 'editor';
  else if (name === 'remark' || name === 'note' || /^character varying\((\d{4,})\)$/.test(column.columnType))
    htmlType = 'textarea';
  const isName = /(^|_)name$/.test(name);
  const isQuery = !managed && (isName || name === 'status' || /_type$/.test(name) || isTime(column));
  return {
    tsType,
    tsField: defaultFieldName(name, managed),
    isRequired: !managed && !column.nullable && !column.hasDefault,
    isInsert: !managed,
    isEdit: !managed,
    isList: !managed && htmlType !== 'editor' && htmlType !== 'textarea',
    isQuery,
    queryType: isName ? 'LIKE' : isTime(column) ? 'BETWEEN' : 'EQ',
    htmlType,
    dictType,
  };
}
