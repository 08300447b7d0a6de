import { z } from 'zod';
import { labelled } from '../i18n/field-label.js';
import { DEVICE_MODELS } from '../devices/models.js';
import { MODEL_IDS, type ModelId, type TelemetryKey, type TelemetrySpec } from '../devices/types.js';
import { idSchema, requiredEnum, requiredText, timestampSchema, versionSchema } from './fields.js';

/*
 * Threshold alert rules (issue 7, beyond the spec's one alert type): a rule watches one telemetry key of one
 * device model in a project (optionally one building) and raises a 'threshold' alert on a device whose
 * reading has met the condition for `durationS`; with auto-clear it resolves that alert with 'fault
 * recovery' once the reading has been back past the threshold by `deadband` for `clearDelayS`.
 */

/** above: value > threshold; below: value < threshold; outside / inside: of [threshold, thresholdHigh]. */
export const ALERT_RULE_OPERATORS = ['above', 'below', 'outside', 'inside'] as const;
export type AlertRuleOperator = (typeof ALERT_RULE_OPERATORS)[number];

/** The operators comparing with a range (threshold = low end, thresholdHigh = high end). */
export const RANGE_OPERATORS: readonly AlertRuleOperator[] = ['outside', 'inside'];

/** The levels a rule may raise: `complete` is part of the alert vocabulary, never something to raise. */
export const ALERT_RULE_LEVELS = ['urgent', 'secondary', 'general'] as const;
export type AlertRuleLevel = (typeof ALERT_RULE_LEVELS)[number];

/** Longest duration (and clear delay) of a rule: one day, in seconds. */
export const ALERT_RULE_MAX_SECONDS = 86_400;

/** Readings that are states or choices (on/off, a button, a mode), not quantities a threshold compares. */
const STATE_KEYS: readonly TelemetryKey[] = ['onOff', 'left', 'mid', 'right', 'workMode', 'fanSpeed', 'pir'];

/** The telemetry of `model` a threshold rule may watch (its numeric readings), with their units. */
export function thresholdKeysOf(model: ModelId): readonly TelemetrySpec[] {
  return DEVICE_MODELS[model].telemetry.filter((spec) => !STATE_KEYS.includes(spec.key));
}

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

const seconds = z
  .number({ error: requiredOrInvalid })
  .int('invalid')
  .min(0, 'outOfRange')
  .max(ALERT_RULE_MAX_SECONDS, 'outOfRange');

const optionalBuildingId = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** What a rule is, apart from the project it belongs to. */
const ruleFields = {
  name: requiredText(64),
  enabled: z.boolean({ error: 'invalid' }).default(true),
  model: requiredEnum(MODEL_IDS),
  /** One of the model's numeric telemetry keys (thresholdKeysOf). */
  telemetryKey: z.string({ error: requiredOrInvalid }).min(1, 'required'),
  // Labelled as the rule form labels it; a scene condition's `operator` is the 'Operator'.
  operator: labelled(requiredEnum(ALERT_RULE_OPERATORS), 'ruleCondition'),
  /** The limit of above / below; the low end of a range. */
  threshold: z.number({ error: requiredOrInvalid }),
  /** The high end of a range; ignored (null) for above / below. */
  thresholdHigh: z
    .number({ error: 'invalid' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** Seconds the condition must hold before the alert is raised (0: at once). */
  durationS: seconds.default(0),
  level: requiredEnum(ALERT_RULE_LEVELS),
  /** Whether the alert resolves itself ('fault recovery') when the reading is back. */
  autoClear: z.boolean({ error: 'invalid' }).default(true),
  /** Seconds the reading must stay back before the alert clears. */
  clearDelayS: seconds.default(0),
  /** How far back past the threshold the reading must be to count as back (hysteresis), in its unit. */
  deadband: z.number({ error: 'invalid' }).min(0, 'nonNegative').default(0),
  /** Only devices of this building; null: the whole project. */
  buildingId: optionalBuildingId,
};

interface RuleShape {
  model: ModelId;
  telemetryKey: string;
  operator: AlertRuleOperator;
  threshold: number;
  thresholdHigh: number | null;
  deadband: number;
}

/** The checks across fields: the key belongs to the model; a range has low < high and room for its deadband. */
function ruleChecks(rule: RuleShape, ctx: z.RefinementCtx) {
  if (!thresholdKeysOf(rule.model).some((spec) => spec.key === rule.telemetryKey)) {
    ctx.addIssue({ code: 'custom', message: 'invalid', path: ['telemetryKey'] });
  }
  if (!RANGE_OPERATORS.includes(rule.operator)) return;
  if (rule.thresholdHigh === null) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['thresholdHigh'] });
  } else if (rule.thresholdHigh <= rule.threshold) {
    ctx.addIssue({ code: 'custom', message: 'lowBelowHigh', path: ['thresholdHigh'] });
  } else if (rule.operator === 'outside' && 2 * rule.deadband >= rule.thresholdHigh - rule.threshold) {
    // Back inside means deadband away from both ends: a band wider than half the range leaves no inside.
    ctx.addIssue({ code: 'custom', message: 'outOfRange', path: ['deadband'] });
  }
}

