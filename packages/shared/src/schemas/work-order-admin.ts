import { z } from 'zod';
import { labelled } from '../i18n/field-label.js';
import { DEVICE_CATEGORIES } from '../devices/types.js';
import { ALERT_LEVELS, ALERT_TYPES } from './alert.js';
import {
  idSchema,
  isoDateSchema,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
} from './fields.js';
import { WORK_ORDER_PRIORITIES, type WorkOrderPriority } from './work-order.js';

/* ---------- Service levels and the automatic rule (per project) ---------- */

/**
 * How a service level counts: `hours` around the clock; `workingHours` and `workingDays` on the project's
 * work calendar (its WORK periods on working days: weekends and holidays do not count, extra working days
 * do). A working day is the length of one day's WORK periods.
 */
export const SLA_UNITS = ['hours', 'workingHours', 'workingDays'] as const;
export type SlaUnit = (typeof SLA_UNITS)[number];

export const serviceLevelSchema = z.object({
  amount: labelled(
    z.number({ error: 'required' }).int('invalid').min(1, 'outOfRange').max(1000, 'outOfRange'),
    'slaAmount',
  ),
  unit: labelled(requiredEnum(SLA_UNITS), 'slaUnit'),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;

export const serviceLevelsSchema = z.object({
  urgent: serviceLevelSchema,
  high: serviceLevelSchema,
  normal: serviceLevelSchema,
  low: serviceLevelSchema,
});
export type ServiceLevels = Record<WorkOrderPriority, ServiceLevel>;

/** A project's service levels until its administrator sets them (the issue's example). */
export const DEFAULT_SERVICE_LEVELS: ServiceLevels = {
  urgent: { amount: 4, unit: 'hours' },
  high: { amount: 1, unit: 'workingDays' },
  normal: { amount: 3, unit: 'workingDays' },
  low: { amount: 10, unit: 'workingDays' },
};

/** Which alerts make their work order by themselves: none unless enabled, then those of these levels and types. */
export const autoFromAlertsSchema = z.object({
  enabled: z.boolean(),
  levels: z.array(z.enum(ALERT_LEVELS)),
  types: z.array(z.enum(ALERT_TYPES)),
});
export type AutoFromAlerts = z.infer<typeof autoFromAlertsSchema>;

/** The rule as a form sends it (each level and type once). */
export const autoFromAlertsBodySchema = z.object({
  enabled: z.boolean({ error: 'invalid' }),
  levels: z
    .array(z.enum(ALERT_LEVELS, { error: 'invalid' }), { error: 'invalid' })
    .transform((v) => [...new Set(v)]),
  types: z
    .array(z.enum(ALERT_TYPES, { error: 'invalid' }), { error: 'invalid' })
    .transform((v) => [...new Set(v)]),
});

export const workOrderSettingsSchema = z.object({
  projectId: z.number().int(),
  serviceLevels: serviceLevelsSchema,
  autoFromAlerts: autoFromAlertsSchema,
  /** 0 until saved once. */
  version: z.number().int(),
});
export type WorkOrderSettings = z.infer<typeof workOrderSettingsSchema>;

/** POST /sbuilding/workorder/settings: replaces the project's settings (`version` as read; 0 the first time). */
export const workOrderSettingsBodySchema = z.object({
  projectId: idSchema,
  serviceLevels: serviceLevelsSchema,
  autoFromAlerts: autoFromAlertsBodySchema,
  version: z.number({ error: 'required' }).int('invalid').min(0, 'invalid'),
});
export type WorkOrderSettingsBody = z.input<typeof workOrderSettingsBodySchema>;

/* ---------- Maintenance plans ---------- */

export const PLAN_INTERVAL_UNITS = ['days', 'weeks', 'months'] as const;
export type PlanIntervalUnit = (typeof PLAN_INTERVAL_UNITS)[number];

const nullableId = z
  .union([z.null(), idSchema])
  .optional()
  .transform((v) => v ?? null);

const planFields = {
  name: requiredText(100),
  description: optionalText(2000),
  priority: requiredEnum(WORK_ORDER_PRIORITIES).optional().default('normal'),
  /** Every device of this category in the project (or the building), at each run. */
  category: z
    .union([z.null(), z.enum(DEVICE_CATEGORIES, { error: 'invalid' })])
    .optional()
    .transform((v) => v ?? null),
  /** Or these devices (of the project). */
  deviceIds: z
    .array(idSchema, { error: 'invalid' })
    .max(200, 'tooLong')
    .optional()
    .default([])
    .transform((v) => [...new Set(v)]),
  /** Limits a category plan to one building. */
  buildingId: nullableId,
  interval: labelled(
    z.number({ error: 'required' }).int('invalid').min(1, 'outOfRange').max(365, 'outOfRange'),
    'planInterval',
  ),
  intervalUnit: labelled(requiredEnum(PLAN_INTERVAL_UNITS), 'planIntervalUnit'),
  /** The first run's local date, at `hour` o'clock on the project's clock. */
  startDate: labelled(isoDateSchema, 'planStartDate'),
  hour: z.number({ error: 'required' }).int('invalid').min(0, 'outOfRange').max(23, 'outOfRange').default(8),
  assigneeId: nullableId,
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
};

/** A plan names a device category or a list of devices, not both and not neither. */
function checkTargets(value: { category: string | null; deviceIds: number[] }, ctx: z.RefinementCtx) {
  if ((value.category === null) === (value.deviceIds.length === 0))
    ctx.addIssue({ code: 'custom', path: ['deviceIds'], message: 'planTargets' });
}

/** PUT /sbuilding/workorder/plan/create */
export const maintenancePlanCreateBodySchema = z
  .object({ projectId: idSchema, ...planFields })
  .superRefine(checkTargets);
export type MaintenancePlanCreateBody = z.input<typeof maintenancePlanCreateBodySchema>;

/** POST /sbuilding/workorder/plan/save/{id} */
export const maintenancePlanSaveBodySchema = z
  .object({
    version: z.number({ error: 'required' }).int('invalid').min(1, 'invalid'),
    ...planFields,
  })
  .superRefine(checkTargets);
export type MaintenancePlanSaveBody = z.input<typeof maintenancePlanSaveBodySchema>;
/** The console's plan form (project, id and version added by the page). */
export const maintenancePlanFormSchema = z.object(planFields).superRefine(checkTargets);

/** POST /sbuilding/workorder/plan/getList */
export const maintenancePlanListBodySchema = z.object({ projectId: idSchema });

export const maintenancePlanSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  description: z.string(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  category: z.enum(DEVICE_CATEGORIES).nullable(),
  deviceIds: z.array(z.number().int()),
  buildingId: z.number().int().nullable(),
  interval: z.number().int(),
  intervalUnit: z.enum(PLAN_INTERVAL_UNITS),
  startDate: z.string(),
  hour: z.number().int(),
  assigneeId: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The next run; work orders of a run are made once, whichever node makes them. */
  nextRunAt: timestampSchema,
  lastRunAt: timestampSchema.nullable(),
  version: z.number().int(),
});
export type MaintenancePlan = z.infer<typeof maintenancePlanSchema>;

/* ---------- Figures (the board card) ---------- */

/** GET /sbuilding/workorder/stats?projectId=…&months=…: the board card's figures. */
export const workOrderStatsQuerySchema = z.object({
  projectId: idSchema,
  /** How many months back `byMonth` goes, this one included. */
  months: z.coerce
    .number({ error: 'invalid' })
    .int('invalid')
    .min(1, 'outOfRange')
    .max(24, 'outOfRange')
    .default(12),
});
export type WorkOrderStatsQuery = z.input<typeof workOrderStatsQuerySchema>;

const figures = {
  /** Still to do (new, assigned, in progress, on hold). */
  open: z.number().int(),
  /** Still to do and past the due time. */
  overdue: z.number().int(),
  /** Resolved (or closed after a resolution) in the period. */
  resolved: z.number().int(),
  /** Mean time from creation to work starting (in progress), ms; null without any. */
  meanAcknowledgeMs: z.number().nullable(),
  /** Mean time from creation to resolution, ms; null without any. */
  meanResolveMs: z.number().nullable(),
  /** Share (0-1) of the resolved ones resolved within their service level; null without any. */
  withinSlaShare: z.number().nullable(),
};

export const workOrderStatsSchema = z.object({
  ...figures,
  byBuilding: z.array(
    z.object({ buildingId: z.number().int().nullable(), buildingName: z.string(), ...figures }),
  ),
  /** Per local month ('YYYY-MM'), oldest first: created that month, and resolutions of that month. */
  byMonth: z.array(
    z.object({
      month: z.string(),
      created: z.number().int(),
      resolved: z.number().int(),
      meanAcknowledgeMs: z.number().nullable(),
      meanResolveMs: z.number().nullable(),
      withinSlaShare: z.number().nullable(),
    }),
  ),
});
export type WorkOrderStats = z.infer<typeof workOrderStatsSchema>;
