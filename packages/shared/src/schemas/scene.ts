import { z } from 'zod';
import { CONDITION_OPERATORS } from '../constants.js';
import { pagingSchema } from '../envelope.js';
import { DEVICE_MODELS } from '../devices/models.js';
import { commandSchemaFor } from '../devices/schemas.js';
import {
  COMMAND_METHODS,
  DEVICE_CATEGORIES,
  MODEL_IDS,
  type CommandMethod,
  type DeviceCategory,
  type ModelId,
  type TelemetryKey,
} from '../devices/types.js';
import { TIME_OF_DAY } from './calendar.js';
import { COMMAND_RESULTS } from './command.js';
import {
  idSchema,
  isIsoDate,
  optionalFilter,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/*
 * Scenes (spec section 3 Scene, section 5 Scene rules, section 9 operators and properties): what the
 * operator sets up for the building to do by itself. The engine (apps/server/src/modules/scenes) reads
 * exactly these fields.
 */

export const SCENE_TRIGGER_TYPES = ['manual', 'timing', 'device', 'weather', 'hybrid'] as const;
export type SceneTriggerType = (typeof SCENE_TRIGGER_TYPES)[number];

export const SCENE_RELATIONSHIPS = ['all', 'either'] as const;
export type SceneRelationship = (typeof SCENE_RELATIONSHIPS)[number];

export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** Auxiliary condition: from the project's calendar (weekday rule plus its holidays and extra workdays). */
export const SCENE_AUX_CONDITIONS = ['none', 'workdays', 'holidays'] as const;
export type SceneAuxCondition = (typeof SCENE_AUX_CONDITIONS)[number];

/** Weather properties of spec section 9 (PM2.5 is `pm25`). */
export const WEATHER_PROPERTIES = ['temperature', 'humidity', 'pm25', 'forecastLow', 'forecastHigh'] as const;
export type WeatherProperty = (typeof WEATHER_PROPERTIES)[number];

/** Device properties of spec section 9 and the telemetry key each is read from. */
export const DEVICE_PROPERTY_KEYS = {
  temperature: 'temperature',
  humidity: 'humidity',
  pir: 'pir',
  /** "Present on": whether the device is on now (its onOff state). */
  presentOn: 'onOff',
  motionCount: 'motionCount',
  ambientBrightness: 'illuminance',
  lightBrightness: 'lightnessLevel',
  targetTemp: 'targetTemp',
  measuredTemp: 'roomTemp',
} as const satisfies Record<string, TelemetryKey>;
export type DeviceProperty = keyof typeof DEVICE_PROPERTY_KEYS;
export const DEVICE_PROPERTIES = [
  'temperature',
  'humidity',
  'pir',
  'presentOn',
  'motionCount',
  'ambientBrightness',
  'lightBrightness',
  'targetTemp',
  'measuredTemp',
] as const satisfies readonly DeviceProperty[];

export function isDeviceProperty(value: string): value is DeviceProperty {
  return DEVICE_PROPERTIES.some((p) => p === value);
}
export function isWeatherProperty(value: string): value is WeatherProperty {
  return WEATHER_PROPERTIES.some((p) => p === value);
}

export const CONDITION_SOURCES = ['device', 'weather'] as const;
export type ConditionSource = (typeof CONDITION_SOURCES)[number];

/** Trigger types whose conditions come from a device or the weather (a timing scene may add some too). */
export const CONDITION_TRIGGERS: readonly SceneTriggerType[] = ['device', 'weather', 'hybrid'];
/** Trigger types run at their execution times. */
export const TIMED_TRIGGERS: readonly SceneTriggerType[] = ['timing', 'hybrid'];

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

const timeOfDay = z.string({ error: requiredOrInvalid }).min(1, 'required').regex(TIME_OF_DAY, 'invalid');
const isoDate = z.string({ error: 'invalid' }).refine(isIsoDate, 'invalid');
const finite = z.number({ error: requiredOrInvalid }).finite('invalid');
/** Minutes or seconds of a limit; absent, null or 0 means no limit. */
const optionalCount = (max: number) =>
  z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'nonNegative')
    .max(max, 'outOfRange')
    .nullish()
    .transform((v) => v ?? 0);

