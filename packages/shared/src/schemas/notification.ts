import { z } from 'zod';
import { labelled } from '../i18n/field-label.js';
import { pagingSchema } from '../envelope.js';
import { isEmail } from '../validators.js';
import { ALERT_LEVELS, ALERT_STATUSES, ALERT_TYPES } from './alert.js';
import { COMMAND_RESULTS } from './command.js';
import { COMMAND_METHODS } from '../devices/types.js';
import { SCENE_REASONS, SCENE_RUN_OUTCOMES, SCENE_RUN_TRIGGERS } from './scene/runs.js';
import { WORK_ORDER_PRIORITIES, WORK_ORDER_SOURCES, WORK_ORDER_STATUSES } from './work-order.js';
import {
  idSchema,
  optionalFilter,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/**
 * Notification channels (issue 7): in-app notice is always on (the badge and the alarm board); a project
 * may add webhook and e-mail channels, each for some alert levels and events.
 */
export const NOTIFICATION_KINDS = ['webhook', 'email'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What happened to an alert: raised (or raised again: a flapping device), resolved by the system (the
 * device came back), processed by a person (processed, ignored, or the device deleted); or a scene ran
 * (`sceneRun`: its commands were sent, by its trigger or a person; skips are not notified); or a work order
 * was created, assigned, went past its due time (the project's escalation: once per work order and cycle) or
 * was resolved (issue 37); or a fault finding was raised or fixed (issue 38: fixed by a person or cleared by its
 * rule). Alert levels filter the alert events only.
 */
export const NOTIFICATION_EVENTS = [
  'raised',
  'resolved',
  'processed',
  'sceneRun',
  'workOrderCreated',
  'workOrderAssigned',
  'workOrderOverdue',
  'workOrderResolved',
  'faultRaised',
  'faultFixed',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** A delivery waits (pending, also between retries), was accepted (sent), or gave up (failed). */
export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** At most this many e-mail recipients per channel. */
export const MAX_RECIPIENTS = 20;

/** The header carrying the webhook body's HMAC-SHA256 (hex, prefixed 'sha256='), when the channel has a secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Sbuilding-Signature';

/** An absolute http(s) URL: scheme, a host (name, IPv4 or [IPv6]), optional port, path and query; no spaces. */
const WEBHOOK_URL =
  /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

export function isWebhookUrl(value: string): boolean {
  return WEBHOOK_URL.test(value);
}

const emailAddress = z
  .string({ error: 'invalid' })
  .trim()
  .max(100, 'tooLong')
  .refine((v) => isEmail(v), 'email');

const channelFields = {
  projectId: idSchema,
  name: requiredText(50),
  kind: requiredEnum(NOTIFICATION_KINDS),
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
  levels: z
    .array(z.enum(ALERT_LEVELS, { error: 'invalid' }), { error: 'required' })
    .min(1, 'selectOne')
    .transform((v) => [...new Set(v)]),
  events: z
    .array(z.enum(NOTIFICATION_EVENTS, { error: 'invalid' }), { error: 'required' })
    .min(1, 'selectOne')
    .transform((v) => [...new Set(v)]),
  /** Webhook: where to POST. */
  url: optionalText(500),
  /** Webhook: signs the body when set. On update, '' keeps the stored secret (see `clearSecret`). */
  secret: optionalText(200),
  /** E-mail: who receives. */
  recipients: z
    .array(emailAddress, { error: 'invalid' })
    .max(MAX_RECIPIENTS, 'maxRecipients')
    .optional()
    .default([]),
};

/** The per-kind rules: a webhook needs an http(s) URL, an e-mail channel at least one recipient. */
function checkKind(
  value: { kind: NotificationKind; url: string; recipients: string[] },
  ctx: z.RefinementCtx,
) {
  if (value.kind === 'webhook') {
    if (value.url === '') ctx.addIssue({ code: 'custom', path: ['url'], message: 'required' });
    else if (!isWebhookUrl(value.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: 'webhookUrl' });
  } else if (value.recipients.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['recipients'], message: 'required' });
  }
}

export const channelCreateBodySchema = z.object(channelFields).superRefine(checkKind);
export type ChannelCreateBody = z.infer<typeof channelCreateBodySchema>;
export const channelUpdateBodySchema = z
  .object({
    id: idSchema,
    version: versionSchema,
    /** Removes the stored secret (a blank `secret` alone keeps it). */
    clearSecret: z.boolean({ error: 'invalid' }).optional().default(false),
    ...channelFields,
  })
  .superRefine(checkKind);
export type ChannelUpdateBody = z.infer<typeof channelUpdateBodySchema>;
/** The console's channel form (project, id and version are added by the page). */
export const channelFormSchema = z.object(channelFields).omit({ projectId: true }).superRefine(checkKind);

/** POST /sbuilding/notification/channel/list */
export const channelListBodySchema = z.object({ projectId: idSchema });

export const notificationChannelSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  enabled: z.boolean(),
  levels: z.array(z.enum(ALERT_LEVELS)),
  events: z.array(z.enum(NOTIFICATION_EVENTS)),
  url: z.string(),
  /** The secret itself is never returned. */
  hasSecret: z.boolean(),
  recipients: z.array(z.string()),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** POST /sbuilding/notification/channel/test/{id}: what sending a test message now gave. */
export const channelTestResultSchema = z.object({
  ok: z.boolean(),
  /** The webhook's answer status (null for e-mail or when no answer came). */
  httpStatus: z.number().int().nullable(),
  error: z.string(),
  durationMs: z.number().int(),
});
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

/** POST /sbuilding/notification/delivery/list: the delivery log of a project, newest first. */
export const deliveryListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  channelId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  status: optionalFilter(z.enum(DELIVERY_STATUSES, { error: 'invalid' })),
});
export type DeliveryListBody = z.input<typeof deliveryListBodySchema>;
export type DeliveryListFilter = z.infer<typeof deliveryListBodySchema>;

