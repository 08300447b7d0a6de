/**
 * Validation messages, in both languages, shared by the server (400 answers) and the console (form fields).
 * Zod schemas in this package use these keys as their messages; `{data}` is replaced by the field's label.
 * The messages and each area's field labels live in ./validation/ (see its README); this file is their one entry.
 */
import { fieldsEn, fieldsZh } from './validation/fields.js';
import { validationEn, validationZh, type ValidationKey } from './validation/messages.js';

export type { FieldKey } from './validation/fields.js';
export type { ValidationKey } from './validation/messages.js';

export const VALIDATION_MESSAGES = { en: validationEn, zh: validationZh } as const;
export const FIELD_LABELS = { en: fieldsEn, zh: fieldsZh } as const;

export function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(validationEn, key);
}
