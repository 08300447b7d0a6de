import { z } from 'zod';

/**
 * Field builders shared by the domain schemas. Their messages are validation keys (i18n/validation.ts):
 * the server turns them into '{label} is required' and the like, the console translates them beside
 * the field. An absent, null or empty value answers `required`; a value of the wrong shape `invalid`.
 */

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

/** A required text, trimmed, at most `max` characters. */
export function requiredText(max: number) {
  return z.string({ error: requiredOrInvalid }).trim().min(1, 'required').max(max, 'tooLong');
}

/** An optional text, trimmed, at most `max` characters; absent means ''. */
export function optionalText(max: number) {
  return z.string({ error: 'invalid' }).trim().max(max, 'tooLong').optional().default('');
}

/** A required choice of `values`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: requiredOrInvalid });
}

/** A positive integer id (path params arrive as strings). */
export const idSchema = z.coerce.number({ error: requiredOrInvalid }).int('invalid').positive('invalid');

/** `{id}` path parameter. */
export const idParamsSchema = z.object({ id: idSchema });

/**
 * The row version a client read; a save carrying an older one is refused with 409 instead of silently
 * overwriting someone else's change (optimistic concurrency).
 */
export const versionSchema = z.number({ error: requiredOrInvalid }).int('invalid').min(1, 'invalid');

/**
 * An optional list filter. Consoles send '' or null for "any"; both mean no filter, like an absent one
 * (spec section 9: empty, undefined and null values are skipped).
 */
export function optionalFilter<T extends z.ZodType<string>>(schema: T) {
  return z
    .union([z.literal(''), z.null(), schema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v));
}

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isoDateSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, 'required')
  .refine(isIsoDate, 'invalid');

/** Timestamps in responses: ISO 8601 strings. */
export const timestampSchema = z.string();