/** The console's rule form (and the fields both calls share). */
export const alertRuleFormSchema = z.object(ruleFields).superRefine(ruleChecks);

/** POST /sbuilding/alert/rule/add. */
export const alertRuleCreateBodySchema = z
  .object({ projectId: idSchema, ...ruleFields })
  .superRefine(ruleChecks);
export type AlertRuleCreateBody = z.input<typeof alertRuleCreateBodySchema>;

/** POST /sbuilding/alert/rule/edit/{id}: a rule stays in its project; 409 when `version` is stale. */
export const alertRuleUpdateBodySchema = z
  .object({ version: versionSchema, ...ruleFields })
  .superRefine(ruleChecks);
export type AlertRuleUpdateBody = z.input<typeof alertRuleUpdateBodySchema>;

/** POST /sbuilding/alert/rule/enable/{id}: switches a rule on or off; 409 when `version` is stale. */
export const alertRuleEnableBodySchema = z.object({
  version: versionSchema,
  enabled: z.boolean({ error: requiredOrInvalid }),
});
export type AlertRuleEnableBody = z.input<typeof alertRuleEnableBodySchema>;

/** POST /sbuilding/alert/rule/getList: every rule of a project. */
export const alertRuleListBodySchema = z.object({ projectId: idSchema });
export type AlertRuleListBody = z.input<typeof alertRuleListBodySchema>;

export const alertRuleSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  buildingId: z.number().int().nullable(),
  name: z.string(),
  enabled: z.boolean(),
  model: z.enum(MODEL_IDS),
  telemetryKey: z.string(),
  operator: z.enum(ALERT_RULE_OPERATORS),
  threshold: z.number(),
  thresholdHigh: z.number().nullable(),
  durationS: z.number().int(),
  level: z.enum(ALERT_RULE_LEVELS),
  autoClear: z.boolean(),
  clearDelayS: z.number().int(),
  deadband: z.number(),
  version: z.number().int(),
  updatedAt: timestampSchema,
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** What a threshold alert carries of the rule that raised it (copied, so it reads after the rule changes). */
export const thresholdDetailSchema = z.object({
  ruleName: z.string(),
  telemetryKey: z.string(),
  /** The catalogue's unit of the key ('' for counts). */
  unit: z.string(),
  operator: z.enum(ALERT_RULE_OPERATORS),
  threshold: z.number(),
  thresholdHigh: z.number().nullable(),
});
export type ThresholdDetail = z.infer<typeof thresholdDetailSchema>;

type Condition = Pick<RuleShape, 'operator' | 'threshold' | 'thresholdHigh' | 'deadband'>;

/** Whether `value` meets the rule's condition (what raises the alert once it has held for the duration). */
export function thresholdBreached(rule: Condition, value: number): boolean {
  const low = rule.threshold;
  const high = rule.thresholdHigh ?? low;
  switch (rule.operator) {
    case 'above':
      return value > low;
    case 'below':
      return value < low;
    case 'outside':
      return value < low || value > high;
    case 'inside':
      return value >= low && value <= high;
  }
}

/**
 * Whether `value` is back, `deadband` past the threshold (what clears the alert once it has held for the
 * clear delay): CO2 above 1500 with a deadband of 100 is back below 1400, so a reading hovering around the
 * limit does not raise and clear it over and over.
 */
export function thresholdRecovered(rule: Condition, value: number): boolean {
  const low = rule.threshold;
  const high = rule.thresholdHigh ?? low;
  const band = rule.deadband;
  switch (rule.operator) {
    case 'above':
      return value <= low - band;
    case 'below':
      return value >= low + band;
    case 'outside':
      return value >= low + band && value <= high - band;
    case 'inside':
      return value <= low - band || value >= high + band;
  }
}