export const sceneConditionSchema = z
  .object({
    source: requiredEnum(CONDITION_SOURCES),
    /** The device read, for a device property. */
    deviceId: idSchema.nullish(),
    property: z.string({ error: requiredOrInvalid }).min(1, 'required'),
    operator: requiredEnum(CONDITION_OPERATORS),
    /** A number; [low, high] for within and notWithin (both ends included). */
    value: z.union([finite, z.tuple([finite, finite])], { error: requiredOrInvalid }),
  })
  .superRefine((c, ctx) => {
    const properties: readonly string[] = c.source === 'device' ? DEVICE_PROPERTIES : WEATHER_PROPERTIES;
    if (!properties.includes(c.property))
      ctx.addIssue({ code: 'custom', path: ['property'], message: 'invalid' });
    if (c.source === 'device' && (c.deviceId === undefined || c.deviceId === null)) {
      ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'required' });
    }
    const range = c.operator === 'within' || c.operator === 'notWithin';
    if (range !== Array.isArray(c.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'invalid' });
    } else if (Array.isArray(c.value) && c.value[0] > c.value[1]) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'invalid' });
    }
  })
  .transform((c) => ({ ...c, deviceId: c.source === 'device' ? (c.deviceId ?? null) : null }));
export type SceneCondition = z.infer<typeof sceneConditionSchema>;

export const SCENE_TARGET_KINDS = ['device', 'group'] as const;
export const sceneTargetSchema = z.object({
  kind: requiredEnum(SCENE_TARGET_KINDS),
  id: idSchema,
});
export type SceneTarget = z.infer<typeof sceneTargetSchema>;

export const sceneActionSchema = z.object({
  method: z.enum(COMMAND_METHODS, { error: requiredOrInvalid }),
  params: z.record(z.string(), z.unknown(), { error: 'invalid' }).optional().default({}),
});
export type SceneAction = z.infer<typeof sceneActionSchema>;

/** The models of a category that take a command. */
export function modelsWithCommand(category: DeviceCategory, method: CommandMethod): ModelId[] {
  return MODEL_IDS.filter(
    (id) =>
      DEVICE_MODELS[id].category === category && DEVICE_MODELS[id].commands.some((c) => c.method === method),
  );
}

export const SCENE_EXECUTION_TIMES_MAX = 48;
export const SCENE_TARGETS_MAX = 200;
export const SCENE_ACTIONS_MAX = 10;

const sceneFields = {
  name: requiredText(64),
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
  triggerType: requiredEnum(SCENE_TRIGGER_TYPES),
  /** The zone affected: the vacant timeout reads its occupancy sensors. */
  zoneId: idSchema.nullish().transform((v) => v ?? null),
  /** The category of every target (the wizard's device type); actions are checked against its models. */
  category: requiredEnum(DEVICE_CATEGORIES),
  conditions: z.array(sceneConditionSchema, { error: 'invalid' }).max(20, 'tooLong').optional().default([]),
  relationship: requiredEnum(SCENE_RELATIONSHIPS).optional().default('all'),
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
  /** At least one ('Select Target!'); all of `category` ('Select the same category device', server side). */
  targets: z
    .array(sceneTargetSchema, { error: 'selectTarget' })
    .min(1, 'selectTarget')
    .max(SCENE_TARGETS_MAX, 'tooLong'),
  /** At least one ('Execute Action is required!'). */
  actions: z
    .array(sceneActionSchema, { error: 'executeActionRequired' })
    .min(1, 'executeActionRequired')
    .max(SCENE_ACTIONS_MAX, 'tooLong'),
};

type SceneFieldsOut = z.infer<z.ZodObject<typeof sceneFields>>;

