import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Code generation (RuoYi's gen_table): one row per imported database table, with the settings the
 * generator writes its code from. Platform data (admin only), not tenant data.
 */
export const genTable = pgTable('gen_table', {
  id: serial('id').primaryKey(),
  tableName: text('table_name').notNull().unique(),
  tableComment: text('table_comment').notNull().default(''),
  className: text('class_name').notNull(),
  /** 'crud' single table, 'tree' rows with a parent, 'sub' a master with a child table. */
  tplCategory: text('tpl_category').notNull().default('crud'),
  moduleName: text('module_name').notNull(),
  businessName: text('business_name').notNull(),
  functionName: text('function_name').notNull(),
  functionAuthor: text('function_author').notNull(),
  subTableName: text('sub_table_name').notNull().default(''),
  subTableFkName: text('sub_table_fk_name').notNull().default(''),
  treeCode: text('tree_code').notNull().default(''),
  treeParentCode: text('tree_parent_code').notNull().default(''),
  treeName: text('tree_name').notNull().default(''),
  parentMenu: text('parent_menu').notNull().default('/console'),
  remark: text('remark').notNull().default(''),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per column of an imported table (RuoYi's gen_table_column). */
export const genTableColumn = pgTable(
  'gen_table_column',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => genTable.id, { onDelete: 'cascade' }),
    columnName: text('column_name').notNull(),
    columnComment: text('column_comment').notNull().default(''),
    /** As information_schema names it: `integer`, `character varying(64)`, `timestamp with time zone`… */
    columnType: text('column_type').notNull(),
    tsType: text('ts_type').notNull(),
    tsField: text('ts_field').notNull(),
    isPk: boolean('is_pk').notNull().default(false),
    isIncrement: boolean('is_increment').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    isInsert: boolean('is_insert').notNull().default(true),
    isEdit: boolean('is_edit').notNull().default(true),
    isList: boolean('is_list').notNull().default(true),
    isQuery: boolean('is_query').notNull().default(false),
    queryType: text('query_type').notNull().default('EQ'),
    htmlType: text('html_type').notNull().default('input'),
    dictType: text('dict_type').notNull().default(''),
    sort: integer('sort').notNull(),
  },
  (t) => [index('gen_table_column_table_idx').on(t.tableId)],
);
