import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import {
  CONDITION_TRIGGERS,
  DEVICE_MODELS,
  MODEL_IDS,
  TIMED_TRIGGERS,
  sceneCreateBodySchema,
  type CommandMethod,
  type ConditionOperator,
  type ConditionSource,
  type DeviceCategory,
  type DeviceField,
  type Scene,
  type SceneAuxCondition,
  type SceneRelationship,
  type SceneTriggerType,
} from '@sbuilding/shared';

/*
 * The wizard's form values and their translation to the shared scene body. Every rule is the shared
 * schema's (sceneCreateBodySchema, spec section 5): a step is checked by parsing the whole scene with the
 * later steps stood in by valid placeholders, keeping the issues of the step's own fields.
 */

export const WIZARD_STEPS = ['basic', 'trigger', 'action', 'done'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface ConditionValues {
  source?: ConditionSource;
  deviceId?: number | null;
  property?: string;
  operator?: ConditionOperator;
  value?: number | null;
  low?: number | null;
  high?: number | null;
}

/** A target as the wizard shows it: the scene keeps kind and id, the category decides the actions. */
export interface ChosenTarget {
  kind: 'device' | 'group';
  id: number;
  name: string;
  category: DeviceCategory | null;
}

export interface ActionValues {
  method?: CommandMethod;
  params?: Record<string, unknown>;
}

export interface WizardValues {
  name: string;
  enabled: boolean;
  /** Offered to the building's occupants in the mini-program. */
  miniProgram: boolean;
  effectiveStart: Dayjs | null;
  effectiveEnd: Dayjs | null;
  zoneId: number | null;
  /** Blank on /scenes/add until chosen ('Trigger type is required'). */
  triggerType: SceneTriggerType | undefined;
  conditions: ConditionValues[];
  relationship: SceneRelationship;
  executionTimes: string[];
  weekdays: number[];
  auxiliaryCondition: SceneAuxCondition;
  timeRangeStart: string;
  timeRangeEnd: string;
  maxExecuteCount: number | null;
  repeatIntervalMinutes: number | null;
  vacantTimeoutMinutes: number | null;
  manualTimeoutMinutes: number | null;
  preDelaySeconds: number | null;
  targets: ChosenTarget[];
  actions: ActionValues[];
}

export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];

export function blankValues(triggerType?: SceneTriggerType): WizardValues {
  return {
    name: '',
    enabled: true,
    miniProgram: false,
    effectiveStart: null,
    effectiveEnd: null,
    zoneId: null,
    triggerType,
    conditions:
      triggerType === 'device' || triggerType === 'hybrid'
        ? [{ source: 'device', operator: 'greater' }]
        : triggerType === 'weather'
          ? [{ source: 'weather', operator: 'greater' }]
          : [],
    relationship: 'all',
    executionTimes: [],
    weekdays: [...ALL_WEEKDAYS],
    auxiliaryCondition: 'none',
    timeRangeStart: '',
    timeRangeEnd: '',
    maxExecuteCount: null,
    repeatIntervalMinutes: null,
    vacantTimeoutMinutes: null,
    manualTimeoutMinutes: null,
    preDelaySeconds: null,
    targets: [],
    actions: [],
  };
}

const isRange = (op: ConditionOperator | undefined) => op === 'within' || op === 'notWithin';

