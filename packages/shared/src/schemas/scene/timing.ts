import { z } from 'zod';
import { TIME_OF_DAY } from '../calendar.js';
import { isIsoDate, requiredEnum } from '../fields.js';
import { requiredOrInvalid } from './inputs.js';

/* When a scene may run: execution times, days, dates, the calendar, and the limits between runs. */

/** Auxiliary condition: from the project's calendar (weekday rule plus its holidays and extra workdays). */
export const SCENE_AUX_CONDITIONS = ['none', 'workdays', 'holidays'] as const;
export type SceneAuxCondition = (typeof SCENE_AUX_CONDITIONS)[number];

export const SCENE_EXECUTION_TIMES_MAX = 48;

const timeOfDay = z.string({ error: requiredOrInvalid }).min(1, 'required').regex(TIME_OF_DAY, 'invalid');
const isoDate = z.string({ error: 'invalid' }).refine(isIsoDate, 'invalid');
/** Minutes or seconds of a limit; absent, null or 0 means no limit. */
const optionalCount = (max: number) =>
  z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'nonNegative')
    .max(max, 'outOfRange')
    .nullish()
    .transform((v) => v ?? 0);

/** The scene body's timing fields, in the order the body lists them. */
export const sceneTimingFields = {
  /** 'HH:mm' on the project's wall clock; no time twice ('ExecuteTime is exist !'). */
  executionTimes: z
    .array(timeOfDay, { error: 'invalid' })
    .max(SCENE_EXECUTION_TIMES_MAX, 'tooLong')
    .optional()
    .default([]),
  /** 0 Sunday to 6 Saturday; all seven when absent. */
  weekdays: z
    .array(z.number({ error: 'invalid' }).int('invalid').min(0, 'invalid').max(6, 'invalid'), {
      error: 'invalid',
    })
    .optional()
    .default([0, 1, 2, 3, 4, 5, 6])
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  effectiveStart: isoDate.nullish().transform((v) => v ?? null),
  effectiveEnd: isoDate.nullish().transform((v) => v ?? null),
  auxiliaryCondition: requiredEnum(SCENE_AUX_CONDITIONS).optional().default('none'),
  /** Local clock window [start, end); an end not after the start runs past midnight. */
  timeRange: z
    .object({ start: timeOfDay, end: timeOfDay })
    .nullish()
    .transform((v) => v ?? null),
  /** Runs per local day; 0 no limit. */
  maxExecuteCount: optionalCount(1440),
  /** Minutes a run must be apart from the previous one; 0 no limit. */
  repeatIntervalMinutes: optionalCount(10_080),
  /** Minutes the zone must have been vacant (no occupancy sensor saw anyone); 0 not required. */
  vacantTimeoutMinutes: optionalCount(10_080),
  /** Minutes to leave the targets alone after someone switched one by hand; 0 never waits. */
  manualTimeoutMinutes: optionalCount(10_080),
  /** Seconds the conditions must keep holding before the scene acts. */
  preDelaySeconds: optionalCount(86_400),
};
