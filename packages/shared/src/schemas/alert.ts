import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { DEVICE_CATEGORIES, MODEL_IDS, type DeviceCategory } from '../devices/types.js';
import { idSchema, optionalFilter, requiredEnum, timestampSchema, versionSchema } from './fields.js';
import { thresholdDetailSchema } from './alert-rule.js';

/** Alert levels (spec section 3). `complete` is part of the vocabulary; detection never raises it. */
export const ALERT_LEVELS = ['urgent', 'secondary', 'general', 'complete'] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** Alert statuses (spec section 4): alerting moves to processed or ignored, and nothing else. */
export const ALERT_STATUSES = ['alerting', 'processed', 'ignored'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/**
 * What raised an alert. The spec names one type (device offline); `threshold` is raised by the alert rules
 * (alert-rule.ts). One open alert per device and type; for threshold alerts per device and rule.
 */
export const ALERT_TYPES = ['offline', 'threshold'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Solution choices (spec section 4). `backOnline` and `faultRecovery` are what the system resolves with. */
export const ALERT_SOLUTIONS = [
  'externalCauses',
  'testReason',
  'replaceDevice',
  'repairDevice',
  'cannotReproduce',
  'refuseHandle',
  'deviceDeletion',
  'backOnline',
  'faultRecovery',
] as const;
export type AlertSolution = (typeof ALERT_SOLUTIONS)[number];

/** What a history entry records, beyond its from/to status. */
export const ALERT_EVENTS = [
  'raised',
  'offlineAgain',
  'backOnline',
  /** A threshold rule's condition held again while its alert was still open (or after a restart). */
  'thresholdAgain',
  /** A threshold rule's reading came back past the threshold and deadband: resolved with faultRecovery. */
  'recovered',
  'processed',
  'ignored',
  'ignoredAll',
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];

/** Categories whose loss cuts off the devices behind them. */
const GATEWAY_CATEGORIES: readonly DeviceCategory[] = ['bleGateway', 'acGateway', 'gateway4g', 'fieldBridge'];
/** Categories that cost comfort or metering when they are gone. */
const SECONDARY_CATEGORIES: readonly DeviceCategory[] = ['ac', 'ammeter'];

/**
 * The one rule of an offline alert's level: a gateway is urgent (everything behind it is cut off), an AC
 * unit or an ammeter secondary, anything else (one light, one sensor) general.
 */
export function offlineAlertLevel(category: DeviceCategory): AlertLevel {
  if (GATEWAY_CATEGORIES.includes(category)) return 'urgent';
  if (SECONDARY_CATEGORIES.includes(category)) return 'secondary';
  return 'general';
}

const optionalId = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));

/** The alarm board's filter: one project, and optionally level, status, type, place and alert-time range. */
export const alertFilterSchema = z.object({
  projectId: idSchema,
  level: optionalFilter(z.enum(ALERT_LEVELS, { error: 'invalid' })),
  status: optionalFilter(z.enum(ALERT_STATUSES, { error: 'invalid' })),
  type: optionalFilter(z.enum(ALERT_TYPES, { error: 'invalid' })),
  buildingId: optionalId,
  floorId: optionalId,
  /** ISO timestamps bounding the alert time. */
  from: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
  to: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
});
export type AlertFilterBody = z.input<typeof alertFilterSchema>;
export type AlertFilter = z.infer<typeof alertFilterSchema>;

/** POST /sbuilding/alert/getList: a page of alerts, newest first. */
export const alertListBodySchema = pagingSchema.extend(alertFilterSchema.shape);
export type AlertListBody = z.input<typeof alertListBodySchema>;
export type AlertListFilter = z.infer<typeof alertListBodySchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  model: z.enum(MODEL_IDS).nullable(),
  category: z.enum(DEVICE_CATEGORIES).nullable(),
  buildingId: z.number().int().nullable(),
  floorId: z.number().int().nullable(),
  level: z.enum(ALERT_LEVELS),
  status: z.enum(ALERT_STATUSES),
  type: z.enum(ALERT_TYPES),
  address: z.string(),
  positionName: z.string(),
  object: z.string(),
  alertTime: timestampSchema,
  lastTelemetryAt: timestampSchema.nullable(),
  solution: z.enum(ALERT_SOLUTIONS).nullable(),
  resolvedAt: timestampSchema.nullable(),
  version: z.number().int(),
  updatedAt: timestampSchema,
  /** The rule that raised a threshold alert (null for other types, or once the rule is deleted). */
  ruleId: z.number().int().nullable(),
  /** The reading that raised a threshold alert (the latest one when its condition held again). */
  value: z.number().nullable(),
  /** The rule's name, key, unit and threshold as they were when the alert was raised. */
  threshold: thresholdDetailSchema.nullable(),
  /** The alert's work order (issue 37), when it has one. */
  workOrderId: z.number().int().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  /** Null when the system made the change (detection, auto-resolution). */
  userId: z.number().int().nullable(),
  userName: z.string(),
  fromStatus: z.enum(ALERT_STATUSES).nullable(),
  toStatus: z.enum(ALERT_STATUSES),
  solution: z.enum(ALERT_SOLUTIONS).nullable(),
  event: z.enum(ALERT_EVENTS),
});
export type AlertHistoryEntry = z.infer<typeof alertHistoryEntrySchema>;

export const alertDetailSchema = alertSchema.extend({ history: z.array(alertHistoryEntrySchema) });
export type AlertDetail = z.infer<typeof alertDetailSchema>;

/** POST /sbuilding/alert/process/{id}: solution and date are required (spec section 5). */
export const alertProcessBodySchema = z.object({
  version: versionSchema,
  solution: requiredEnum(ALERT_SOLUTIONS),
  /** When it was resolved (ISO timestamp). */
  date: z.iso.datetime({ offset: true, error: (issue) => (issue.input ? 'invalid' : 'required') }),
});
export type AlertProcessBody = z.input<typeof alertProcessBodySchema>;

/** POST /sbuilding/alert/ignore/{id}. */
export const alertIgnoreBodySchema = z.object({ version: versionSchema });
export type AlertIgnoreBody = z.input<typeof alertIgnoreBodySchema>;

/** POST /sbuilding/alert/ignoreAll: how many alerts were ignored. */
export const alertIgnoreAllResultSchema = z.object({ count: z.number().int() });

/** POST /sbuilding/alert/counts: alerts of the filter by level. */
/**
 * The alarm board's cards: open alerts by level (with a status filter, that status's), the resolved ones
 * (processed or ignored) apart, and every alert of the filter.
 */
export const alertCountsSchema = z.object({
  urgent: z.number().int(),
  secondary: z.number().int(),
  general: z.number().int(),
  complete: z.number().int(),
  resolved: z.number().int(),
  total: z.number().int(),
});
export type AlertCounts = z.infer<typeof alertCountsSchema>;
