import type { z } from 'zod';
import { isValidationKey, type Lang } from '@sbuilding/shared';
import { fieldLabel, translate } from './i18n/index.js';

/** A validation issue as route validation reports it (fastify-type-provider-zod) and parseOr400 throws it. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  /** Zod's further detail; `keys` names the fields an object does not know (unrecognized_keys). */
  params?: { keys?: unknown } | undefined;
}

/**
 * The first validation issue as a sentence that names the field, in the request's language. The one
 * implementation: route validation and parseOr400 both answer through it (error-handler.ts).
 */
export function validationMessage(lang: Lang, issues: readonly ValidationIssue[]): string {
  const issue = issues[0];
  if (!issue) return translate(lang, 'validation.invalid', { data: '' });
  // The innermost named field: `/actions/0` is the actions, `/params/level` the level; a field the object
  // does not know is named itself.
  const unknownKeys = issue.keyword === 'unrecognized_keys' ? issue.params?.keys : undefined;
  const unknownKey = Array.isArray(unknownKeys) ? unknownKeys.find((k) => typeof k === 'string') : undefined;
  const field =
    (typeof unknownKey === 'string' ? unknownKey : undefined) ??
    issue.instancePath
      .split('/')
      .filter((part) => part !== '' && !/^\d+$/.test(part))
      .pop() ??
    'body';
  const data = fieldLabel(lang, field);
  const message = issue.message ?? '';
  if (isValidationKey(message)) return translate(lang, `validation.${message}`, { data });
  // Zod's own message for an absent field: "Invalid input: expected string, received undefined" (null: an
  // empty JSON body, or a field sent as null).
  if (issue.keyword === 'invalid_type' && /received (undefined|null)$/.test(message)) {
    return translate(lang, 'validation.required', { data });
  }
  return translate(lang, 'validation.invalid', { data });
}

/** Thrown by parseOr400; the error handler answers it exactly like a failed route validation (400). */
export class RequestValidationError extends Error {
  constructor(readonly issues: readonly ValidationIssue[]) {
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
  );
}
