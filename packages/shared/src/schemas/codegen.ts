import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import {
  idSchema,
  optionalFilter,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';
import { DICT_TYPE_PATTERN } from './system.js';

/* ---------- Code generation (RuoYi's /tool/gen, spec §2 /gen/edit/{tableId}) ---------- */

/** Templates: one table; a tree (rows name their parent); a master with a child table. */
export const GEN_TEMPLATES = ['crud', 'tree', 'sub'] as const;
export type GenTemplate = (typeof GEN_TEMPLATES)[number];

/** Query types of a queried column (RuoYi's list). */
export const GEN_QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export type GenQueryType = (typeof GEN_QUERY_TYPES)[number];

/** Form controls of a column. */
export const GEN_HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'editor',
] as const;
export type GenHtmlType = (typeof GEN_HTML_TYPES)[number];

/** Controls whose options come from a dictionary (/system/dict/data/type/{dictType}). */
export const GEN_DICT_HTML_TYPES: readonly GenHtmlType[] = ['select', 'radio', 'checkbox'];

/** TypeScript types a column maps to. */
export const GEN_TS_TYPES = ['string', 'number', 'boolean'] as const;
export type GenTsType = (typeof GEN_TS_TYPES)[number];

const GEN_NUMBER_COLUMN = /^(smallint|integer|bigint|numeric|real|double precision)/;

/**
 * The TypeScript types a column of this database type can be generated as: a number column as a number
 * or as a decimal string (exact: money, bigint), a boolean as a boolean, anything else as a string.
 */
export function genTsTypesFor(columnType: string): readonly GenTsType[] {
  if (GEN_NUMBER_COLUMN.test(columnType)) return ['number', 'string'];
  if (columnType === 'boolean') return ['boolean'];
  return ['string'];
}

/**
 * A table or column name the generator writes into SQL and code: PostgreSQL's unquoted identifiers in lower
 * case (letters, digits and `_`, not starting with a digit, at most 63 bytes). Any other name (quotes,
 * backticks, spaces, capitals) is refused rather than quoted: it would have to be quoted again in every
 * drizzle call, query and test the generated code holds.
 */
export const GEN_SQL_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
/** A module or business name: kebab-case words (folder names and URL segments). */
export const GEN_KEBAB_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
/** A class name: PascalCase. */
export const GEN_CLASS_PATTERN = /^[A-Z][A-Za-z0-9]{0,62}$/;
/** A field name: camelCase. */
export const GEN_FIELD_PATTERN = /^[a-z][A-Za-z0-9]{0,62}$/;
/** The menu group of the generated page: a top-level path of the menu (`/console`), its file name in shared/routes. */
export const GEN_MENU_PATTERN = /^\/[a-z][a-z0-9-]{0,62}$/;

/**
 * Class names the generated files already use for something else (their own types, what they import, the
 * globals they rely on): a class of that name would shadow it and the code would not compile.
 */
export const GEN_RESERVED_CLASS_NAMES: readonly string[] = [
  ...['Row', 'ChildRow', 'Values', 'Filter', 'ParentOption', 'Data', 'PageResult', 'Scope', 'Db', 'SQL'],
  ...['FileLinks', 'ExportColumn', 'ExportTarget', 'TableColumnsType', 'FormRule', 'PageState', 'TestApp'],
  ...['Button', 'Card', 'Checkbox', 'Empty', 'Flex', 'Form', 'Image', 'Input', 'InputNumber', 'Popconfirm'],
  ...['Radio', 'Select', 'Space', 'Switch', 'Table', 'TreeSelect', 'Typography', 'FileUpload', 'FormModal'],
  ...['Array', 'Boolean', 'Date', 'Error', 'Map', 'Number', 'Object', 'Omit', 'Promise', 'Record', 'Set'],
  ...['String', 'ReturnType'],
];

/**
 * Field names every generated row, list body or tree node already has: a column generated under one of
 * them would be declared twice (the server refuses them on save, naming the field; the key and the
 * columns the generated code manages keep theirs).
 */