export const notificationDeliverySchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  channelName: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The alert (null for a scene run). */
  alertId: z.number().int().nullable(),
  /** The alert's object, the scene's name for a scene run, the work order's title for a work-order event. */
  alertObject: z.string(),
  /** The scene run (null for an alert event). */
  sceneRunId: z.number().int().nullable(),
  /** The work order (null unless a work-order event). */
  workOrderId: z.number().int().nullable(),
  event: z.enum(NOTIFICATION_EVENTS),
  /** The alert's level (null for a scene run). */
  level: z.enum(ALERT_LEVELS).nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string(),
  httpStatus: z.number().int().nullable(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
  sentTime: timestampSchema.nullable(),
  /** When a pending delivery is tried next. */
  nextAttemptTime: timestampSchema.nullable(),
});
export type NotificationDelivery = z.infer<typeof notificationDeliverySchema>;

/* ---------- SMTP settings (system config, platform administrator) ---------- */

/** PUT /system/config/smtp. A blank password keeps the stored one. */
export const smtpSettingsBodySchema = z.object({
  host: requiredText(255),
  port: z.coerce.number({ error: 'required' }).int('portRange').min(1, 'portRange').max(65535, 'portRange'),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean({ error: 'invalid' }).optional().default(false),
  user: optionalText(255),
  password: optionalText(255),
  // The sender's address; `from` elsewhere is where a period starts.
  from: labelled(
    z
      .string({ error: (i) => (i.input == null ? 'required' : 'invalid') })
      .trim()
      .min(1, 'required')
      .max(255, 'tooLong')
      .refine((v) => isEmail(v), 'email'),
    'fromAddress',
  ),
});
export type SmtpSettingsBody = z.infer<typeof smtpSettingsBodySchema>;

/** GET /system/config/smtp: the settings without the password (`passwordSet` tells whether one is stored). */
export const smtpSettingsSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  user: z.string(),
  passwordSet: z.boolean(),
  from: z.string(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

/** Kept for the response of GET when nothing is configured yet. */
export const smtpSettingsOrNullSchema = smtpSettingsSchema.nullable();

/** What a `sceneRun` notification says about the run (the scheduling log's row, /job/log). */
export const webhookSceneRunSchema = z.object({
  /** The scheduling log row. */
  runId: z.number().int(),
  /** Null when the scene was deleted since. */
  sceneId: z.number().int().nullable(),
  sceneName: z.string(),
  /** manual: executed by a person (the console or the mini-program); the others: by the scene's trigger. */
  trigger: z.enum(SCENE_RUN_TRIGGERS),
  /** ran: every device was set; failed: some device was not (reason commandFailed). */
  outcome: z.enum(SCENE_RUN_OUTCOMES),
  reason: z.enum(SCENE_REASONS).nullable(),
  /** When it started, ISO 8601. */
  startedAt: z.string(),
  durationMs: z.number().int(),
  /** Who executed it (a manual run), or the scene's name for an automatic one. */
  userName: z.string(),
  /** Each device's result. */
  commands: z.array(
    z.object({
      deviceId: z.number().int(),
      deviceName: z.string(),
      method: z.enum(COMMAND_METHODS),
      result: z.enum(COMMAND_RESULTS),
      message: z.string(),
    }),
  ),
});
export type WebhookSceneRun = z.infer<typeof webhookSceneRunSchema>;

/** What a work-order notification says about the work order (issue 37). */
export const webhookWorkOrderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  source: z.enum(WORK_ORDER_SOURCES),
  /** Building / floor / room / device, as far as it is known. */
  place: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string(),
  reporterName: z.string(),
  /** ISO 8601; null while its service-level clock stands (on hold). */
  dueAt: z.string().nullable(),
  overdueAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** The alert it was made from. */
  alertId: z.number().int().nullable(),
});
export type WebhookWorkOrder = z.infer<typeof webhookWorkOrderSchema>;

