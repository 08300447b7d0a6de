import { z } from 'zod';
import { FAN_SPEEDS, HVAC_MODES } from '../constants.js';
import { pagingSchema } from '../envelope.js';
import { TARGET_TEMP_RANGE } from '../devices/fields.js';
import { TIME_OF_DAY } from './calendar.js';
import { idSchema, optionalFilter, requiredEnum, timestampSchema, versionSchema } from './fields.js';

/*
 * AC automation (spec section 3 "AC automation config", section 4 active or inactive): how one AC, or a
 * group of ACs, runs by itself. The evaluator (apps/server/src/modules/ac-automation) reads exactly these
 * fields; its README says what each one does.
 */

export const AC_AUTOMATION_TARGET_KINDS = ['device', 'group'] as const;
export type AcAutomationTargetKind = (typeof AC_AUTOMATION_TARGET_KINDS)[number];

/** Outdoor temperatures the weather linkage and the ambient threshold accept, °C. */
export const AC_OUTDOOR_RANGE = { min: -30, max: 50 } as const;
/** Room temperatures the ambient threshold accepts, °C. */
export const AC_AMBIENT_RANGE = { min: 0, max: 40 } as const;
export const AC_MOTION_THRESHOLD_MAX = 255;
export const AC_VACANT_MINUTES_MAX = 1440;

/**
 * The tuning of the smart rules, °C (documented in the server module's README):
 * - `vacantSetback`: smart temp control relaxes the setpoint this much while the zone is vacant;
 * - `hotOutdoor` / `coldOutdoor` and `outdoorSetback`: and this much more in cooling above the hot outdoor
 *   temperature, in heating below the cold one (a smaller indoor/outdoor gap at peak load);
 * - `napSetback`: noon nap relaxes it this much (and the fan runs low);
 * - `doasMargin`: smart DOAS runs the fan on outdoor air, not the compressor, when the outdoor air is at
 *   least this much below the setpoint.
 */
export const AC_SMART = {
  vacantSetback: 2,
  hotOutdoor: 35,
  coldOutdoor: -5,
  outdoorSetback: 1,
  napSetback: 2,
  doasMargin: 2,
} as const;

// The savings estimate's power model (AC_RATED_WATTS) and cap (AC_SAVINGS_MAX_OFF_HOURS): ./savings.ts.

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

const timeOfDay = z.string({ error: requiredOrInvalid }).regex(TIME_OF_DAY, 'invalid');
const flag = (initial: boolean) => z.boolean({ error: 'invalid' }).optional().default(initial);
const celsius = (range: { min: number; max: number }) =>
  z
    .number({ error: requiredOrInvalid })
    .finite('invalid')
    .min(range.min, 'outOfRange')
    .max(range.max, 'outOfRange');
const nullable = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

