import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { idSchema, optionalFilter, optionalText, versionSchema } from './fields.js';

/*
 * Fault detection and diagnostics (issue 38): rules that find waste and broken devices from what the platform
 * already knows (the devices' reports, the zones' occupancy, the project's calendar and tariff), findings that
 * say what each costs, and the moves people make on them. The server's module is apps/server/src/modules/fdd.
 */

/**
 * The rules, each with thresholds per project (FDD_RULE_DEFAULTS). What each finds:
 * - `lightsOnVacant`: a light on in a zone its motion sensors have seen empty for `vacantMinutes`, outside the
 *   project's work hours;
 * - `acOnVacant`: an air conditioner running in a zone empty for `vacantMinutes`, at any hour;
 * - `setpointPolicy`: an air conditioner cooling below `coolMin` °C or heating above `heatMax` °C;
 * - `heatCoolConflict`: one zone's air conditioners heating and cooling at once (the heating one is named);
 * - `sensorStuck`: a sensor reporting the very same values (every quantity it reports) at least `minReadings`
 *   times over `hours`;
 * - `sensorRange`: a sensor reading outside what the quantity can physically be (SENSOR_PHYSICAL_RANGES);
 * - `ignoresCommands`: a device whose last command (switch, brightness, setpoint) it took, by its answer, while
 *   what it has reported for `graceMinutes` since says otherwise (and nobody changed it on the device since);
 * - `sensorDrift`: a sensor whose temperature differs from its zone's other readings of it (other sensors, the
 *   air conditioners' room temperature) by more than `maxDeltaC` °C, or its humidity from the zone's other
 *   sensors by more than `maxDeltaRh` %RH;
 * - `baseLoad`: a meter channel whose consumption in the last whole hour outside work hours (nights, weekends,
 *   holidays on the project's calendar) is `excessPercent` % and `minKw` kW above its own baseline: the median
 *   of the same hour on up to `baselineDays` earlier days that were also outside work hours (at least 3);
 * - `counterJump`: an energy counter that moved, within the last day, by more than `maxKw` kW could draw in
 *   an hour (a jump), or back (a drop the writer counts as a meter reset);
 * - `shortCycle`: an air conditioner switching itself on more than `maxStartsPerHour` times in the last hour.
 */
export const FDD_RULES = [
  'lightsOnVacant',
  'acOnVacant',
  'setpointPolicy',
  'heatCoolConflict',
  'sensorStuck',
  'sensorRange',
  'ignoresCommands',
  'sensorDrift',
  'baseLoad',
  'counterJump',
  'shortCycle',
] as const;
export type FddRule = (typeof FDD_RULES)[number];

/** Whether a text names a rule (a notification's stored rule). */
export function isFddRule(value: string): value is FddRule {
  return FDD_RULES.some((rule) => rule === value);
}

export const FDD_STATUSES = ['open', 'acknowledged', 'fixed', 'dismissed'] as const;
export type FddStatus = (typeof FDD_STATUSES)[number];

/** Statuses of a finding still to deal with: the rule keeps adding to its waste while the fault holds. */
export const ACTIVE_FDD_STATUSES: readonly FddStatus[] = ['open', 'acknowledged'];

/** Who moves a finding where: a person (acknowledge, fix, dismiss, reopen); the rule clears it by itself. */
const FDD_MOVES: Record<FddStatus, readonly FddStatus[]> = {
  open: ['acknowledged', 'fixed', 'dismissed'],
  acknowledged: ['open', 'fixed', 'dismissed'],
  fixed: ['open'],
  dismissed: ['open'],
};

/** The statuses a person may move a finding to from `from`. */
export function fddMoves(from: FddStatus): readonly FddStatus[] {
  return FDD_MOVES[from];
}