/** What a fault notification says about the finding (issue 38), as it was at the event. */
export const webhookFaultSchema = z.object({
  id: z.number().int(),
  /** The rule (FDD_RULES) that found it. */
  rule: z.string(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  /** Building / room, as far as it is known. */
  place: z.string(),
  status: z.string(),
  /** When it was raised or fixed, ISO 8601. */
  at: z.string(),
  firstSeen: z.string(),
  /** What it has wasted so far, kWh and money, and per day while it holds. */
  wasteKwh: z.number(),
  wasteCost: z.number(),
  wasteKwhPerDay: z.number(),
});
export type WebhookFault = z.infer<typeof webhookFaultSchema>;

/**
 * The JSON body a webhook channel POSTs (issue 24 describes it in the OpenAPI document). A device going
 * offline is an alert of type `offline` being raised; its coming back resolves that alert. A scene run
 * carries `scene` (and `alert` null, `level` null); an alert event carries `alert` (and `scene` null).
 */
export const webhookMessageSchema = z
  .object({
    /** The delivery log row, also sent as X-Sbuilding-Delivery: receivers de-duplicate on it (null: test). */
    deliveryId: z.number().int().nullable(),
    event: z.enum([...NOTIFICATION_EVENTS, 'test']),
    /** When it happened (the alert history entry's time), ISO 8601. */
    time: z.string(),
    level: z.enum(ALERT_LEVELS).nullable(),
    project: z.object({ id: z.number().int(), name: z.string() }),
    alert: z
      .object({
        id: z.number().int(),
        level: z.enum(ALERT_LEVELS),
        status: z.enum(ALERT_STATUSES),
        type: z.enum(ALERT_TYPES),
        deviceName: z.string(),
        object: z.string(),
        address: z.string(),
        positionName: z.string(),
        alertTime: z.string(),
        resolvedAt: z.string().nullable(),
        solution: z.string().nullable(),
      })
      .nullable(),
    scene: webhookSceneRunSchema.nullable(),
    workOrder: webhookWorkOrderSchema.nullable(),
    fault: webhookFaultSchema.nullable(),
  })
  .meta({
    description:
      'raised: an alert opened (or opened again); resolved: the system closed it (a device back online, a ' +
      'reading back to normal); processed: a person handled or ignored it; sceneRun: a scene ran (scene set, ' +
      'alert and level null); workOrderCreated, workOrderAssigned, workOrderOverdue (past its due time: the ' +
      "project's escalation, sent once), workOrderResolved: a work order (workOrder set, alert, scene and level " +
      'null); faultRaised, faultFixed: a fault finding shown or closed (fault set, the others null); test: the ' +
      'channel test (alert, scene, workOrder and fault null).',
    example: {
      deliveryId: 42,
      event: 'raised',
      time: '2026-11-23T08:15:00.000Z',
      level: 'urgent',
      project: { id: 1, name: 'Demo Campus' },
      alert: {
        id: 7,
        level: 'urgent',
        status: 'alerting',
        type: 'offline',
        deviceName: 'A-1F light 3',
        object: 'A-1F light 3',
        address: 'Building A / 1F',
        positionName: 'Room 101',
        alertTime: '2026-11-23T08:15:00.000Z',
        resolvedAt: null,
        solution: null,
      },
      scene: null,
      workOrder: null,
      fault: null,
    },
  });
export type WebhookMessage = z.infer<typeof webhookMessageSchema>;
