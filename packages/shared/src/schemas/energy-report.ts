import { z } from 'zod';
import { LANGS } from '../constants.js';
import { BILL_LEVELS, billSchema } from './energy-billing.js';
import {
  idSchema,
  isoDateSchema,
  optionalText,
  requiredEnum,
  requiredText,
  versionSchema,
} from './fields.js';

/**
 * Scheduled energy reports and share links (issue 22). A schedule sends, weekly or monthly, the energy
 * report of the period just ended (consumption, cost, carbon and peak demand by building) and/or the bills
 * of its buildings through some of the project's notification channels: e-mail with PDFs attached, webhook
 * with share links. A share link opens one report or bill read-only, without a session, until it expires or
 * is revoked.
 */
export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** The energy periods a report covers (the board's WEEK and MONTH). */
export const REPORT_PERIODS = ['WEEK', 'MONTH'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const SHARE_KINDS = ['report', 'bill'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** How long the share link a webhook message carries stays open. */
export const SCHEDULED_LINK_DAYS = 30;

/**
 * How many times a scheduled run is claimed (the first claim and its retries) before it is given up: a node
 * that claimed it stopped, or ran past its lease, this many times without recording every channel's send.
 */
export const REPORT_RUN_ATTEMPTS = 3;

const scheduleFields = {
  projectId: idSchema,
  name: requiredText(50),
  frequency: requiredEnum(REPORT_FREQUENCIES),
  /** The project's local hour it is sent at (weekly: on Mondays; monthly: on the 1st). */
  hour: z.number({ error: 'invalid' }).int('invalid').min(0, 'outOfRange').max(23, 'outOfRange').default(8),
  includeReport: z.boolean({ error: 'invalid' }).default(true),
  includeBills: z.boolean({ error: 'invalid' }).default(false),
  /** The fault findings of the period (issue 38): what was found, what is still open, the costliest. */
  includeFaults: z.boolean({ error: 'invalid' }).default(false),
  channelIds: z
    .array(idSchema, { error: 'required' })
    .min(1, 'selectOne')
    .max(20, 'outOfRange')
    .transform((v) => [...new Set(v)]),
  /** The language of the attached PDFs (the e-mail text is in both). */
  lang: z.enum(LANGS, { error: 'invalid' }).default('EN'),
  enabled: z.boolean({ error: 'invalid' }).default(true),
};

function checkContents(
  value: { includeReport: boolean; includeBills: boolean; includeFaults: boolean },
  ctx: z.RefinementCtx,
) {
  if (!value.includeReport && !value.includeBills && !value.includeFaults)
    ctx.addIssue({ code: 'custom', path: ['includeReport'], message: 'reportContents' });
}

export const reportScheduleCreateBodySchema = z.object(scheduleFields).superRefine(checkContents);
export type ReportScheduleCreateBody = z.infer<typeof reportScheduleCreateBodySchema>;
export const reportScheduleUpdateBodySchema = z
  .object({ id: idSchema, version: versionSchema, ...scheduleFields })
  .superRefine(checkContents);
export type ReportScheduleUpdateBody = z.infer<typeof reportScheduleUpdateBodySchema>;
/** The console's schedule form (project, id and version are added by the page). */
export const reportScheduleFormSchema = z
  .object(scheduleFields)
  .omit({ projectId: true })
  .superRefine(checkContents);
export type ReportScheduleFormInput = z.input<typeof reportScheduleFormSchema>;

export const reportScheduleSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  hour: z.number().int(),
  includeReport: z.boolean(),
  includeBills: z.boolean(),
  includeFaults: z.boolean(),
  channelIds: z.array(z.number().int()),
  lang: z.enum(LANGS),
  enabled: z.boolean(),
  /** When it is sent next (ISO); computed from the last run, so a restart loses none. */
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  version: z.number().int(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** One send of a schedule to one channel: when, the period, ok or failed with the error. */
export const reportSendSchema = z.object({
  id: z.number().int(),
  scheduleId: z.number().int(),
  scheduleName: z.string(),
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  channelKind: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  /** Sent by "send now" (else by the schedule). */
  manual: z.boolean(),
  ok: z.boolean(),
  error: z.string(),
  /**
   * Never sent: the scheduled run was given up after `REPORT_RUN_ATTEMPTS` claims that did not complete (the
   * nodes sending it stopped mid-send); `ok` is false and `error` says so in English for the log.
   */
  gaveUp: z.boolean(),
  sentAt: z.string(),
});
export type ReportSend = z.infer<typeof reportSendSchema>;

/** GET …/schedule/list, …/send/list, …/share/list */
export const reportProjectQuerySchema = z.object({ projectId: idSchema });

/* ---------- The report ---------- */

/** The query of a report: a period (a week from Monday, or a month) given by any local date in it. */
export const energyReportQuerySchema = z.object({
  projectId: idSchema,
  period: z.enum(REPORT_PERIODS, { error: 'reportPeriod' }),
  anchor: isoDateSchema,
});
export type EnergyReportQuery = z.infer<typeof energyReportQuerySchema>;

const reportFigure = {
  kwh: z.number(),
  previousKwh: z.number(),
  cost: z.number(),
  previousCost: z.number(),
  carbon: z.number(),
  /** The highest 15-minute average kW of the channels together, and when its quarter began (local). */
  peakKw: z.number(),
  peakAt: z.string().nullable(),
};

export const energyReportSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  hasTariff: z.boolean(),
  hasFactor: z.boolean(),
  ...reportFigure,
  buildings: z.array(z.object({ buildingId: z.number().int(), name: z.string(), ...reportFigure })),
});
export type EnergyReport = z.infer<typeof energyReportSchema>;

/* ---------- Share links ---------- */

/** POST /sbuilding/energy/report/share: a report (period and anchor) or a bill (month, level, place). */
export const shareLinkCreateBodySchema = z
  .object({
    projectId: idSchema,
    kind: requiredEnum(SHARE_KINDS),
    label: optionalText(50),
    period: z.enum(REPORT_PERIODS, { error: 'reportPeriod' }).optional(),
    anchor: z.union([z.literal(''), isoDateSchema]).optional(),
    month: z.union([z.literal(''), z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'reportPeriod')]).optional(),
    level: z.enum(BILL_LEVELS, { error: 'invalid' }).optional(),
    nodeId: idSchema.optional(),
    /** The instant the link stops working (ISO with offset); must be in the future. */
    expiresAt: z.iso.datetime({ offset: true, error: 'invalid' }),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'report') {
      if (!v.period) ctx.addIssue({ code: 'custom', path: ['period'], message: 'reportPeriod' });
      if (!v.anchor) ctx.addIssue({ code: 'custom', path: ['anchor'], message: 'reportPeriod' });
    } else {
      if (!v.month) ctx.addIssue({ code: 'custom', path: ['month'], message: 'reportPeriod' });
      if (!v.nodeId) ctx.addIssue({ code: 'custom', path: ['nodeId'], message: 'required' });
    }
  });