/** Thresholds of each rule (the project's own, else these defaults). */
export const fddRuleParamsSchemas = {
  lightsOnVacant: z.object({
    vacantMinutes: z.number().int('invalid').min(5, 'outOfRange').max(1440, 'outOfRange'),
  }),
  acOnVacant: z.object({
    vacantMinutes: z.number().int('invalid').min(5, 'outOfRange').max(1440, 'outOfRange'),
  }),
  setpointPolicy: z.object({
    coolMin: z.number().min(16, 'outOfRange').max(30, 'outOfRange'),
    heatMax: z.number().min(16, 'outOfRange').max(30, 'outOfRange'),
  }),
  heatCoolConflict: z.object({}),
  sensorStuck: z.object({
    hours: z.number().int('invalid').min(1, 'outOfRange').max(168, 'outOfRange'),
    minReadings: z.number().int('invalid').min(3, 'outOfRange').max(10_000, 'outOfRange'),
  }),
  sensorRange: z.object({}),
  ignoresCommands: z.object({
    graceMinutes: z.number().int('invalid').min(1, 'outOfRange').max(60, 'outOfRange'),
  }),
  sensorDrift: z.object({
    maxDeltaC: z.number().min(0.5, 'outOfRange').max(20, 'outOfRange'),
    maxDeltaRh: z.number().min(2, 'outOfRange').max(50, 'outOfRange'),
  }),
  baseLoad: z.object({
    excessPercent: z.number().int('invalid').min(5, 'outOfRange').max(1000, 'outOfRange'),
    minKw: z.number().min(0.05, 'outOfRange').max(10_000, 'outOfRange'),
    baselineDays: z.number().int('invalid').min(7, 'outOfRange').max(60, 'outOfRange'),
  }),
  counterJump: z.object({
    maxKw: z.number().min(1, 'outOfRange').max(1_000_000, 'outOfRange'),
  }),
  shortCycle: z.object({
    maxStartsPerHour: z.number().int('invalid').min(2, 'outOfRange').max(60, 'outOfRange'),
  }),
} satisfies Record<FddRule, z.ZodType>;

export type FddRuleParams = { [R in FddRule]: z.infer<(typeof fddRuleParamsSchemas)[R]> };

export const FDD_RULE_DEFAULTS: FddRuleParams = {
  lightsOnVacant: { vacantMinutes: 30 },
  acOnVacant: { vacantMinutes: 60 },
  setpointPolicy: { coolMin: 24, heatMax: 22 },
  heatCoolConflict: {},
  sensorStuck: { hours: 6, minReadings: 6 },
  sensorRange: {},
  ignoresCommands: { graceMinutes: 5 },
  sensorDrift: { maxDeltaC: 3, maxDeltaRh: 15 },
  baseLoad: { excessPercent: 30, minKw: 0.5, baselineDays: 14 },
  counterJump: { maxKw: 500 },
  shortCycle: { maxStartsPerHour: 6 },
};

/**
 * How long a rule's condition must hold before a finding is raised (beyond its own thresholds), minutes:
 * what the benchmark holds "time to detect" to, and the console states.
 */
export const FDD_RULE_DELAY_MINUTES: Record<FddRule, number> = {
  lightsOnVacant: 5,
  acOnVacant: 5,
  setpointPolicy: 15,
  heatCoolConflict: 15,
  sensorStuck: 5,
  sensorRange: 5,
  ignoresCommands: 5,
  // A sensor warming in the sun for a while is not a drift.
  sensorDrift: 60,
  // Two whole hours above the baseline (the rule judges the last whole hour, once an hour).
  baseLoad: 60,
  counterJump: 0,
  shortCycle: 15,
};

/** A finding whose condition has been gone this long is marked fixed by the rule (minutes). */
export const FDD_CLEAR_AFTER_MINUTES = 30;

/** What each sensor quantity can physically be; a reading outside is a broken sensor (sensorRange). */
export const SENSOR_PHYSICAL_RANGES: Record<string, { min: number; max: number }> = {
  temperature: { min: -40, max: 85 },
  roomTemp: { min: -40, max: 85 },
  humidity: { min: 0, max: 100 },
  co2: { min: 250, max: 10_000 },
  ch2o: { min: 0, max: 5 },
};

