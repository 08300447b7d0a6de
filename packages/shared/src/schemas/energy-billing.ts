import { z } from 'zod';
import { idSchema, isoDateSchema, optionalText, requiredEnum, requiredText } from './fields.js';

/* ---------- Tariffs (issue 22) ---------- */

/** China's five time-of-use periods, dearest first; one letter each in a day's hour map. */
export const TOU_PERIODS = ['sharp', 'peak', 'flat', 'valley', 'deepValley'] as const;
export type TouPeriod = (typeof TOU_PERIODS)[number];
export const TOU_LETTER: Record<TouPeriod, string> = {
  sharp: 'S',
  peak: 'P',
  flat: 'F',
  valley: 'V',
  deepValley: 'D',
};

/** Flat (one price), tiered by the month's consumption, or time-of-use. */
export const TARIFF_KINDS = ['flat', 'tiered', 'tou'] as const;
export type TariffKind = (typeof TARIFF_KINDS)[number];

const price = z.number({ error: 'required' }).min(0, 'nonNegative').max(1_000_000, 'outOfRange');
const hour = (min: number, max: number) =>
  z.number({ error: 'required' }).int('invalid').min(min, 'outOfRange').max(max, 'outOfRange');

/** Hours [from, to) of the local day in one period: 0-24, whole hours (the hourly rollups are priced). */
export const tariffHoursSchema = z.object({
  period: requiredEnum(TOU_PERIODS),
  from: hour(0, 23),
  to: hour(1, 24),
});
export type TariffHours = z.infer<typeof tariffHoursSchema>;

/**
 * A season: the months it covers and its hours on working days and on rest days (weekends and the
 * calendar's holidays, extra working days work). An empty `restDay` list means the working-day hours.
 */
export const tariffSeasonSchema = z.object({
  name: optionalText(30),
  months: z.array(z.number().int('invalid').min(1, 'invalid').max(12, 'invalid')).min(1, 'required'),
  workday: z.array(tariffHoursSchema).max(24, 'tooLong'),
  restDay: z.array(tariffHoursSchema).max(24, 'tooLong').default([]),
});
export type TariffSeason = z.infer<typeof tariffSeasonSchema>;

/** A tier: kWh of the month up to `upToKwh` (null: the rest) at `price`. */
export const tariffTierSchema = z.object({
  upToKwh: z.number().positive('invalid').nullable(),
  price,
});
export type TariffTier = z.infer<typeof tariffTierSchema>;

export const fixedChargeSchema = z.object({ name: requiredText(40), amount: price });

export const touPricesSchema = z.object({
  sharp: price,
  peak: price,
  flat: price,
  valley: price,
  deepValley: price,
});
export type TouPrices = z.infer<typeof touPricesSchema>;

const tariffFields = {
  projectId: idSchema,
  name: requiredText(50),
  /** The plan applies from this local date until the next plan's. */
  validFrom: isoDateSchema,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'invalid')
    .default('CNY'),
  kind: requiredEnum(TARIFF_KINDS),
  /** flat: price per kWh. */
  flatPrice: price.nullable().default(null),
  /** tiered: rising `upToKwh`, the last one null. */
  tiers: z.array(tariffTierSchema).max(10, 'tooLong').default([]),
  /** tou: price per kWh of each period, and the seasons' hours. */
  prices: touPricesSchema.nullable().default(null),
  seasons: z.array(tariffSeasonSchema).max(12, 'tooLong').default([]),
  /** Per kW of the month's peak demand. */
  demandChargePerKw: price.default(0),
  /** Per month. */
  fixedCharges: z.array(fixedChargeSchema).max(10, 'tooLong').default([]),
};

type TariffShape = z.infer<z.ZodObject<typeof tariffFields>>;

/** Checks one day's hours: no overlap, every hour 0-24 covered. */
function checkDay(hours: readonly TariffHours[], path: (string | number)[], ctx: z.RefinementCtx): void {
  const taken = new Array<boolean>(24).fill(false);
  hours.forEach((h, i) => {
    if (h.to <= h.from) {
      ctx.addIssue({ code: 'custom', message: 'endAfterStart', path: [...path, i, 'to'] });
      return;
    }
    for (let x = h.from; x < h.to; x++) {
      if (taken[x]) {
        ctx.addIssue({ code: 'custom', message: 'periodsOverlap', path: [...path, i, 'from'] });
        return;
      }
      taken[x] = true;
    }
  });
  if (taken.some((t) => !t)) ctx.addIssue({ code: 'custom', message: 'hoursNotCovered', path });
}

