import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * Dictionary data (spec section 7: /system/dict/data): the options of the console's lists, grouped by
 * `dict_type`. Labels are bilingual: `dict_label` English, `dict_label_zh` Simplified Chinese.
 */
export const sysDictData = pgTable(
  'sys_dict_data',
  {
    dictCode: serial('dict_code').primaryKey(),
    dictSort: integer('dict_sort').notNull().default(0),
    dictLabel: text('dict_label').notNull(),
    dictLabelZh: text('dict_label_zh').notNull().default(''),
    dictValue: text('dict_value').notNull(),
    dictType: text('dict_type').notNull(),
    cssClass: text('css_class').notNull().default(''),
    listClass: text('list_class').notNull().default(''),
    /** 'Y' the list's default option. */
    isDefault: text('is_default', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    /** '0' normal, '1' disabled (kept, but not offered in lists). */
    status: text('status', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    remark: text('remark').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sys_dict_data_type_value_unique').on(t.dictType, t.dictValue),
    index('sys_dict_data_type_idx').on(t.dictType, t.dictSort),
  ],
);
