import { z } from 'zod';
import { CONDITION_OPERATORS } from '../../constants.js';
import { pagingSchema } from '../../envelope.js';
import { commandSchemaFor } from '../../devices/schemas.js';
import { COMMAND_METHODS, DEVICE_CATEGORIES } from '../../devices/types.js';
import {
  idSchema,
  optionalFilter,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from '../fields.js';
import {
  SCENE_ACTIONS_MAX,
  SCENE_TARGET_KINDS,
  SCENE_TARGETS_MAX,
  modelsWithCommand,
  sceneActionSchema,
  sceneTargetSchema,
} from './actions.js';
import { CONDITION_SOURCES, SCENE_RELATIONSHIPS, sceneConditionSchema } from './conditions.js';
import { requiredOrInvalid } from './inputs.js';
import { sceneRunSchema } from './runs.js';
import { SCENE_AUX_CONDITIONS, sceneTimingFields } from './timing.js';

/* The scene itself: its trigger, the fields as the console sends them, the rules across fields, and the scene as read. */

export const SCENE_TRIGGER_TYPES = ['manual', 'timing', 'device', 'weather', 'hybrid'] as const;
export type SceneTriggerType = (typeof SCENE_TRIGGER_TYPES)[number];

/** Trigger types whose conditions come from a device or the weather (a timing scene may add some too). */
export const CONDITION_TRIGGERS: readonly SceneTriggerType[] = ['device', 'weather', 'hybrid'];
/** Trigger types run at their execution times. */
export const TIMED_TRIGGERS: readonly SceneTriggerType[] = ['timing', 'hybrid'];

const sceneFields = {
  name: requiredText(64),
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
  /**
   * Offered as a button in the mini-program to the occupants (weixin customers) of the building its targets
   * are in; off by default, so a scene reaches phones only when the tbAdmin says so.
   */
  miniProgram: z.boolean({ error: 'invalid' }).optional().default(false),
  triggerType: requiredEnum(SCENE_TRIGGER_TYPES),
  /** The zone affected: the vacant timeout reads its occupancy sensors. */
  zoneId: idSchema.nullish().transform((v) => v ?? null),
  /** The category of every target (the wizard's device type); actions are checked against its models. */
  category: requiredEnum(DEVICE_CATEGORIES),
  conditions: z.array(sceneConditionSchema, { error: 'invalid' }).max(20, 'tooLong').optional().default([]),
  relationship: requiredEnum(SCENE_RELATIONSHIPS).optional().default('all'),
  ...sceneTimingFields,
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
  miniProgram: z.boolean(),
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