const acAutomationFields = {
  /** The AC (device of category ac) or device group the config drives. */
  targetKind: requiredEnum(AC_AUTOMATION_TARGET_KINDS),
  targetId: idSchema,
  /** Where occupancy is read (its PIR sensors); a device target without one reads its own zone. */
  zoneId: nullable(idSchema),
  /** The setpoint, in the catalogue's range (16-30 °C). */
  setTemperature: z
    .number({ error: requiredOrInvalid })
    .int('invalid')
    .min(TARGET_TEMP_RANGE.min, 'targetTempRange')
    .max(TARGET_TEMP_RANGE.max, 'targetTempRange'),
  /**
   * Ambient temperature: the room must be at least this warm (cooling) or this cold (heating) before the
   * automation opens the AC; empty opens it whatever the room.
   */
  ambientTemperature: nullable(celsius(AC_AMBIENT_RANGE)),
  /** 'auto' lets the automation pick cooling or heating from the weather (the units have no auto mode). */
  workMode: requiredEnum(HVAC_MODES).optional().default('auto'),
  fanSpeed: requiredEnum(FAN_SPEEDS).optional().default('auto'),
  /** The zone is occupied when its sensors' motion counts add up to at least this. */
  motionCountThreshold: z
    .number({ error: requiredOrInvalid })
    .int('invalid')
    .min(1, 'outOfRange')
    .max(AC_MOTION_THRESHOLD_MAX, 'outOfRange')
    .optional()
    .default(1),
  /** Auto open when the zone is occupied, auto close once it has been vacant `vacantMinutes`. */
  autoOpenClose: flag(false),
  vacantMinutes: z
    .number({ error: requiredOrInvalid })
    .int('invalid')
    .min(1, 'outOfRange')
    .max(AC_VACANT_MINUTES_MAX, 'outOfRange')
    .optional()
    .default(15),
  /** Timing open/close: 'HH:mm' on the project's clock, open before close. */
  timingOpenClose: flag(false),
  openTime: nullable(timeOfDay),
  closeTime: nullable(timeOfDay),
  /** Timing days: the calendar's working days (holidays and extra workdays included), else `weekdays`. */
  allWorkdays: flag(true),
  /** 0 Sunday to 6 Saturday, when not all workdays. */
  weekdays: z
    .array(z.number({ error: 'invalid' }).int('invalid').min(0, 'invalid').max(6, 'invalid'), {
      error: 'invalid',
    })
    .optional()
    .default([1, 2, 3, 4, 5])
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Smart temperature control: hold the setpoint band by occupancy and the outdoor weather. */
  smartTempControl: flag(false),
  /** Smart DOAS: run on outdoor air (fan) instead of the compressor when the outdoor air is cool enough. */
  smartDoas: flag(false),
  /** Weather linkage: no cooling when outdoor is below `noCoolBelow`, no heating above `noHeatAbove`. */
  weatherLinkage: flag(false),
  noCoolBelow: celsius(AC_OUTDOOR_RANGE).optional().default(22),
  noHeatAbove: celsius(AC_OUTDOOR_RANGE).optional().default(16),
  /** Noon nap time: during the project's NAP work time the setpoint relaxes and the fan runs low. */
  noonNap: flag(false),
  /** Active or inactive (spec section 4): an inactive config does nothing. */
  active: flag(true),
};

type Fields = z.infer<z.ZodObject<typeof acAutomationFields>>;

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The rules across fields. */
function acAutomationRules(c: Fields, ctx: z.RefinementCtx) {
  if (c.timingOpenClose) {
    if (c.openTime === null) ctx.addIssue({ code: 'custom', path: ['openTime'], message: 'required' });
    if (c.closeTime === null) ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'required' });
    if (c.openTime !== null && c.closeTime !== null && minutes(c.closeTime) <= minutes(c.openTime)) {
      ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'endAfterStart' });
    }
    if (!c.allWorkdays && c.weekdays.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'required' });
    }
  }
  if (c.weatherLinkage && c.noHeatAbove >= c.noCoolBelow) {
    ctx.addIssue({ code: 'custom', path: ['noCoolBelow'], message: 'lowBelowHigh' });
  }
  // Cooling a room only once it is below the setpoint (or heating one above it) would never open.
  if (c.ambientTemperature !== null) {
    if (c.workMode === 'cool' && c.ambientTemperature < c.setTemperature) {
      ctx.addIssue({ code: 'custom', path: ['ambientTemperature'], message: 'outOfRange' });
    }
    if (c.workMode === 'hot' && c.ambientTemperature > c.setTemperature) {
      ctx.addIssue({ code: 'custom', path: ['ambientTemperature'], message: 'outOfRange' });
    }
  }
  // A group has no zone of its own: occupancy needs one named.
  if (c.autoOpenClose && c.targetKind === 'group' && c.zoneId === null) {
    ctx.addIssue({ code: 'custom', path: ['zoneId'], message: 'required' });
  }
}

/** PUT /sbuilding/acAutomation/create: one config per AC or group in a project. */
export const acAutomationCreateBodySchema = z
  .object({ projectId: idSchema, ...acAutomationFields })
  .superRefine(acAutomationRules);
export type AcAutomationCreateBody = z.input<typeof acAutomationCreateBodySchema>;
export type AcAutomationDefinition = z.infer<typeof acAutomationCreateBodySchema>;

/** POST /sbuilding/acAutomation/save/{id}: a config stays in its project. */
export const acAutomationSaveBodySchema = z
  .object({ ...acAutomationFields, version: versionSchema })
  .superRefine(acAutomationRules);
export type AcAutomationSaveBody = z.input<typeof acAutomationSaveBodySchema>;

/** The stored settings the evaluator reads (the body without project and version). */
export type AcAutomationSettings = Fields;

