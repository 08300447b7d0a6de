import { z } from 'zod';
import { WORK_TIME_TYPES } from './calendar.js';
import { idSchema, isoDateSchema, timestampSchema } from './fields.js';
import { SCENE_REASONS, SCENE_TRIGGER_TYPES } from './scene.js';

/* ---------- The week of timed scene runs (/timeMgmt) ---------- */

/** Days in the week view. */
export const SCENE_WEEK_DAYS = 7;

/** Why a day works or rests (the server calendar's `DayReason`). */
export const WEEK_DAY_REASONS = ['weekday', 'weekend', 'holiday', 'extraWorkday'] as const;
export type WeekDayReason = (typeof WEEK_DAY_REASONS)[number];

/**
 * POST /sbuilding/scene/week: the timed runs of a project's enabled scenes over the 7 local days starting
 * at `from` ('YYYY-MM-DD' on the project's wall clock).
 */
export const sceneWeekBodySchema = z.object({ projectId: idSchema, from: isoDateSchema });
export type SceneWeekBody = z.input<typeof sceneWeekBodySchema>;

/**
 * A work-time window drawn on one day, `[startMinute, endMinute)` in minutes since local midnight. Only
 * working days carry windows; an overnight overtime is split at midnight, its after-midnight part
 * (`fromPreviousDay`) drawn on the next day when the day it started worked.
 */
export const sceneWeekWindowSchema = z.object({
  timeType: z.enum(WORK_TIME_TYPES),
  name: z.string(),
  zoneType: z.string(),
  /** The period's own clock times ('HH:mm'), as the work time says. */
  startTime: z.string(),
  endTime: z.string(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  fromPreviousDay: z.boolean(),
});
export type SceneWeekWindow = z.infer<typeof sceneWeekWindowSchema>;

export const sceneWeekDaySchema = z.object({
  date: z.string(),
  /** 0 Sunday - 6 Saturday. */
  weekday: z.number().int(),
  workday: z.boolean(),
  reason: z.enum(WEEK_DAY_REASONS),
  /** The calendar's name for a holiday or extra working day; '' otherwise. */
  holidayName: z.string(),
  windows: z.array(sceneWeekWindowSchema),
});
export type SceneWeekDay = z.infer<typeof sceneWeekDaySchema>;

/**
 * One execution time of a timed scene (or a noon nap's start) in the week, judged by the scene engine as the scheduler would at
 * that time. `wouldRun` false carries the first failing check (`reason`: effectiveDates, auxiliaryCondition,
 * weekday, timeRange, maxCount, repeatInterval). Checks that depend on live readings (conditions, vacancy,
 * a manual switch) cannot be known ahead: `conditional` says the run also waits on them.
 */
export const SCENE_WEEK_SOURCES = ['scene', 'noonNap'] as const;

export const sceneWeekRunSchema = z.object({
  /** A timed scene, or the start of a noon nap (its NAP window; `sceneId` is then the noon nap's id). */
  source: z.enum(SCENE_WEEK_SOURCES),
  sceneId: z.number().int(),
  name: z.string(),
  triggerType: z.enum(SCENE_TRIGGER_TYPES),
  at: timestampSchema,
  localDate: z.string(),
  localTime: z.string(),
  wouldRun: z.boolean(),
  reason: z.enum(SCENE_REASONS).nullable(),
  conditional: z.boolean(),
  /** A noon nap's end ('HH:mm'), when what it changed is put back; null for a scene. */
  until: z.string().nullable(),
});
export type SceneWeekRun = z.infer<typeof sceneWeekRunSchema>;

export const sceneWeekSchema = z.object({
  projectId: z.number().int(),
  timeZone: z.string(),
  /** The first and the last local date of the week. */
  from: z.string(),
  to: z.string(),
  days: z.array(sceneWeekDaySchema),
  /** Every execution time of the week, in time order. */
  runs: z.array(sceneWeekRunSchema),
  /** How many enabled timed (timing, hybrid) scenes and noon naps with a NAP window the project has. */
  timedScenes: z.number().int(),
});
export type SceneWeek = z.infer<typeof sceneWeekSchema>;