export const GEN_RESERVED_FIELDS: readonly string[] = [
  'id',
  'tenantId',
  'version',
  'createTime',
  'updateTime',
  'pageNum',
  'pageSize',
  'children',
];

const pattern = (re: RegExp, max: number) => requiredText(max).regex(re, 'invalid');
/** A name that may be left empty ('' when absent), else matches `re`. */
const optionalPattern = (re: RegExp, max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, 'tooLong')
    .refine((value) => value === '' || re.test(value), 'invalid')
    .optional()
    .default('');
const notReserved = (reserved: readonly string[]) => (value: string) => !reserved.includes(value);

/** One column's settings (a row of the column table on /gen/edit). */
export const genColumnSchema = z.object({
  columnId: z.number().int(),
  columnName: z.string(),
  columnComment: z.string(),
  /** The database type as information_schema names it (`integer`, `character varying(64)`…). */
  columnType: z.string(),
  tsType: z.enum(GEN_TS_TYPES),
  tsField: z.string(),
  isPk: z.boolean(),
  isIncrement: z.boolean(),
  isRequired: z.boolean(),
  isInsert: z.boolean(),
  isEdit: z.boolean(),
  isList: z.boolean(),
  isQuery: z.boolean(),
  queryType: z.enum(GEN_QUERY_TYPES),
  htmlType: z.enum(GEN_HTML_TYPES),
  dictType: z.string(),
  sort: z.number().int(),
});
export type GenColumn = z.infer<typeof genColumnSchema>;