function checkTariff(t: TariffShape, ctx: z.RefinementCtx): void {
  if (t.kind === 'flat' && t.flatPrice === null) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['flatPrice'] });
  }
  if (t.kind === 'tiered') {
    if (t.tiers.length === 0) ctx.addIssue({ code: 'custom', message: 'required', path: ['tiers'] });
    let last = 0;
    t.tiers.forEach((tier, i) => {
      const isLast = i === t.tiers.length - 1;
      if (isLast ? tier.upToKwh !== null : tier.upToKwh === null || tier.upToKwh <= last) {
        ctx.addIssue({ code: 'custom', message: 'tiersRise', path: ['tiers', i, 'upToKwh'] });
      }
      last = tier.upToKwh ?? last;
    });
  }
  if (t.kind === 'tou') {
    if (t.prices === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['prices'] });
    if (t.seasons.length === 0) ctx.addIssue({ code: 'custom', message: 'required', path: ['seasons'] });
    const months = new Array<number>(13).fill(0);
    t.seasons.forEach((season, i) => {
      for (const m of season.months) months[m] = (months[m] ?? 0) + 1;
      checkDay(season.workday, ['seasons', i, 'workday'], ctx);
      if (season.restDay.length > 0) checkDay(season.restDay, ['seasons', i, 'restDay'], ctx);
    });
    if (t.seasons.length > 0 && months.slice(1).some((n) => n !== 1)) {
      ctx.addIssue({ code: 'custom', message: 'monthsNotCovered', path: ['seasons'] });
    }
  }
}

/** POST /sbuilding/energy/tariff */
export const tariffCreateBodySchema = z.object(tariffFields).superRefine(checkTariff);
export type TariffCreateBody = z.infer<typeof tariffCreateBodySchema>;
export type TariffCreateInput = z.input<typeof tariffCreateBodySchema>;

/** PUT /sbuilding/energy/tariff */
export const tariffUpdateBodySchema = z.object({ ...tariffFields, id: idSchema }).superRefine(checkTariff);
export type TariffUpdateBody = z.infer<typeof tariffUpdateBodySchema>;

/** A stored plan (what the calls answer). */
export const tariffSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  validFrom: z.string(),
  currency: z.string(),
  kind: z.enum(TARIFF_KINDS),
  flatPrice: z.number().nullable(),
  tiers: z.array(tariffTierSchema),
  prices: touPricesSchema.nullable(),
  seasons: z.array(
    z.object({
      name: z.string(),
      months: z.array(z.number().int()),
      workday: z.array(tariffHoursSchema),
      restDay: z.array(tariffHoursSchema),
    }),
  ),
  demandChargePerKw: z.number(),
  fixedCharges: z.array(z.object({ name: z.string(), amount: z.number() })),
});
export type Tariff = z.infer<typeof tariffSchema>;

/** The pricing parts of a plan (what the arithmetic needs). */
export type TariffPlan = Pick<
  Tariff,
  'kind' | 'flatPrice' | 'tiers' | 'prices' | 'seasons' | 'demandChargePerKw' | 'fixedCharges'
>;

export const energyProjectQuerySchema = z.object({ projectId: idSchema });

/** GET /sbuilding/energy/tariff/day?projectId&date: the periods of one local day. */
export const tariffDayQuerySchema = z.object({ projectId: idSchema, date: isoDateSchema });

export const tariffDaySchema = z.object({
  date: z.string(),
  /** Whether the project's calendar makes the day a working day (weekends and holidays rest). */
  workday: z.boolean(),
  holidayName: z.string().nullable(),
  /** The plan in force that day (null: none yet). */
  tariff: tariffSchema.nullable(),
  /** The period of each local hour 0-23 (all 'flat' for a flat or tiered plan; empty without a plan). */
  hours: z.array(z.enum(TOU_PERIODS)),
  /** Price per kWh of each hour (a tiered plan's first tier). */
  prices: z.array(z.number()),
});
export type TariffDay = z.infer<typeof tariffDaySchema>;

/**
 * The period of each local hour (0-23) of a day under a plan: the season holding the month, its working-day
 * or rest-day hours. A flat or tiered plan prices every hour alike ('flat').
 */
export function hoursOfDay(plan: Pick<TariffPlan, 'kind' | 'seasons'>, month: number, workday: boolean) {
  const out = new Array<TouPeriod>(24).fill('flat');
  if (plan.kind !== 'tou') return out;
  const season = plan.seasons.find((s) => s.months.includes(month));
  if (!season) return out;
  const hours = !workday && season.restDay.length > 0 ? season.restDay : season.workday;
  for (const h of hours) for (let x = h.from; x < h.to && x < 24; x++) out[x] = h.period;
  return out;
}

/* ---------- Grid emission factors ---------- */

/** A factor in force from a date: kgCO2e per kWh (China's grid: about 0.5-0.6). */
export const emissionFactorBodySchema = z.object({
  projectId: idSchema,
  validFrom: isoDateSchema,
  kgPerKwh: z.number({ error: 'required' }).min(0, 'outOfRange').max(2, 'outOfRange'),
});
export type EmissionFactorBody = z.infer<typeof emissionFactorBodySchema>;

export const emissionFactorSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  validFrom: z.string(),
  kgPerKwh: z.number(),
});
export type EmissionFactor = z.infer<typeof emissionFactorSchema>;

/* ---------- Cost on the energy board ---------- */

/** Cost and carbon of a kWh figure: money in the plan's currency, kgCO2e. */
export const energyCostSchema = z.object({
  cost: z.number(),
  carbon: z.number(),
});