/** The rules across fields (spec section 5). */
function sceneRules(scene: SceneFieldsOut, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  scene.executionTimes.forEach((time, i) => {
    if (seen.has(time))
      ctx.addIssue({ code: 'custom', path: ['executionTimes', i], message: 'executeTimeExists' });
    seen.add(time);
  });
  if (TIMED_TRIGGERS.includes(scene.triggerType)) {
    if (scene.executionTimes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['executionTimes'], message: 'required' });
    }
    if (scene.weekdays.length === 0)
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'required' });
  }
  if (CONDITION_TRIGGERS.includes(scene.triggerType) && scene.conditions.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'required' });
  }
  if (scene.triggerType === 'weather' && scene.conditions.some((c) => c.source !== 'weather')) {
    ctx.addIssue({ code: 'custom', path: ['conditions'], message: 'invalid' });
  }
  if (scene.effectiveStart && scene.effectiveEnd && scene.effectiveEnd < scene.effectiveStart) {
    ctx.addIssue({ code: 'custom', path: ['effectiveEnd'], message: 'endDateBeforeStart' });
  }
  if (scene.vacantTimeoutMinutes > 0 && scene.zoneId === null) {
    ctx.addIssue({ code: 'custom', path: ['zoneId'], message: 'required' });
  }
  scene.actions.forEach((action, i) => {
    const models = modelsWithCommand(scene.category, action.method);
    if (models.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['actions', i, 'method'], message: 'invalid' });
      return;
    }
    // Valid for at least one model of the category; the server checks each target's own model.
    const results = models.map((m) => commandSchemaFor(m, action.method)?.safeParse(action.params));
    if (results.some((r) => r?.success)) return;
    const first = results.find((r) => r && !r.success);
    for (const issue of first?.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: ['actions', i, 'params', ...issue.path], message: issue.message });
    }
  });
}

/** PUT /sbuilding/scene/create. */
export const sceneCreateBodySchema = z
  .object({ projectId: idSchema, ...sceneFields })
  .superRefine(sceneRules);
export type SceneCreateBody = z.input<typeof sceneCreateBodySchema>;
export type SceneDefinition = z.infer<typeof sceneCreateBodySchema>;

/** POST /sbuilding/scene/save/{id}: a scene stays in its project. */
export const sceneSaveBodySchema = z
  .object({ ...sceneFields, version: versionSchema })
  .superRefine(sceneRules);
export type SceneSaveBody = z.input<typeof sceneSaveBodySchema>;

/** POST /sbuilding/scene/enable/{id}: the console asks to confirm first. */
export const sceneEnableBodySchema = z.object({ enabled: z.boolean({ error: requiredOrInvalid }) });

/** POST /sbuilding/scene/getList. */
export const sceneListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  name: optionalFilter(z.string().trim().max(64, 'tooLong')),
  triggerType: optionalFilter(z.enum(SCENE_TRIGGER_TYPES, { error: 'invalid' })),
});
export type SceneListBody = z.input<typeof sceneListBodySchema>;
export type SceneListFilter = z.infer<typeof sceneListBodySchema>;

/* Runs: the scheduling log. */

export const SCENE_RUN_TRIGGERS = ['manual', 'timing', 'device', 'weather'] as const;
export type SceneRunTrigger = (typeof SCENE_RUN_TRIGGERS)[number];
export const SCENE_RUN_OUTCOMES = ['ran', 'skipped', 'failed'] as const;
export type SceneRunOutcome = (typeof SCENE_RUN_OUTCOMES)[number];

/**
 * Why a scene did not run (or failed). The first failing check decides; explain lists them all.
 * Each has a label in the console catalogues (sceneReason.<code>).
 */
export const SCENE_REASONS = [
  'disabled',
  'manualOnly',
  'effectiveDates',
  'auxiliaryCondition',
  'weekday',
  'executionTime',
  'timeRange',
  'conditionFalse',
  'vacantTimeout',
  'manualTimeout',
  'maxCount',
  'repeatInterval',
  'preDelay',
  'missed',
  'noTargets',
  'commandFailed',
  // AC automation (schemas/ac-automation.ts): why it switched or set an AC ('ac' + its decision reason).
  'acTimingOpen',
  'acTimingClose',
  'acOccupied',
  'acVacant',
  'acWeatherLinkage',
  'acAmbientComfortable',
  'acHold',
] as const;
export type SceneReason = (typeof SCENE_REASONS)[number];

export const sceneConditionResultSchema = z.object({
  index: z.number().int(),
  source: z.enum(CONDITION_SOURCES),
  deviceId: z.number().int().nullable(),
  property: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([z.number(), z.tuple([z.number(), z.number()])]),
  /** What the engine read; null when there is no value (then the condition does not hold). */
  live: z.number().nullable(),
  /** When the live value was reported (device telemetry) or computed (weather). */
  liveAt: timestampSchema.nullable(),
  holds: z.boolean(),
});
export type SceneConditionResult = z.infer<typeof sceneConditionResultSchema>;

export const sceneCheckSchema = z.object({
  code: z.enum(SCENE_REASONS),
  ok: z.boolean(),
  /** Numbers and dates the check read (e.g. { runsToday: 3, max: 3 }). */
  detail: z.record(z.string(), z.unknown()),
});
export type SceneCheck = z.infer<typeof sceneCheckSchema>;

