import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  optionalFilter,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/* ---------- Calendar: holidays and extra working days ---------- */

/**
 * A calendar day overrides the weekly rule (Monday-Friday work, Saturday-Sunday rest): a `holiday` is
 * a day off on a weekday, a `workday` an extra working day on a weekend (China's adjusted days).
 */
export const CALENDAR_DAY_TYPES = ['holiday', 'workday'] as const;
export type CalendarDayType = (typeof CALENDAR_DAY_TYPES)[number];

export const YEAR_RANGE = { min: 2000, max: 2100 } as const;
const yearSchema = z.coerce
  .number({ error: 'required' })
  .int('invalid')
  .min(YEAR_RANGE.min, 'invalid')
  .max(YEAR_RANGE.max, 'invalid');

export const calendarDaySchema = z.object({
  date: isoDateSchema,
  type: requiredEnum(CALENDAR_DAY_TYPES),
  name: optionalText(50),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

/** GET /sbuilding/vacations/{id} query: the year to show (the server's current year when absent). */
export const vacationsQuerySchema = z.object({ year: yearSchema.optional() });

/**
 * POST /sbuilding/vacations: replaces the whole set of a project's year at once (the console toggles
 * days with clicks, then saves). `version` is the one GET answered (0 for a year never saved).
 */
export const vacationsBodySchema = z
  .object({
    projectId: idSchema,
    year: yearSchema,
    version: z.number({ error: 'required' }).int('invalid').min(0, 'invalid'),
    days: z.array(calendarDaySchema, { error: 'invalid' }).max(366, 'tooLong'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.days.forEach((day, i) => {
      // Every day must fall in the year being replaced, once: the save is the year's whole set.
      if (!day.date.startsWith(`${body.year}-`) || seen.has(day.date)) {
        ctx.addIssue({ code: 'custom', message: 'invalid', path: ['days', i, 'date'] });
      }
      seen.add(day.date);
    });
  });
export type VacationsBody = z.infer<typeof vacationsBodySchema>;

/** A project's calendar for one year. */
export const projectCalendarSchema = z.object({
  projectId: z.number().int(),
  year: z.number().int(),
  version: z.number().int(),
  days: z.array(z.object({ date: z.string(), type: z.enum(CALENDAR_DAY_TYPES), name: z.string() })),
});
export type ProjectCalendar = z.infer<typeof projectCalendarSchema>;

/* ---------- Work times ---------- */

/** Work-time types of spec section 3. */
export const WORK_TIME_TYPES = ['WORK', 'LUNCH', 'NAP', 'OT'] as const;
export type WorkTimeType = (typeof WORK_TIME_TYPES)[number];

/** Types whose period may run past midnight (an evening overtime until 02:00); the others end the day they start. */
export const OVERNIGHT_WORK_TIME_TYPES: readonly WorkTimeType[] = ['OT'];

/** 'HH:mm', 00:00-23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeOfDaySchema = z
  .string({ error: (i) => (i.input == null ? 'required' : 'invalid') })
  .min(1, 'required')
  .regex(TIME_OF_DAY, 'invalid');

const workTimeFields = {
  name: optionalText(50),
  startTime: timeOfDaySchema,
  endTime: timeOfDaySchema,
  timeType: requiredEnum(WORK_TIME_TYPES),
  /** A value of the `sb_zone_type` dictionary (office, meeting, ...). */
  zoneType: requiredText(32),
};

/**
 * Spec section 5: zone type, time type, start and end required; the end comes after the start, except
 * that an overtime period may cross midnight (its end is then read on the next day).
 */
function endAfterStart(
  v: { startTime: string; endTime: string; timeType: WorkTimeType },
  ctx: z.RefinementCtx,
) {
  const overnight = OVERNIGHT_WORK_TIME_TYPES.includes(v.timeType);
  if (v.endTime === v.startTime || (!overnight && v.endTime < v.startTime)) {
    ctx.addIssue({ code: 'custom', message: 'endAfterStart', path: ['endTime'] });
  }
}

/** POST /sbuilding/work/rest. */
export const workTimeCreateBodySchema = z
  .object({ projectId: idSchema, ...workTimeFields })
  .superRefine(endAfterStart);
export type WorkTimeCreateBody = z.infer<typeof workTimeCreateBodySchema>;

/** PUT /sbuilding/work/rest: a work time stays in its project. */
export const workTimeUpdateBodySchema = z
  .object({ id: idSchema, version: versionSchema, ...workTimeFields })
  .superRefine(endAfterStart);
export type WorkTimeUpdateBody = z.infer<typeof workTimeUpdateBodySchema>;

/** The console's work-time form. */
export const workTimeFormSchema = z.object(workTimeFields).superRefine(endAfterStart);

/** GET /sbuilding/work/rest/list query. */
export const workTimeListQuerySchema = z.object({
  projectId: idSchema,
  zoneType: optionalFilter(z.string().trim().max(32, 'tooLong')),
  timeType: optionalFilter(z.enum(WORK_TIME_TYPES, { error: 'invalid' })),
});

export const workTimeSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeType: z.enum(WORK_TIME_TYPES),
  zoneType: z.string(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type WorkTime = z.infer<typeof workTimeSchema>;