/** The quantities the sensor rules read. */
export const FDD_SENSOR_KEYS = Object.keys(SENSOR_PHYSICAL_RANGES);

/** GET /sbuilding/fdd/rule/list: each rule with the project's thresholds. */
export const fddRuleSettingSchema = z.object({
  rule: z.enum(FDD_RULES),
  enabled: z.boolean(),
  params: z.record(z.string(), z.number()),
  delayMinutes: z.number().int(),
  version: z.number().int(),
});
export type FddRuleSetting = z.infer<typeof fddRuleSettingSchema>;

export const fddRuleListQuerySchema = z.object({ projectId: idSchema });

/** POST /sbuilding/fdd/rule/save/{projectId}: one rule's switch and thresholds. */
export const fddRuleSaveBodySchema = z
  .object({
    rule: z.enum(FDD_RULES, { error: 'invalid' }),
    enabled: z.boolean({ error: 'invalid' }),
    params: z.record(z.string(), z.number({ error: 'invalid' }), { error: 'invalid' }),
    version: versionSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const parsed = fddRuleParamsSchemas[body.rule].strict().safeParse(body.params);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path.map(String)] });
    if (body.rule === 'setpointPolicy' && parsed.success) {
      const p = body.params;
      if ((p.heatMax ?? 0) > (p.coolMin ?? 0))
        ctx.addIssue({ code: 'custom', message: 'invalid', path: ['params', 'heatMax'] });
    }
  });
export type FddRuleSaveBody = z.input<typeof fddRuleSaveBodySchema>;

/** What made a finding: the readings and context the rule read the last time it held. */
export const fddEvidenceSchema = z.object({
  /** The device's readings that the rule read (key → value). */
  readings: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  /** Since when the zone has had no motion (ISO), for the occupancy rules. */
  vacantSince: z.string().nullable().optional(),
  /** Whether the hour was within the project's work hours. */
  workHours: z.boolean().nullable().optional(),
  /** The draw the fault adds now, W. */
  wasteWatts: z.number(),
  /** A threshold or limit the rule compared with (the policy's setpoint, the physical range …). */
  limit: z.string().optional(),
  /** The hour judged (its start, ISO) and what was used in it, kWh: baseLoad. */
  hour: z.string().optional(),
  hourKwh: z.number().optional(),
  /** What the rule compared with: the baseline of that hour, kWh (baseLoad), the zone's other readings (sensorDrift). */
  baseline: z.number().optional(),
  /** Starts over the last hour (shortCycle). */
  starts: z.number().int().optional(),
  /** The counter's step (counterJump): its key, the readings before and after, when. */
  jump: z.object({ key: z.string(), from: z.number(), to: z.number(), at: z.string() }).optional(),
  /** The one command that ends the fault, when one does. */
  fix: z
    .object({ key: z.string(), value: z.union([z.number(), z.boolean()]) })
    .nullable()
    .optional(),
});
export type FddEvidence = z.infer<typeof fddEvidenceSchema>;

/** A finding: one fault of one device, raised once and kept until it clears or a person closes it. */
export const fddFindingSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  rule: z.enum(FDD_RULES),
  deviceId: z.number().int(),
  deviceName: z.string(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string(),
  status: z.enum(FDD_STATUSES),
  /** Why a person dismissed it (not a fault), or what they noted on another move. */
  reason: z.string(),
  /** Whether the rule cleared it by itself (the condition gone), or a person said it was fixed. */
  clearedByRule: z.boolean(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  /** Energy the fault has wasted so far, kWh, at the tariff of each hour (cost) and the grid's factor (kgCO2e). */
  wasteKwh: z.number(),
  wasteCost: z.number(),
  wasteCo2: z.number(),
  /** The waste per day while it holds (so far over the days seen, at least one), kWh and money. */
  wasteKwhPerDay: z.number(),
  wasteCostPerDay: z.number(),
  evidence: fddEvidenceSchema,
  /** Whether one click can fix it (a command to the device), and the command. */
  fix: z.object({ key: z.string(), value: z.union([z.number(), z.boolean()]) }).nullable(),
  /** When a person last asked for the fix (the rule checks it again). */
  fixRequestedAt: z.string().nullable(),
  /** The work order made from it (one click), if any. */
  workOrderId: z.number().int().nullable(),
  version: z.number().int(),
});
export type FddFinding = z.infer<typeof fddFindingSchema>;