/** A table's settings (the basic-information and generation-settings tabs). */
export const genTableSchema = z.object({
  tableId: z.number().int(),
  tableName: z.string(),
  tableComment: z.string(),
  className: z.string(),
  tplCategory: z.enum(GEN_TEMPLATES),
  moduleName: z.string(),
  businessName: z.string(),
  functionName: z.string(),
  functionAuthor: z.string(),
  subTableName: z.string(),
  subTableFkName: z.string(),
  treeCode: z.string(),
  treeParentCode: z.string(),
  treeName: z.string(),
  /** The menu group the generated page goes under (a top-level path of /getRouters, e.g. '/console'). */
  parentMenu: z.string(),
  remark: z.string(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type GenTable = z.infer<typeof genTableSchema>;

/** GET /tool/gen/{tableId}: `{info, rows}` as RuoYi answers it. */
export const genTableDetailSchema = z.object({ info: genTableSchema, rows: z.array(genColumnSchema) });
export type GenTableDetail = z.infer<typeof genTableDetailSchema>;

/** GET /tool/gen/list query: paged, filtered by name and comment (contains). */
export const genListQuerySchema = pagingSchema.extend({
  tableName: optionalFilter(z.string().trim().max(64, 'tooLong')),
  tableComment: optionalFilter(z.string().trim().max(200, 'tooLong')),
});
export type GenListQuery = z.infer<typeof genListQuerySchema>;
/** What a console sends for the list (filters may be absent). */
export type GenListParams = z.input<typeof genListQuerySchema>;

/** A table of the database (GET /tool/gen/db/list). */
export const genDbTableSchema = z.object({ tableName: z.string(), tableComment: z.string() });
export type GenDbTable = z.infer<typeof genDbTableSchema>;

const tableNameSchema = pattern(GEN_SQL_NAME_PATTERN, 63);

/**
 * `tables=a,b`: one or more table names, comma separated. A name of the wrong form is refused by the
 * service, which names it (`gen.badTableName`).
 */
export const genTablesQuerySchema = z.object({
  tables: requiredText(2000).transform((value, ctx) => {
    const names = [
      ...new Set(
        value
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ];
    if (names.length === 0 || names.length > 50 || names.some((n) => n.length > 63)) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return names;
  }),
});

export const genTableNameParamsSchema = z.object({ tableName: tableNameSchema });

/** `{tableIds}`: one or more ids, comma separated. */
export const genTableIdsParamsSchema = z.object({
  tableIds: requiredText(2000).transform((value, ctx) => {
    const ids = value.split(',').map((v) => Number(v.trim()));
    if (ids.length > 100 || !ids.every((id) => Number.isInteger(id) && id > 0)) {
      ctx.addIssue({ code: 'custom', message: 'invalid' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  }),
});

export const genTableIdParamsSchema = z.object({ tableId: idSchema });

/** One column of PUT /tool/gen (its database facts are not changed by a save). */
export const genColumnSaveSchema = z
  .object({
    columnId: idSchema,
    columnComment: optionalText(200),
    tsType: requiredEnum(GEN_TS_TYPES),
    tsField: pattern(GEN_FIELD_PATTERN, 63),
    isRequired: z.boolean(),
    isInsert: z.boolean(),
    isEdit: z.boolean(),
    isList: z.boolean(),
    isQuery: z.boolean(),
    queryType: requiredEnum(GEN_QUERY_TYPES),
    htmlType: requiredEnum(GEN_HTML_TYPES),
    dictType: optionalPattern(DICT_TYPE_PATTERN, 100),
  })
  .superRefine((column, ctx) => {
    if (GEN_DICT_HTML_TYPES.includes(column.htmlType) && column.dictType === '')
      ctx.addIssue({ code: 'custom', path: ['dictType'], message: 'required' });
  });
export type GenColumnSave = z.infer<typeof genColumnSaveSchema>;

/** The editable table settings (shared by the console's form and PUT /tool/gen). */
export const genTableFieldsSchema = z.object({
  tableComment: requiredText(200),
  className: pattern(GEN_CLASS_PATTERN, 63).refine(notReserved(GEN_RESERVED_CLASS_NAMES), 'invalid'),
  tplCategory: requiredEnum(GEN_TEMPLATES),
  moduleName: pattern(GEN_KEBAB_PATTERN, 63),
  businessName: pattern(GEN_KEBAB_PATTERN, 63),
  /** Free text (comments, strings, Markdown of the generated files): the generator escapes it. */
  functionName: requiredText(50),
  functionAuthor: requiredText(50),
  subTableName: optionalPattern(GEN_SQL_NAME_PATTERN, 63),
  subTableFkName: optionalPattern(GEN_SQL_NAME_PATTERN, 63),
  treeCode: optionalPattern(GEN_SQL_NAME_PATTERN, 63),
  treeParentCode: optionalPattern(GEN_SQL_NAME_PATTERN, 63),
  treeName: optionalPattern(GEN_SQL_NAME_PATTERN, 63),
  parentMenu: pattern(GEN_MENU_PATTERN, 64),
  remark: optionalText(500),
});

/** The template's own columns: a tree needs its id, parent and name columns; a master its child table and key. */
function checkTemplate(table: z.infer<typeof genTableFieldsSchema>, ctx: z.RefinementCtx): void {
  const need = (key: 'treeCode' | 'treeParentCode' | 'treeName' | 'subTableName' | 'subTableFkName') => {
    if (table[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: 'required' });
  };
  if (table.tplCategory === 'tree') {
    need('treeCode');
    need('treeParentCode');
    need('treeName');
  }
  if (table.tplCategory === 'sub') {
    need('subTableName');
    need('subTableFkName');
  }
}

/** The console's form of /gen/edit (table settings only; columns are checked one by one). */
export const genTableFormSchema = genTableFieldsSchema.superRefine(checkTemplate);

/** PUT /tool/gen body. */
export const genSaveBodySchema = genTableFieldsSchema
  .extend({
    tableId: idSchema,
    version: versionSchema,
    columns: z.array(genColumnSaveSchema).min(1, 'required').max(200, 'tooLong'),
  })
  .superRefine(checkTemplate);
export type GenSaveBody = z.infer<typeof genSaveBodySchema>;

/** GET /tool/gen/preview/{tableId}: file path → code. */
export const genPreviewSchema = z.record(z.string(), z.string());
export type GenPreview = z.infer<typeof genPreviewSchema>;

/** The result of synchDb: what changed. */
export const genSyncResultSchema = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });
