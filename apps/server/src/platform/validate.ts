import type { z } from 'zod';
import { isValidationKey, schemaFieldLabel, type Lang } from '@sbuilding/shared';
import { fieldLabel, namesTheField, translate } from './i18n/index.js';

/** A validation issue as route validation reports it (fastify-type-provider-zod) and parseOr400 throws it. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  /** Zod's further detail; `keys` names the fields an object does not know (unrecognized_keys). */
  params?: { keys?: unknown } | undefined;
}

/** What the failed value was checked against, so the message can name the field as its form does. */
export interface ValidationContext {
  /** The schema of the part that failed (a route's body, querystring or params; parseOr400's schema). */
  schema?: z.ZodType | undefined;
  /** The value that failed, to tell an absent field (required) from a wrong one (invalid). */
  input?: unknown;
}

function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Reflect.get(value, segment);
  }
  return value;
}

/**
 * The first validation issue as a sentence that names the field, in the request's language. The one
 * implementation: route validation and parseOr400 both answer through it (error-handler.ts). The field's
 * label is the one its schema gives it (`labelled` of @sbuilding/shared), else its name's in the catalogue;
 * a field the request left out is 'required', whatever message naming the field its schema gives a wrong
 * value (a message of its own, such as the spec's 'Select Target!', is said for an absent value too).
 */
export function validationMessage(
  lang: Lang,
  issues: readonly ValidationIssue[],
  context: ValidationContext = {},
): string {
  const issue = issues[0];
  if (!issue) return translate(lang, 'validation.invalid', { data: '' });
  const path = issue.instancePath.split('/').filter((part) => part !== '');
  // A field the object does not know is named itself.
  const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params?.keys : undefined;
  const unknownKey = Array.isArray(unknownKeys) ? unknownKeys.find((k) => typeof k === 'string') : undefined;
  const fieldPath = typeof unknownKey === 'string' ? [...path, unknownKey] : path;
  // The innermost named field: `/actions/0` is the actions, `/params/level` the level.
  const field = fieldPath.filter((part) => !/^\d+$/.test(part)).pop() ?? 'body';
  const labelKey = schemaFieldLabel(context.schema, fieldPath) ?? field;
  const data = fieldLabel(lang, labelKey);
  const message = issue.message ?? '';
  const absent =
    'input' in context &&
    typeof unknownKey !== 'string' &&
    (valueAt(context.input, path) === undefined || valueAt(context.input, path) === null);
  const ownSentence = isValidationKey(message) && !namesTheField(message);
  if (absent && message !== 'required' && !ownSentence && REQUIRED_OR_INVALID.has(issue.keyword)) {
    return translate(lang, 'validation.required', { data });
  }
  if (isValidationKey(message)) return translate(lang, `validation.${message}`, { data });
  // Zod's own message for an absent field: "Invalid input: expected string, received undefined" (null: an
  // empty JSON body, or a field sent as null).
  if (issue.keyword === 'invalid_type' && /received (undefined|null)$/.test(message)) {
    return translate(lang, 'validation.required', { data });
  }
  return translate(lang, 'validation.invalid', { data });
}

/** Issues an absent value raises: a missing choice or a missing value, never a failed rule of a present one. */
const REQUIRED_OR_INVALID = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

/** Thrown by parseOr400; the error handler answers it exactly like a failed route validation (400). */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: readonly ValidationIssue[],
    readonly context: ValidationContext = {},
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/**
 * Parses `value` with `schema` inside a service, for bodies whose schema depends on data (a device's
 * model): a failure answers the same 400 envelope as route validation, naming the field.
 */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new RequestValidationError(
    parsed.error.issues.map((issue) => ({
      instancePath: `/${issue.path.map(String).join('/')}`,
      keyword: issue.code,
      message: issue.message,
      params: 'keys' in issue ? { keys: issue.keys } : undefined,
    })),
    { schema, input: value },
  );
}