/** POST /sbuilding/fdd/finding/getList: a project's findings, by status, building and rule; costliest first. */
export const fddFindingListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  status: optionalFilter(z.enum(FDD_STATUSES, { error: 'invalid' })),
  /** Open and acknowledged only (the default view). */
  active: z
    .union([z.literal(''), z.null(), z.boolean({ error: 'invalid' })])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  buildingId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  rule: optionalFilter(z.enum(FDD_RULES, { error: 'invalid' })),
});
export type FddFindingListBody = z.input<typeof fddFindingListBodySchema>;

/** POST /sbuilding/fdd/finding/transition/{id}: a person's move; dismissing says why. */
export const fddTransitionBodySchema = z
  .object({
    to: z.enum(FDD_STATUSES, { error: 'invalid' }),
    reason: optionalText(500),
    version: versionSchema,
  })
  .superRefine((body, ctx) => {
    if (body.to === 'dismissed' && body.reason === '')
      ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'] });
  });
export type FddTransitionBody = z.input<typeof fddTransitionBodySchema>;

export const FDD_SUMMARY_PERIODS = ['MONTH', 'YEAR'] as const;

/** GET /sbuilding/fdd/summary: the waste of a project's findings over the period so far. */
export const fddSummaryQuerySchema = z.object({
  projectId: idSchema,
  period: z.enum(FDD_SUMMARY_PERIODS, { error: 'invalid' }).optional().default('MONTH'),
});

export const fddSummarySchema = z.object({
  period: z.enum(FDD_SUMMARY_PERIODS),
  from: z.string(),
  /** Findings still to deal with (open or acknowledged). */
  active: z.number().int(),
  /** Waste of every finding seen in the period (any status), and the part still running per day. */
  wasteKwh: z.number(),
  wasteCost: z.number(),
  wasteCo2: z.number(),
  activeCostPerDay: z.number(),
  byRule: z.array(
    z.object({
      rule: z.enum(FDD_RULES),
      count: z.number().int(),
      wasteKwh: z.number(),
      wasteCost: z.number(),
    }),
  ),
  byBuilding: z.array(
    z.object({
      buildingId: z.number().int().nullable(),
      buildingName: z.string(),
      count: z.number().int(),
      wasteKwh: z.number(),
      wasteCost: z.number(),
    }),
  ),
});
export type FddSummary = z.infer<typeof fddSummarySchema>;

/** How many of a period's costliest findings a scheduled report names. */
export const FDD_DIGEST_TOP = 5;

/**
 * The fault findings of a scheduled report's period (the `faults` of its webhook message, the lines of its
 * e-mail): findings raised in the period, those still to deal with now, the waste of the findings seen in the
 * period (so far, kWh, money, kgCO2e), and the costliest per day of them.
 */
export const fddDigestSchema = z.object({
  from: z.string(),
  to: z.string(),
  raised: z.number().int(),
  active: z.number().int(),
  wasteKwh: z.number(),
  wasteCost: z.number(),
  wasteCo2: z.number(),
  top: z.array(
    z.object({
      id: z.number().int(),
      rule: z.enum(FDD_RULES),
      deviceName: z.string(),
      buildingName: z.string(),
      zoneName: z.string(),
      status: z.enum(FDD_STATUSES),
      wasteKwhPerDay: z.number(),
      wasteCostPerDay: z.number(),
    }),
  ),
});
export type FddDigest = z.infer<typeof fddDigestSchema>;
