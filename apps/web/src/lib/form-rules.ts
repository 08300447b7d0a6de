import type { FormInstance, FormRule } from 'antd';
import { z } from 'zod';
import { isValidationKey, schemaFieldLabel } from '@sbuilding/shared';
import { i18n } from './i18n';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * antd leaves untouched fields out of the values; zod would stop at their type error before running the
 * object's refinements (the password confirmation). Required fields missing a value are therefore
 * parsed as '' (an ordinary, non-blocking rule failure); optional ones stay undefined, which they accept.
 */
function formValues(
  schema: z.ZodType,
  form: Pick<FormInstance, 'getFieldsValue'>,
  field: string,
  value: unknown,
) {
  const values: Record<string, unknown> = { ...form.getFieldsValue(true), [field]: value };
  const shape = schema instanceof z.ZodObject ? schema.shape : {};
  for (const [key, fieldSchema] of Object.entries(shape)) {
    const missing = values[key] === undefined || values[key] === null;
    if (missing && fieldSchema instanceof z.ZodType && !fieldSchema.safeParse(undefined).success)
      values[key] = '';
  }
  return values;
}

/** The label for `{data}`: the shared field catalogue, else the caller's label. */
function labelOf(field: string, label: string | undefined): string {
  const key = `fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : (label ?? field);
}

/** Shared schemas use validation keys as messages (packages/shared/src/i18n/validation.ts). */
export function validationMessage(key: string, field: string, label?: string): string {
  const messageKey = isValidationKey(key) ? key : 'invalid';
  return i18n.t(`validation.${messageKey}`, { data: labelOf(field, label) });
}

function issueFor(schema: z.ZodType, values: Record<string, unknown>, field: string) {
  const result = schema.safeParse(values);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
}

/**
 * An antd rule that validates one field with a shared zod object schema, so forms and the server apply
 * the same rule (architecture guide: one rule, one place). The whole form is parsed, so object-level
 * refinements (password confirmation) land on their field; a blank field reads '{data} is required'
 * whatever rule the schema broke first.
 */
export function zodRule(schema: z.ZodType, field: string, label?: string): FormRule {
  // The label the schema gives the field (`labelled`), as the server's messages name it.
  const named = schemaFieldLabel(schema, [field]) ?? field;
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (isBlank(value)) {
        if (isRequiredField(schema, field)) throw new Error(validationMessage('required', named, label));
        return;
      }
      const issue = issueFor(schema, formValues(schema, form, field, value), field);
      if (issue) throw new Error(validationMessage(issue.message, named, label));
    },
  });
}

/** Whether the schema refuses a blank value for `field` (drives antd's required marker). */
export function isRequiredField(schema: z.ZodType, field: string): boolean {
  return issueFor(schema, {}, field) !== undefined;
}

/** Spread into `<Form.Item>`: name, the zod rule and the required marker. */
export function zodField(schema: z.ZodType, field: string, label?: string) {
  return { name: field, rules: [zodRule(schema, field, label)], required: isRequiredField(schema, field) };
}
