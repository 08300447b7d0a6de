import { FIELD_LABELS, isValidationKey, type Lang } from '@sbuilding/shared';
import { SERVER_MESSAGES, VALIDATION, type MessageKey } from './messages.js';

export type { MessageKey } from './messages.js';
export { isServerMessageKey } from './messages.js';

/**
 * The request language from the `Lang` header: Chinese in any usual spelling (`ZH`, `zh`, `zh-CN`, `zh_CN`,
 * `zh-Hans`, `zh-Hans-CN`, `cn`; the first of a list like `zh-CN,zh;q=0.9`), otherwise EN.
 */
export function langOf(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  return /^(zh|cn)([-_].*)?$/.test(first) ? 'ZH' : 'EN';
}

function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function translate(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  if (key.startsWith('validation.')) {
    const vkey = key.slice('validation.'.length);
    if (isValidationKey(vkey)) return fill(VALIDATION[lang][vkey], params);
    return key;
  }
  const messages: Record<string, string> = SERVER_MESSAGES[lang];
  const template = messages[key];
  return template === undefined ? key : fill(template, params);
}

/** A field's label in the language, or its name when it has none. */
/**
 * Whether a validation message names its field ('{data} is invalid'). One that does not is a sentence of its
 * own, often the spec's ('Select Target!'): it is said for an absent value too.
 */
export function namesTheField(key: string): boolean {
  return isValidationKey(key) && VALIDATION.EN[key].includes('{data}');
}

export function fieldLabel(lang: Lang, field: string): string {
  const labels: Record<string, string> = lang === 'ZH' ? FIELD_LABELS.zh : FIELD_LABELS.en;
  return labels[field] ?? field;
}
export { FDD_RULE_MESSAGES } from './messages-fdd.js';