export function valuesFromScene(scene: Scene): WizardValues {
  return {
    name: scene.name,
    enabled: scene.enabled,
    miniProgram: scene.miniProgram,
    effectiveStart: scene.effectiveStart ? dayjs(scene.effectiveStart) : null,
    effectiveEnd: scene.effectiveEnd ? dayjs(scene.effectiveEnd) : null,
    zoneId: scene.zoneId,
    triggerType: scene.triggerType,
    conditions: scene.conditions.map((c) => ({
      source: c.source,
      deviceId: c.deviceId,
      property: c.property,
      operator: c.operator,
      ...(Array.isArray(c.value) ? { low: c.value[0], high: c.value[1] } : { value: c.value }),
    })),
    relationship: scene.relationship,
    executionTimes: [...scene.executionTimes],
    weekdays: [...scene.weekdays],
    auxiliaryCondition: scene.auxiliaryCondition,
    timeRangeStart: scene.timeRange?.start ?? '',
    timeRangeEnd: scene.timeRange?.end ?? '',
    maxExecuteCount: scene.maxExecuteCount || null,
    repeatIntervalMinutes: scene.repeatIntervalMinutes || null,
    vacantTimeoutMinutes: scene.vacantTimeoutMinutes || null,
    manualTimeoutMinutes: scene.manualTimeoutMinutes || null,
    preDelaySeconds: scene.preDelaySeconds || null,
    targets: scene.targets.map((t) => ({ kind: t.kind, id: t.id, name: t.name, category: scene.category })),
    actions: scene.actions.map((a) => ({ method: a.method, params: { ...a.params } })),
  };
}

const num = (v: number | null | undefined) => (typeof v === 'number' ? v : undefined);
const text = (v: string | undefined) => (v ?? '').trim();

function conditionBody(c: ConditionValues) {
  let value: number | [number, number] | undefined;
  if (isRange(c.operator)) {
    const low = num(c.low);
    const high = num(c.high);
    value = low === undefined || high === undefined ? undefined : [low, high];
  } else value = num(c.value);
  return {
    source: c.source,
    deviceId: c.source === 'device' ? (c.deviceId ?? null) : null,
    property: c.property ?? '',
    operator: c.operator,
    value,
  };
}

/** The category of the chosen targets (the first one's); null before any is chosen. */
export function categoryOf(targets: readonly ChosenTarget[]): DeviceCategory | null {
  return targets.find((t) => t.category !== null)?.category ?? null;
}

/** The scene's fields (without projectId or version), for the shared schema to check and shape. */
export function sceneFieldsOf(values: WizardValues) {
  const type = values.triggerType;
  const conditional = type !== undefined && CONDITION_TRIGGERS.includes(type);
  const timed = type !== undefined && TIMED_TRIGGERS.includes(type);
  const start = text(values.timeRangeStart);
  const end = text(values.timeRangeEnd);
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    miniProgram: values.miniProgram,
    triggerType: values.triggerType,
    zoneId: values.zoneId ?? null,
    category: categoryOf(values.targets) ?? '',
    // What the trigger type does not use is not shown, so not sent either.
    conditions: conditional ? values.conditions.map(conditionBody) : [],
    relationship: values.relationship,
    executionTimes: timed ? values.executionTimes : [],
    weekdays: values.weekdays,
    effectiveStart: values.effectiveStart ? values.effectiveStart.format('YYYY-MM-DD') : null,
    effectiveEnd: values.effectiveEnd ? values.effectiveEnd.format('YYYY-MM-DD') : null,
    auxiliaryCondition: values.auxiliaryCondition,
    timeRange: start || end ? { start, end } : null,
    maxExecuteCount: values.maxExecuteCount ?? 0,
    repeatIntervalMinutes: values.repeatIntervalMinutes ?? 0,
    vacantTimeoutMinutes: values.vacantTimeoutMinutes ?? 0,
    manualTimeoutMinutes: values.manualTimeoutMinutes ?? 0,
    preDelaySeconds: values.preDelaySeconds ?? 0,
    targets: values.targets.map((t) => ({ kind: t.kind, id: t.id })),
    actions: values.actions.map((a) => ({
      method: a.method,
      params: Object.fromEntries(
        Object.entries(a.params ?? {}).filter(([, v]) => v !== undefined && v !== null),
      ),
    })),
  };
}

/** The fields each step owns (the first element of an issue's path). */
const STEP_FIELDS: Readonly<Record<Exclude<WizardStep, 'done'>, readonly string[]>> = {
  basic: ['name', 'enabled', 'miniProgram', 'effectiveStart', 'effectiveEnd', 'zoneId'],
  trigger: [
    'triggerType',
    'conditions',
    'relationship',
    'executionTimes',
    'weekdays',
    'auxiliaryCondition',
    'timeRange',
    'maxExecuteCount',
    'repeatIntervalMinutes',
    'vacantTimeoutMinutes',
    'manualTimeoutMinutes',
    'preDelaySeconds',
  ],
  action: ['category', 'targets', 'actions'],
};

