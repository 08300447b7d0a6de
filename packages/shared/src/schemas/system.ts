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

const YES_NO = ['Y', 'N'] as const;
/** '0' normal, '1' disabled. */
const STATUSES = ['0', '1'] as const;

/* ---------- System config (spec section 7: /system/config) ---------- */

const configFields = {
  configName: requiredText(100),
  configKey: requiredText(100),
  configValue: requiredText(500),
  /** 'Y' built in (cannot be deleted), 'N' user defined. */
  configType: requiredEnum(YES_NO).optional().default('N'),
  remark: optionalText(500),
};

export const configCreateBodySchema = z.object(configFields);
export type ConfigCreateBody = z.infer<typeof configCreateBodySchema>;
export const configUpdateBodySchema = z.object({
  configId: idSchema,
  version: versionSchema,
  ...configFields,
});
export type ConfigUpdateBody = z.infer<typeof configUpdateBodySchema>;
/** The console's config form. */
export const configFormSchema = z.object(configFields);

/** GET /system/config/list and /system/config/export query. */
export const configListQuerySchema = pagingSchema.extend({
  configName: optionalFilter(z.string().trim().max(100, 'tooLong')),
  configKey: optionalFilter(z.string().trim().max(100, 'tooLong')),
  configType: optionalFilter(z.enum(YES_NO, { error: 'invalid' })),
});
export type ConfigListQuery = z.infer<typeof configListQuerySchema>;

export const sysConfigSchema = z.object({
  configId: z.number().int(),
  configName: z.string(),
  configKey: z.string(),
  configValue: z.string(),
  configType: z.enum(YES_NO),
  remark: z.string(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type SysConfig = z.infer<typeof sysConfigSchema>;

/* ---------- Dictionary data (spec section 7: /system/dict/data) ---------- */

/**
 * Dictionaries the console builds its option lists from (instead of lists hard-coded in components).
 * Each is a `dictType`; its rows are the options.
 */
export const DICT_TYPES = {
  projectStatus: 'sb_project_status',
  workTimeType: 'sb_work_time_type',
  zoneType: 'sb_zone_type',
  alertSolution: 'sb_alert_solution',
  alertLevel: 'sb_alert_level',
  deviceCategory: 'sb_device_category',
} as const;

/** Dictionary types: lower-case words joined by '_' (they appear in URLs: /system/dict/data/type/{type}). */
export const DICT_TYPE_PATTERN = /^[a-z][a-z0-9_]{0,99}$/;

const dictDataFields = {
  dictSort: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'invalid')
    .max(9999, 'invalid')
    .optional()
    .default(0),
  /**
   * Labels are bilingual: `dictLabel` is the English label (the console's default language) and
   * `dictLabelZh` the Simplified Chinese one; the console shows `dictLabelZh` in Chinese and falls back to
   * `dictLabel` when it is empty.
   */
  dictLabel: requiredText(100),
  dictLabelZh: optionalText(100),
  dictValue: requiredText(100),
  dictType: requiredText(100).regex(DICT_TYPE_PATTERN, 'invalid'),
  /** Extra CSS class of the option. */
  cssClass: optionalText(100),
  /** Display style of a tag showing the value: default, primary, success, info, warning, danger. */
  listClass: optionalText(100),
  isDefault: requiredEnum(YES_NO).optional().default('N'),
  status: requiredEnum(STATUSES).optional().default('0'),
  remark: optionalText(500),
};

export const dictDataCreateBodySchema = z.object(dictDataFields);
export type DictDataCreateBody = z.infer<typeof dictDataCreateBodySchema>;
export const dictDataUpdateBodySchema = z.object({
  dictCode: idSchema,
  version: versionSchema,
  ...dictDataFields,
});
export type DictDataUpdateBody = z.infer<typeof dictDataUpdateBodySchema>;
/** The console's dictionary-data form. */
export const dictDataFormSchema = z.object(dictDataFields);

/** GET /system/dict/data/list and /system/dict/data/export query. */
export const dictDataListQuerySchema = pagingSchema.extend({
  dictType: optionalFilter(z.string().trim().max(100, 'tooLong')),
  dictLabel: optionalFilter(z.string().trim().max(100, 'tooLong')),
  status: optionalFilter(z.enum(STATUSES, { error: 'invalid' })),
});
export type DictDataListQuery = z.infer<typeof dictDataListQuerySchema>;

export const dictTypeParamsSchema = z.object({ type: z.string().regex(DICT_TYPE_PATTERN, 'invalid') });

export const sysDictDataSchema = z.object({
  dictCode: z.number().int(),
  dictSort: z.number().int(),
  dictLabel: z.string(),
  dictLabelZh: z.string(),
  dictValue: z.string(),
  dictType: z.string(),
  cssClass: z.string(),
  listClass: z.string(),
  isDefault: z.enum(YES_NO),
  status: z.enum(STATUSES),
  remark: z.string(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type SysDictData = z.infer<typeof sysDictDataSchema>;

/* ---------- Export and download ---------- */

/** Answer of the export calls: the generated file name to pass to GET /common/download. */
export const exportResultSchema = z.object({ fileName: z.string() });

/**
 * Names the server generates for exports: letters, digits, '-', '_' and '.', ending in .xlsx. Anything
 * else (a path, '..') is refused before the file system is touched.
 */
export const EXPORT_FILE_NAME = /^[\p{L}\p{N}_-][\p{L}\p{N}._-]{0,250}\.xlsx$/u;

/** GET /common/download query. */
export const downloadQuerySchema = z.object({
  fileName: z
    .string({ error: (i) => (i.input == null ? 'required' : 'invalid') })
    .min(1, 'required')
    .refine((v) => EXPORT_FILE_NAME.test(v) && !v.includes('..'), 'invalid'),
  delete: z
    .enum(['true', 'false'], { error: 'invalid' })
    .optional()
    .transform((v) => v === 'true'),
});
