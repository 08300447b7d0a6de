import { z } from 'zod';
import { ENERGY_PERIODS } from '../constants.js';
import { idSchema, isoDateSchema } from './fields.js';

/** Energy periods (spec section 9, ENERGY_PERIODS), each compared with the one before it. */
export type EnergyPeriod = (typeof ENERGY_PERIODS)[number];

/** How many channels the energy board lists as the largest consumers. */
export const ENERGY_TOP_CONSUMERS = 5;

/**
 * The energy board's query: one project, a period and a date inside it (the project's local calendar),
 * optionally one building. GET /sbuilding/board/energy/summary?projectId=1&period=MONTH&anchor=2026-11-21
 */
export const energyQuerySchema = z.object({
  projectId: idSchema,
  period: z.enum(ENERGY_PERIODS, { error: 'invalid' }),
  /**
   * Any local date of the period: the day, a day of the week (weeks start on Monday), month or year. Absent
   * (or empty): today in the project's time zone, which the browser's own date may not be.
   */
  anchor: z
    .union([z.literal(''), z.null(), isoDateSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  /** '' or null mean every building of the project (spec section 9: empty values are skipped). */
  buildingId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type EnergyQueryInput = z.input<typeof energyQuerySchema>;
export type EnergyQuery = z.infer<typeof energyQuerySchema>;

/** A period as local dates, both inclusive. */
export const energyRangeSchema = z.object({ from: z.string(), to: z.string() });

/**
 * This period's and the previous period's consumption (kWh), the previous one up to the same moment while
 * this one runs (EnergyBoard.comparedUntil); change in per cent, null when there was none.
 */
const comparison = {
  energy: z.number(),
  previous: z.number(),
  changePercent: z.number().nullable(),
};

export const energyChannelSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  /** The ammeter channel, 1-4 (null when the device names none). */
  channel: z.number().int().nullable(),
  ...comparison,
});
export type EnergyChannel = z.infer<typeof energyChannelSchema>;

/** A meter: the channels sharing one meter address; its place is its first channel's. */
export const energyMeterSchema = z.object({
  code: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  floorId: z.number().int().nullable(),
  floorName: z.string(),
  ...comparison,
  channels: z.array(energyChannelSchema),
});
export type EnergyMeter = z.infer<typeof energyMeterSchema>;

export const energyFloorSchema = z.object({
  /** Null for meters placed on the building but no floor. */
  floorId: z.number().int().nullable(),
  name: z.string(),
  ...comparison,
});
export type EnergyFloor = z.infer<typeof energyFloorSchema>;

export const energyBuildingSchema = z.object({
  buildingId: z.number().int(),
  name: z.string(),
  ...comparison,
  floors: z.array(energyFloorSchema),
});
export type EnergyBuilding = z.infer<typeof energyBuildingSchema>;

/**
 * One bucket of the curve: an hour ('HH:00', DAY), a date ('YYYY-MM-DD', WEEK and MONTH) or a month
 * ('YYYY-MM', YEAR), local to the project. `current` is null for buckets that have not begun; `previous` is
 * the bucket at the same place of the previous period (null where it has fewer, as February beside March).
 */
export const energyPointSchema = z.object({
  bucket: z.string(),
  previousBucket: z.string().nullable(),
  current: z.number().nullable(),
  previous: z.number().nullable(),
});
export type EnergyPoint = z.infer<typeof energyPointSchema>;

export const energyTopSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  meterCode: z.string(),
  channel: z.number().int().nullable(),
  buildingName: z.string(),
  floorName: z.string(),
  energy: z.number(),
  /** Share of the period's total, per cent. */
  share: z.number(),
});
export type EnergyTop = z.infer<typeof energyTopSchema>;

export const energyBoardSchema = z.object({
  projectId: z.number().int(),
  period: z.enum(ENERGY_PERIODS),
  /** The date the period was taken from (the query's, or the project's today). */
  anchor: z.string(),
  timeZone: z.string(),
  current: energyRangeSchema,
  previousRange: energyRangeSchema,
  /**
   * Every `previous` figure (and change) is the previous period up to this moment of it while this period
   * is still running: its local date and clock time ('24:00': to the end of that day, when the previous
   * period had no day at this place, as February beside 31 March). Null: the period is over and both are
   * compared whole. One rule for every comparison (the server's energy periods, comparisonOf).
   */
  comparedUntil: z.object({ date: z.string(), time: z.string() }).nullable(),
  ...comparison,
  /** The whole previous period's consumption (kWh), what the curve's previous line adds up to. */
  previousWhole: z.number(),
  curve: z.array(energyPointSchema),
  buildings: z.array(energyBuildingSchema),
  /** Every building of the project in scope, for the building filter ('No building' when empty). */
  buildingOptions: z.array(z.object({ id: z.number().int(), name: z.string() })),
  meters: z.array(energyMeterSchema),
  top: z.array(energyTopSchema),
});
export type EnergyBoard = z.infer<typeof energyBoardSchema>;

/** The change from `previous` to `energy` in per cent, one decimal; null when `previous` is 0. */
export function energyChange(energy: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((energy - previous) / previous) * 1000) / 10;
}
