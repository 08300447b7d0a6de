import {
  DEVICE_LABELS,
  DEVICE_MODELS,
  FIELD_LABELS,
  MODEL_IDS,
  type DeviceField,
  type FieldKey,
  type Lang,
  type ModelId,
} from '@sbuilding/shared';

/**
 * The columns of a device import file, read from the catalogue: where the device is (building, floor and
 * zone by name), its gateway by name, then every create field any model has. A header may be the column's
 * key or its English or Chinese label, so a sheet written by a Chinese operator reads the same.
 */

export type CellValue = string | number | boolean | null;

/** Columns of every row; `gateway` stands for whichever deviceRef field the row's model has. */
export const PLACE_COLUMNS = ['model', 'name', 'building', 'floor', 'zone', 'position', 'gateway'] as const;

/** Columns the rejected-rows report adds; ignored when a report is imported again after fixing it. */
export const REPORT_COLUMNS = ['line', 'errors'] as const;

const allFields: DeviceField[] = MODEL_IDS.flatMap((id) => DEVICE_MODELS[id].createFields);

/** Model fields with a column of their own: every create field but the name and the gateway references. */
export const FIELD_COLUMNS: readonly FieldKey[] = [
  ...new Set(allFields.filter((f) => f.name !== 'name' && f.kind !== 'deviceRef').map((f) => f.name)),
];

/** Every column of the template, in order. */
export const IMPORT_COLUMNS: readonly FieldKey[] = [...PLACE_COLUMNS, ...FIELD_COLUMNS];

/** The references to a gateway: their keys and labels are read as the `gateway` column too. */
const GATEWAY_REFS: readonly FieldKey[] = [
  ...new Set(allFields.filter((f) => f.kind === 'deviceRef').map((f) => f.name)),
];

/** Lower case without spaces: 'MAC Address', 'macaddress' and 'MAC 地址' compare equal to their key's labels. */
export function normalise(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}

function aliasesOf(key: FieldKey): string[] {
  return [key, FIELD_LABELS.en[key], FIELD_LABELS.zh[key]];
}

const HEADER_ALIASES: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const key of IMPORT_COLUMNS) for (const alias of aliasesOf(key)) map.set(normalise(alias), key);
  for (const ref of GATEWAY_REFS) for (const alias of aliasesOf(ref)) map.set(normalise(alias), 'gateway');
  for (const alias of aliasesOf('line')) map.set(normalise(alias), 'line');
  for (const alias of ['errors', 'Errors', '错误']) map.set(normalise(alias), 'errors');
  return map;
})();

/** The column a header names, or undefined for a header nobody knows. */
export function columnOfHeader(header: string): string | undefined {
  return HEADER_ALIASES.get(normalise(header));
}

const MODEL_ALIASES: ReadonlyMap<string, ModelId> = (() => {
  const map = new Map<string, ModelId>();
  for (const id of MODEL_IDS) {
    for (const alias of [id, DEVICE_LABELS.en.models[id], DEVICE_LABELS.zh.models[id]]) {
      map.set(normalise(alias), id);
    }
  }
  return map;
})();

/** A model cell: the model id (s2) or its English or Chinese name. */
export function modelOfCell(value: CellValue): ModelId | undefined {
  return value === null ? undefined : MODEL_ALIASES.get(normalise(String(value)));
}

/** The column's header in a language (the template and the report are written in the request's one). */
export function headerOf(key: string, lang: Lang): string {
  const labels: Record<string, string> = lang === 'ZH' ? FIELD_LABELS.zh : FIELD_LABELS.en;
  if (key === 'errors') return lang === 'ZH' ? '错误' : 'Errors';
  return labels[key] ?? key;
}

export function isBlank(value: CellValue | undefined): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', '是']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '否']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A cell as the field's kind wants it: numbers for int and decimal, booleans for yes/no words, trimmed text
 * otherwise. Blank cells are absent (so a required field reads 'required'). A value that cannot be converted
 * is passed on as read, and the field's schema refuses it with the field's own message.
 */
export function convertCell(field: DeviceField, value: CellValue | undefined): unknown {
  if (isBlank(value)) return undefined;
  const text = String(value).trim();
  switch (field.kind) {
    case 'int':
    case 'decimal':
      return typeof value === 'number' ? value : NUMBER.test(text) ? Number(text) : text;
    case 'boolean': {
      if (typeof value === 'boolean') return value;
      const word = normalise(text);
      return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : text;
    }
    case 'enum':
      return field.values.find((v) => v.toLowerCase() === text.toLowerCase()) ?? text;
    default:
      return text;
  }
}
