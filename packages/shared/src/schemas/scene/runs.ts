import { z } from 'zod';
import { CONDITION_OPERATORS } from '../../constants.js';
import { pagingSchema } from '../../envelope.js';
import { COMMAND_METHODS } from '../../devices/types.js';
import { COMMAND_RESULTS } from '../command.js';
import { idSchema, optionalFilter, timestampSchema } from '../fields.js';
import { SCENE_TARGET_KINDS } from './actions.js';
import { CONDITION_SOURCES } from './conditions.js';

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
  // A device-triggered scene that ran in this holding period of its conditions: it waits until they stop.
  'triggerNotArmed',
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
  /** When this command was sent (its control-log line's time); absent in runs recorded before it was kept. */
  time: timestampSchema.optional(),
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

/**
 * What a run would do to one target device now, or why not (explain): `wouldSet` sends and changes it;
 * `alreadySet` it already reports every commanded value (sent, nothing changes); `deviceUnreachable` /
 * `gatewayUnreachable` not connected (the run would fail with 'unreachable'); `notPermitted` the catalogue
 * refuses a command for its model (the run would be 'refused'); `manualOverride` a person switched it by hand
 * within the scene's manual timeout (it is left alone).
 */
export const SCENE_TARGET_STATUSES = [
  'wouldSet',
  'alreadySet',
  'deviceUnreachable',
  'gatewayUnreachable',
  'notPermitted',
  'manualOverride',
] as const;
export type SceneTargetStatus = (typeof SCENE_TARGET_STATUSES)[number];

export const sceneTargetExplanationSchema = z.object({
  targetKind: z.enum(SCENE_TARGET_KINDS),
  targetId: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  status: z.enum(SCENE_TARGET_STATUSES),
  /** The commands it would get (each action of the scene). */
  commands: z.array(scenePlannedCommandSchema.pick({ method: true, params: true })),
  /** What the status read: the live values compared, the gateway's name, the last manual switch. */
  detail: z.record(z.string(), z.unknown()),
});
export type SceneTargetExplanation = z.infer<typeof sceneTargetExplanationSchema>;

/**
 * A condition trigger (device, weather scenes): armed when it would act on its conditions' next holding; a
 * scene that ran in the current holding period waits until its conditions stop holding.
 */
export const sceneTriggerStateSchema = z.object({
  armed: z.boolean(),
  conditionsHold: z.boolean(),
  conditionsSince: timestampSchema.nullable(),
  lastRanAt: timestampSchema.nullable(),
});
export type SceneTriggerState = z.infer<typeof sceneTriggerStateSchema>;

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
  /** Each target device: what it would do, or why not. */
  targets: z.array(sceneTargetExplanationSchema),
  /** Condition triggers only: whether the trigger is armed. */
  trigger: sceneTriggerStateSchema.nullable(),
});
export type SceneExplanation = z.infer<typeof sceneExplanationSchema>;