/** POST /sbuilding/acAutomation/active/{id}: the console asks to confirm first. */
export const acAutomationActiveBodySchema = z.object({ active: z.boolean({ error: requiredOrInvalid }) });

/** POST /sbuilding/acAutomation/getList. */
export const acAutomationListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  /** The AC's or group's name contains. */
  name: optionalFilter(z.string().trim().max(64, 'tooLong')),
});
export type AcAutomationListBody = z.input<typeof acAutomationListBodySchema>;
export type AcAutomationListFilter = z.infer<typeof acAutomationListBodySchema>;

/** Why the automation wants what it wants (the first rule that decided); each has a console label. */
export const AC_DECISION_REASONS = [
  'inactive',
  'timingOpen',
  'timingClose',
  'occupied',
  'vacant',
  'weatherLinkage',
  'ambientComfortable',
  'hold',
] as const;
export type AcDecisionReason = (typeof AC_DECISION_REASONS)[number];

/** What the automation wants of the AC now; null members are left as they are. */
export const acDesiredStateSchema = z.object({
  onOff: z.boolean().nullable(),
  workMode: z.enum(HVAC_MODES).nullable(),
  targetTemp: z.number().int().nullable(),
  fanSpeed: z.enum(FAN_SPEEDS).nullable(),
  reason: z.enum(AC_DECISION_REASONS),
  /** The rules that shaped the settings (smartTemp, smartDoas, noonNap), for the log and explain. */
  adjustments: z.array(z.string()),
});
export type AcDesiredState = z.infer<typeof acDesiredStateSchema>;

export const acAutomationSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  targetKind: z.enum(AC_AUTOMATION_TARGET_KINDS),
  targetId: z.number().int(),
  /** The AC's or group's name now (empty when it is gone). */
  targetName: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string(),
  setTemperature: z.number(),
  ambientTemperature: z.number().nullable(),
  workMode: z.enum(HVAC_MODES),
  fanSpeed: z.enum(FAN_SPEEDS),
  motionCountThreshold: z.number().int(),
  autoOpenClose: z.boolean(),
  vacantMinutes: z.number().int(),
  timingOpenClose: z.boolean(),
  openTime: z.string().nullable(),
  closeTime: z.string().nullable(),
  allWorkdays: z.boolean(),
  weekdays: z.array(z.number().int()),
  smartTempControl: z.boolean(),
  smartDoas: z.boolean(),
  weatherLinkage: z.boolean(),
  noCoolBelow: z.number(),
  noHeatAbove: z.number(),
  noonNap: z.boolean(),
  active: z.boolean(),
  /** What it last applied (null before its first decision). */
  lastDesired: acDesiredStateSchema.nullable(),
  lastAppliedAt: timestampSchema.nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type AcAutomation = z.infer<typeof acAutomationSchema>;

/** POST /sbuilding/acAutomation/explain/{id}: what it wants now and what it read; nothing is sent. */
export const acAutomationExplanationSchema = z.object({
  now: timestampSchema,
  localTime: z.string(),
  workday: z.boolean(),
  desired: acDesiredStateSchema,
  inputs: z.object({
    motionCount: z.number().nullable(),
    occupied: z.boolean().nullable(),
    vacantSince: timestampSchema.nullable(),
    outdoorTemp: z.number().nullable(),
    roomTemp: z.number().nullable(),
    inNap: z.boolean(),
    inTiming: z.boolean(),
  }),
});
export type AcAutomationExplanation = z.infer<typeof acAutomationExplanationSchema>;

/** POST /sbuilding/acAutomation/savings: a period (default the last 30 days). */
export const acAutomationSavingsBodySchema = z.object({
  projectId: idSchema,
  from: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
  to: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
});
export type AcAutomationSavingsBody = z.input<typeof acAutomationSavingsBodySchema>;

export const acAutomationSavingSchema = z.object({
  automationId: z.number().int(),
  /** Hours its off commands kept units off (summed over units). */
  offHours: z.number(),
  /** offHours times the rated draw, kWh. */
  kwh: z.number(),
});
export type AcAutomationSaving = z.infer<typeof acAutomationSavingSchema>;
export const acAutomationSavingsSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  ratedWatts: z.number(),
  rows: z.array(acAutomationSavingSchema),
});
export type AcAutomationSavings = z.infer<typeof acAutomationSavingsSchema>;