/** Valid stand-ins for the action step while an earlier step is checked. */
const PLACEHOLDER_ACTION = {
  category: 'light' as const,
  targets: [{ kind: 'device' as const, id: 1 }],
  actions: [{ method: 'setOnOff' as const, params: { onOff: true } }],
};

/** A form error: where it shows (antd name path joined by '.') and its validation key. */
export interface WizardIssue {
  key: string;
  message: string;
}

/** Where an issue of the schema shows in the form. */
function formKey(path: readonly PropertyKey[], values: WizardValues): string {
  const [head, ...rest] = path.map(String);
  if (head === 'timeRange') return rest[0] === 'end' ? 'timeRangeEnd' : 'timeRangeStart';
  if (head === 'executionTimes' || head === 'targets' || head === 'category') {
    return head === 'category' ? 'targets' : head;
  }
  if (head === 'conditions' && rest.length >= 2) {
    const [index, field] = rest;
    if (field === 'value' && isRange(values.conditions[Number(index)]?.operator))
      return `conditions.${index}.low`;
    return `conditions.${index}.${field}`;
  }
  if (head === 'actions' && rest.length >= 2) {
    const [index, field, param] = rest;
    return field === 'params' && param ? `actions.${index}.params.${param}` : `actions.${index}.method`;
  }
  return [head, ...rest].join('.');
}

/**
 * The issues of a step (spec section 5 messages as validation keys), first per place. The action step
 * also refuses targets of two categories ('Select the same category device') before the server does.
 */
export function stepIssues(values: WizardValues, step: WizardStep): WizardIssue[] {
  if (step === 'done') return [];
  const fields = sceneFieldsOf(values);
  const body = {
    projectId: 1,
    ...fields,
    ...(step === 'action' ? {} : PLACEHOLDER_ACTION),
    // The basic step's own rules (dates, the zone of a vacant timeout) run once the rest parses.
    ...(step === 'basic' ? { triggerType: 'manual' as const, conditions: [], executionTimes: [] } : {}),
  };
  const issues: WizardIssue[] = [];
  const seen = new Set<string>();
  const add = (key: string, message: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ key, message });
  };
  if (step === 'action' && new Set(values.targets.map((t) => t.category)).size > 1) {
    add('targets', 'sameCategory');
  }
  if (step === 'trigger') {
    // The schema asks for the device only once the rest of a condition parses; say it with the others.
    const conditional = values.triggerType !== undefined && CONDITION_TRIGGERS.includes(values.triggerType);
    if (conditional)
      values.conditions.forEach((c, i) => {
        if (c.source === 'device' && (c.deviceId === undefined || c.deviceId === null))
          add(`conditions.${i}.deviceId`, 'required');
      });
  }
  const result = sceneCreateBodySchema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const head = String(issue.path[0] ?? '');
      if (!STEP_FIELDS[step].includes(head)) continue;
      // A blank category is the targets' absence, said by 'Select Target!'.
      if (head === 'category' && values.targets.length === 0) continue;
      add(formKey(issue.path, values), issue.message);
    }
  }
  return issues;
}

/** The parameters a command takes in this category (its first model taking it). */
export function paramsOf(category: DeviceCategory, method: CommandMethod): readonly DeviceField[] {
  const model = MODEL_IDS.find(
    (id) =>
      DEVICE_MODELS[id].category === category && DEVICE_MODELS[id].commands.some((c) => c.method === method),
  );
  return model ? (DEVICE_MODELS[model].commands.find((c) => c.method === method)?.params ?? []) : [];
}

/** The commands some model of the category takes, reboot left out (not an automation). */
export function methodsOf(category: DeviceCategory): CommandMethod[] {
  const methods = new Set<CommandMethod>();
  for (const id of MODEL_IDS) {
    if (DEVICE_MODELS[id].category !== category) continue;
    for (const c of DEVICE_MODELS[id].commands) if (c.method !== 'reboot') methods.add(c.method);
  }
  return [...methods];
}
