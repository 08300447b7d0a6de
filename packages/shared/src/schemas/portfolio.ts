import { z } from 'zod';
import { ENERGY_PERIODS } from '../constants.js';
import type { Role } from '../roles.js';
import { isoDateSchema } from './fields.js';
import { energyRangeSchema } from './energy.js';

/* ---------- Peak demand on the energy board (issue 22) ---------- */

/** A peak: the highest 15-minute average kW and when its quarter hour began (local 'YYYY-MM-DD HH:mm'). */
export const demandPeakSchema = z.object({ kw: z.number(), at: z.string() });
export type DemandPeakFigure = z.infer<typeof demandPeakSchema>;

/**
 * GET /sbuilding/board/energy/demand (the summary's query): the period's peak demand of the board's scope,
 * each building and each floor (their channels' quarter hours added), up to now while the period runs.
 * null: no stored readings in the period.
 */
export const energyDemandSchema = z.object({
  projectId: z.number().int(),
  current: energyRangeSchema,
  peak: demandPeakSchema.nullable(),
  buildings: z.array(z.object({ buildingId: z.number().int(), peak: demandPeakSchema.nullable() })),
  floors: z.array(
    z.object({
      buildingId: z.number().int(),
      floorId: z.number().int().nullable(),
      peak: demandPeakSchema.nullable(),
    }),
  ),
});
export type EnergyDemand = z.infer<typeof energyDemandSchema>;

/* ---------- Portfolio (issue 22) ---------- */

/**
 * Who may read the portfolio: a tenant's administrator (their tenant's projects) and the platform
 * administrator (every tenant's; admin passes every role check). Customers and wall screens see one project
 * through its boards, not a tenant's portfolio.
 */
export const PORTFOLIO_ROLES: Role[] = ['tbAdmin'];

/**
 * GET /sbuilding/energy/portfolio?period=DAY|WEEK|MONTH|YEAR[&anchor=YYYY-MM-DD]: every project the caller's
 * scope holds. No anchor: each project's own today (its time zone).
 */
export const portfolioQuerySchema = z.object({
  period: z.enum(ENERGY_PERIODS, { error: 'invalid' }),
  anchor: z
    .union([z.literal(''), z.null(), isoDateSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type PortfolioQuery = z.infer<typeof portfolioQuerySchema>;
export type PortfolioQueryInput = z.input<typeof portfolioQuerySchema>;

/**
 * Where a building's area comes from: its meter-tree building node's area when the tree gives one, else the
 * sum of its floors' areas.
 */
export const AREA_SOURCES = ['meterTree', 'floors'] as const;
export type AreaSource = (typeof AREA_SOURCES)[number];

/**
 * A place's figures: kWh, cost (the plan's currency) and carbon (kgCO2e) this period and the previous one
 * (up to the same moment while this one runs), the change of kWh in per cent, the area (m²; a building's is
 * its meter-tree building node's area when the tree gives one, else the sum of its floors' areas, null when
 * unknown; a project's is its buildings' sum, null when any is unknown) and kWh per m² (null without an
 * area), the peak demand of this period.
 */
const placeFigures = {
  kwh: z.number(),
  previousKwh: z.number(),
  changePercent: z.number().nullable(),
  area: z.number().nullable(),
  kwhPerM2: z.number().nullable(),
  previousKwhPerM2: z.number().nullable(),
  cost: z.number(),
  previousCost: z.number(),
  carbon: z.number(),
  previousCarbon: z.number(),
  peak: demandPeakSchema.nullable(),
};

export const portfolioBuildingSchema = z.object({
  buildingId: z.number().int(),
  name: z.string(),
  ...placeFigures,
  /** Where `area` comes from (null: unknown). */
  areaSource: z.enum(AREA_SOURCES).nullable(),
});
export type PortfolioBuilding = z.infer<typeof portfolioBuildingSchema>;

export const portfolioProjectSchema = z.object({
  projectId: z.number().int(),
  projectName: z.string(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  hasTariff: z.boolean(),
  hasFactor: z.boolean(),
  current: energyRangeSchema,
  previousRange: energyRangeSchema,
  /** The previous period's cut ({date, time} local), null when compared whole. */
  comparedUntil: z.object({ date: z.string(), time: z.string() }).nullable(),
  ...placeFigures,
  buildings: z.array(portfolioBuildingSchema),
});
export type PortfolioProject = z.infer<typeof portfolioProjectSchema>;

export const portfolioSchema = z.object({
  period: z.enum(ENERGY_PERIODS),
  projects: z.array(portfolioProjectSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;
