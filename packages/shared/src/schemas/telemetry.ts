import { z } from 'zod';
import { timestampSchema } from './fields.js';

/** Resolutions of a history: raw readings, hourly or daily rollups (`auto` picks by the span). */
export const HISTORY_INTERVALS = ['auto', 'raw', 'hour', 'day'] as const;
/** `auto` answers raw readings up to this span, hourly rollups up to HISTORY_HOURLY_MAX_DAYS, daily beyond. */
export const HISTORY_RAW_MAX_HOURS = 24;
export const HISTORY_HOURLY_MAX_DAYS = 92;
/** Most raw readings answered per key; a longer raw series falls back to hourly rollups. */
export const HISTORY_RAW_MAX_POINTS = 10_000;
/** Longest span one call may ask for. */
export const HISTORY_MAX_DAYS = 400;

/** GET /sbuilding/telemetry/history/{id}?keys=temperature,humidity&from=…&to=…&interval=auto */
export const historyQuerySchema = z
  .object({
    keys: z
      .string({ error: 'required' })
      .trim()
      .min(1, 'required')
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
        ),
      ])
      .refine((keys) => keys.length > 0 && keys.length <= 20, 'invalid'),
    from: z.iso.datetime({ offset: true, error: 'invalid' }),
    to: z.iso.datetime({ offset: true, error: 'invalid' }),
    interval: z.enum(HISTORY_INTERVALS, { error: 'invalid' }).optional().default('auto'),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'endAfterStart', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= HISTORY_MAX_DAYS * 86_400_000, {
    message: 'outOfRange',
    path: ['to'],
  });
export type HistoryQuery = z.input<typeof historyQuerySchema>;

/**
 * One point: a raw reading (`value`), or a rollup bucket (`value` the average, with min, max, count and
 * `delta`, the consumption of an energy counter in the bucket). `t` is an ISO time, or for daily buckets the
 * project's local date 'YYYY-MM-DD'.
 */
export const historyPointSchema = z.object({
  t: z.string(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  min: z.number().optional(),
  max: z.number().optional(),
  count: z.number().int().optional(),
  delta: z.number().optional(),
});
export type HistoryPoint = z.infer<typeof historyPointSchema>;

export const historySchema = z.object({
  deviceId: z.number().int(),
  interval: z.enum(['raw', 'hour', 'day']),
  from: timestampSchema,
  to: timestampSchema,
  series: z.record(z.string(), z.array(historyPointSchema)),
});
export type History = z.infer<typeof historySchema>;