export type ShareLinkCreateBody = z.infer<typeof shareLinkCreateBodySchema>;
export type ShareLinkCreateInput = z.input<typeof shareLinkCreateBodySchema>;

/** An expiry that has passed by `now` (the console checks it before sending; the server against its clock). */
export function expiryPassed(expiresAt: string, now: number): boolean {
  return Date.parse(expiresAt) <= now;
}

/** The longest a share link may stay open: a link is a door without a session, so it must close. */
export const SHARE_LINK_MAX_DAYS = 365;

/** An expiry further than SHARE_LINK_MAX_DAYS from `now` (year 9999 was accepted once). */
export function expiryTooFar(expiresAt: string, now: number): boolean {
  return Date.parse(expiresAt) > now + SHARE_LINK_MAX_DAYS * 86_400_000;
}

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export const shareLinkSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  label: z.string(),
  /** What it opens, in words the page shows: 'WEEK 2026-07-13' or 'building 3 2026-07'. */
  target: z.object({
    period: z.enum(REPORT_PERIODS).nullable(),
    anchor: z.string().nullable(),
    month: z.string().nullable(),
    level: z.enum(BILL_LEVELS).nullable(),
    nodeId: z.number().int().nullable(),
  }),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  status: z.enum(SHARE_STATUSES),
  /** Only in the answer that creates it: the token is stored hashed and cannot be shown again. */
  token: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** GET /sbuilding/public/share/{token}: what a share link opens, and nothing else. */
export const sharedViewSchema = z.object({
  kind: z.enum(SHARE_KINDS),
  projectName: z.string(),
  expiresAt: z.string(),
  report: energyReportSchema.nullable(),
  bill: billSchema.nullable(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

export const shareTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid'),
});