export const sceneCommandResultSchema = z.object({
  targetKind: z.enum(SCENE_TARGET_KINDS),
  targetId: z.number().int(),
  method: z.enum(COMMAND_METHODS),
  params: z.record(z.string(), z.unknown()),
  deviceId: z.number().int(),
  deviceName: z.string(),
  result: z.enum(COMMAND_RESULTS),
  message: z.string(),
  latencyMs: z.number().int().nullable(),
});
export type SceneCommandResult = z.infer<typeof sceneCommandResultSchema>;

/** A command explain would send: one per action and target device. */
export const scenePlannedCommandSchema = sceneCommandResultSchema.pick({
  targetKind: true,
  targetId: true,
  method: true,
  params: true,
  deviceId: true,
  deviceName: true,
});
export type ScenePlannedCommand = z.infer<typeof scenePlannedCommandSchema>;

export const sceneRunSchema = z.object({
  id: z.number().int(),
  sceneId: z.number().int().nullable(),
  sceneName: z.string(),
  projectId: z.number().int(),
  trigger: z.enum(SCENE_RUN_TRIGGERS),
  outcome: z.enum(SCENE_RUN_OUTCOMES),
  reason: z.enum(SCENE_REASONS).nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** The execution time a timing run was for. */
  dueAt: timestampSchema.nullable(),
  time: timestampSchema,
  durationMs: z.number().int(),
  commands: z.array(sceneCommandResultSchema),
});
export type SceneRun = z.infer<typeof sceneRunSchema>;

/** POST /sbuilding/scene/runs (the scheduling log, /job/log), newest first. */
export const sceneRunListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  sceneId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  outcome: optionalFilter(z.enum(SCENE_RUN_OUTCOMES, { error: 'invalid' })),
  trigger: optionalFilter(z.enum(SCENE_RUN_TRIGGERS, { error: 'invalid' })),
  from: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
  to: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
});
export type SceneRunListBody = z.input<typeof sceneRunListBodySchema>;
export type SceneRunFilter = z.infer<typeof sceneRunListBodySchema>;

const conditionOut = z.object({
  source: z.enum(CONDITION_SOURCES),
  deviceId: z.number().int().nullable(),
  property: z.string(),
  operator: z.enum(CONDITION_OPERATORS),
  value: z.union([z.number(), z.tuple([z.number(), z.number()])]),
});

export const sceneSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  triggerType: z.enum(SCENE_TRIGGER_TYPES),
  zoneId: z.number().int().nullable(),
  category: z.enum(DEVICE_CATEGORIES),
  conditions: z.array(conditionOut),
  relationship: z.enum(SCENE_RELATIONSHIPS),
  executionTimes: z.array(z.string()),
  weekdays: z.array(z.number().int()),
  effectiveStart: z.string().nullable(),
  effectiveEnd: z.string().nullable(),
  auxiliaryCondition: z.enum(SCENE_AUX_CONDITIONS),
  timeRange: z.object({ start: z.string(), end: z.string() }).nullable(),
  maxExecuteCount: z.number().int(),
  repeatIntervalMinutes: z.number().int(),
  vacantTimeoutMinutes: z.number().int(),
  manualTimeoutMinutes: z.number().int(),
  preDelaySeconds: z.number().int(),
  targets: z.array(
    z.object({
      kind: z.enum(SCENE_TARGET_KINDS),
      id: z.number().int(),
      /** The device's or group's name now (empty when it is gone). */
      name: z.string(),
      position: z.string(),
    }),
  ),
  actions: z.array(z.object({ method: z.enum(COMMAND_METHODS), params: z.record(z.string(), z.unknown()) })),
  lastRun: sceneRunSchema.omit({ commands: true, detail: true }).nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Scene = z.infer<typeof sceneSchema>;

/** POST /sbuilding/scene/explain/{id}: what would happen now, nothing sent. */
export const sceneExplanationSchema = z.object({
  now: timestampSchema,
  localTime: z.string(),
  localDate: z.string(),
  decision: z.enum(['run', 'skip']),
  reason: z.enum(SCENE_REASONS).nullable(),
  checks: z.array(sceneCheckSchema),
  conditions: z.array(sceneConditionResultSchema),
  commands: z.array(scenePlannedCommandSchema),
});
export type SceneExplanation = z.infer<typeof sceneExplanationSchema>;