/** One tariff period's share of a figure. */
export const energyPeriodCostSchema = z.object({
  period: z.enum(TOU_PERIODS),
  kwh: z.number(),
  cost: z.number(),
});
export type EnergyPeriodCost = z.infer<typeof energyPeriodCostSchema>;

/** A figure's cost and carbon in this period and the previous one, and this period's split by tariff period. */
const costFigure = {
  cost: z.number(),
  carbon: z.number(),
  previousCost: z.number(),
  previousCarbon: z.number(),
  periods: z.array(energyPeriodCostSchema),
};

/**
 * GET /sbuilding/board/energy/cost (the summary's query): the cost and carbon beside each kWh figure of the
 * board, keyed as the summary's (channel device ids, floor and building ids).
 */
export const energyBoardCostSchema = z.object({
  projectId: z.number().int(),
  currency: z.string(),
  /** Whether a tariff / an emission factor applies to any day of the two periods (else cost / carbon 0). */
  hasTariff: z.boolean(),
  hasFactor: z.boolean(),
  ...costFigure,
  buildings: z.array(z.object({ buildingId: z.number().int(), ...costFigure })),
  floors: z.array(
    z.object({ buildingId: z.number().int(), floorId: z.number().int().nullable(), ...costFigure }),
  ),
  channels: z.array(z.object({ deviceId: z.number().int(), ...costFigure })),
});
export type EnergyBoardCost = z.infer<typeof energyBoardCostSchema>;
export type EnergyCostFigure = Omit<
  EnergyBoardCost,
  'projectId' | 'currency' | 'hasTariff' | 'hasFactor' | 'buildings' | 'floors' | 'channels'
>;

/* ---------- Bills ---------- */

/** `node`: a node of the meter tree (a tenant unit, or any node, virtual meters included). */
export const BILL_LEVELS = ['building', 'floor', 'zone', 'node'] as const;
export type BillLevel = (typeof BILL_LEVELS)[number];

/** GET /sbuilding/energy/bills?projectId&month=YYYY-MM[&level&nodeId] */
export const billQuerySchema = z.object({
  projectId: idSchema,
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid'),
  level: z.enum(BILL_LEVELS, { error: 'invalid' }).default('building'),
  nodeId: idSchema,
});
export type BillQuery = z.infer<typeof billQuerySchema>;
export type BillQueryInput = z.input<typeof billQuerySchema>;

/** GET /sbuilding/energy/bill/file: the bill's query and the file's format. */
export const billFileQuerySchema = billQuerySchema.extend({
  format: z.enum(['xlsx', 'pdf'], { error: 'invalid' }),
});
export type BillFileQuery = z.infer<typeof billFileQuerySchema>;

/** What a peak demand is the average of: a quarter hour (from the readings) or an hour (from the rollups). */
export const PEAK_BASES = ['quarterHour', 'hour'] as const;
export type PeakBasis = (typeof PEAK_BASES)[number];

export const billSchema = z.object({
  projectId: z.number().int(),
  month: z.string(),
  level: z.enum(BILL_LEVELS),
  nodeId: z.number().int(),
  nodeName: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  tariffNames: z.array(z.string()),
  kwh: z.number(),
  periods: z.array(energyPeriodCostSchema),
  energyCost: z.number(),
  /**
   * The month's peak demand: the highest 15-minute average kW of the node's meters together, and when that
   * quarter hour started (local 'YYYY-MM-DD HH:mm'), from the stored readings; when the month's readings are
   * no longer kept (only the rollups), the highest hourly average (`peakBasis` says which).
   */
  peakKw: z.number(),
  peakAt: z.string().nullable(),
  peakBasis: z.enum(PEAK_BASES),
  demandCharge: z.number(),
  fixedCharges: z.array(z.object({ name: z.string(), amount: z.number() })),
  total: z.number(),
  carbon: z.number(),
  meters: z.array(
    z.object({
      deviceId: z.number().int(),
      name: z.string(),
      code: z.string(),
      channel: z.number().int().nullable(),
      startReading: z.number().nullable(),
      endReading: z.number().nullable(),
      kwh: z.number(),
      /** This channel's own peak demand (same basis as the bill's) and when (null: no readings). */
      peakKw: z.number(),
      peakAt: z.string().nullable(),
    }),
  ),
  /**
   * Hours (local 'YYYY-MM-DD HH:mm', [from, to)) a channel did not report; what it counted meanwhile arrived
   * with its next reading and is priced in that hour. At most 50 are listed; `gapCount` is how many there were.
   */
  gaps: z.array(z.object({ deviceId: z.number().int(), name: z.string(), from: z.string(), to: z.string() })),
  gapCount: z.number().int(),
});
export type Bill = z.infer<typeof billSchema>;

/** The places a bill can be made for (the bills page's choices). */
export const billNodesSchema = z.array(
  z.object({
    level: z.enum(BILL_LEVELS),
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    /**
     * Whether a meter channel measures the place, so it has a bill: a building or floor with a meter the
     * energy board places there, a zone with a channel marked in it, a meter tree node made of channels.
     */
    metered: z.boolean(),
  }),
);
export type BillNodes = z.infer<typeof billNodesSchema>;
