import { z } from 'zod';
import type { DeviceCategory } from '../devices/types.js';
import { idSchema, optionalFilter, timestampSchema } from './fields.js';

/*
 * Savings (issue 8): the energy a scene or an AC automation saved by keeping loads off. One power model for
 * the estimate and the simulator (apps/simulator/src/kinds/light.ts and ac.ts read these numbers), so in the
 * simulator the estimate can be checked against the metered consumption.
 */

/**
 * Rated draw of a device when on, W, by category: what switching it off saves per hour. A light is its
 * rated power at full brightness (the simulator draws 0.5 W + 36 W × level / 255); an AC indoor unit its
 * mid-fan compressor rating (the simulator's low 700, mid/auto 1000, high 1400 W). Categories not listed
 * (sensors, gateways, meters, panels) are not loads: switching them saves nothing counted.
 */
export const LIGHT_RATED_WATTS = 36;
/** Rated draw of one AC indoor unit, W (the simulator's mid-fan rating). */
export const AC_RATED_WATTS = 1000;
export const RATED_WATTS: Partial<Record<DeviceCategory, number>> = {
  light: LIGHT_RATED_WATTS,
  ac: AC_RATED_WATTS,
};
/** The rated draw of a device of this category, W (0: not a load). */
export function ratedWatts(category: string): number {
  return Object.entries(RATED_WATTS).find(([c]) => c === category)?.[1] ?? 0;
}

/** A light's draw when off (and its base when on), W: the simulator's standby. */
export const LIGHT_STANDBY_WATTS = 0.5;
/** An AC indoor unit: off (standby), fan only (`wind`), and the compressor's floor when it idles, W. */
export const AC_STANDBY_WATTS = 5;
export const AC_FAN_ONLY_WATTS = 80;
export const AC_IDLE_WATTS = 60;
/** Compressor rating by fan speed, W (mid and auto are AC_RATED_WATTS); dry mode (`wet`) runs at 0.6 of it. */
export const AC_FAN_WATTS: Record<string, number> = {
  low: 700,
  mid: AC_RATED_WATTS,
  auto: AC_RATED_WATTS,
  high: 1400,
};
export const AC_DRY_FACTOR = 0.6;
/** The room-to-setpoint gap at which the compressor runs at full power, °C. */
export const AC_FULL_POWER_GAP = 2;
/** The outdoor-to-setpoint difference at which holding the setpoint alone takes full power, °C. */
export const AC_FULL_LOAD_SPAN = 25;

/** What a device reported, as far as its draw goes (null: not known). */
export interface PowerState {
  onOff: boolean | null;
  lightnessLevel: number | null;
  workMode: string | null;
  fanSpeed: string | null;
  targetTemp: number | null;
  roomTemp: number | null;
}

/** A light's draw, W: standby plus its rated power times its level (full when the level is unknown). */
export function lightDrawWatts(s: Pick<PowerState, 'onOff' | 'lightnessLevel'>): number | null {
  if (s.onOff === null) return null;
  if (!s.onOff) return LIGHT_STANDBY_WATTS;
  const level = s.lightnessLevel ?? 255;
  return LIGHT_STANDBY_WATTS + (LIGHT_RATED_WATTS * Math.min(255, Math.max(0, level))) / 255;
}

/**
 * An AC indoor unit's draw, W (the simulator's power model): standby when off, the fan alone in `wind`;
 * otherwise the compressor at a share of its fan speed's rating, the gap still to go to the setpoint (full
 * power AC_FULL_POWER_GAP away) plus, when the outdoor air (`ambient`) is known, what holding the setpoint
 * against it costs. With the room or the setpoint unknown the unit counts at its full rating.
 */
export function acDrawWatts(s: PowerState, ambient?: number | null): number | null {
  if (s.onOff === null) return null;
  if (!s.onOff) return AC_STANDBY_WATTS;
  if (s.workMode === 'wind') return AC_FAN_ONLY_WATTS;
  const heating = s.workMode === 'hot';
  const rated =
    (AC_FAN_WATTS[s.fanSpeed ?? 'mid'] ?? AC_RATED_WATTS) * (s.workMode === 'wet' ? AC_DRY_FACTOR : 1);
  if (s.roomTemp === null || s.targetTemp === null) return rated;
  const gap = heating ? s.targetTemp - s.roomTemp : s.roomTemp - s.targetTemp;
  const load =
    ambient === null || ambient === undefined ? 0 : heating ? s.targetTemp - ambient : ambient - s.targetTemp;
  const share = Math.min(1, Math.max(0, gap) / AC_FULL_POWER_GAP + Math.max(0, load) / AC_FULL_LOAD_SPAN);
  return AC_IDLE_WATTS + (rated - AC_IDLE_WATTS) * share;
}

/** A device's draw in a reported state, W, by category (null: unknown; 0 for what is not a load). */
export function drawWatts(category: string, s: PowerState): number | null {
  if (category === 'light') return lightDrawWatts(s);
  if (category === 'ac') return acDrawWatts(s);
  return 0;
}

/** One kept-off stretch counts for at most this long (a working day: nobody would have left it running). */
export const SAVINGS_MAX_OFF_HOURS = 10;
/** The AC automation's name for the same cap. */
export const AC_SAVINGS_MAX_OFF_HOURS = SAVINGS_MAX_OFF_HOURS;

/** The period of a savings call: default the last 30 days. */
export const SAVINGS_DEFAULT_DAYS = 30;

/** POST /sbuilding/scene/savings: a project and a period (default the last 30 days). */
export const sceneSavingsBodySchema = z.object({
  projectId: idSchema,
  from: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
  to: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
});
export type SceneSavingsBody = z.input<typeof sceneSavingsBodySchema>;

export const sceneSavingSchema = z.object({
  sceneId: z.number().int(),
  /** Hours its off commands kept devices off (summed over devices). */
  offHours: z.number(),
  /** Each device's kept-off hours times its category's rated draw, kWh. */
  kwh: z.number(),
});
export type SceneSaving = z.infer<typeof sceneSavingSchema>;
export const sceneSavingsSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  rows: z.array(sceneSavingSchema),
});
export type SceneSavings = z.infer<typeof sceneSavingsSchema>;

/**
 * GET /sbuilding/board/energy/savings (query: the energy board's, energyQuerySchema): what the project's
 * scenes, noon naps and AC automations saved in the board's period (up to now), kWh; with the board's
 * building, on that building's devices only.
 */
export const energySavingsSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  scenesKwh: z.number(),
  /** Noon naps' dimming and sleeping, by the same rule (brightness difference for lights). */
  noonNapsKwh: z.number(),
  acAutomationsKwh: z.number(),
  /** scenesKwh + noonNapsKwh + acAutomationsKwh. */
  kwh: z.number(),
});
export type EnergySavings = z.infer<typeof energySavingsSchema>;

/** A device's reported state as far as its draw goes (null: not known). */
export const powerStateSchema = z.object({
  onOff: z.boolean().nullable(),
  lightnessLevel: z.number().nullable(),
  workMode: z.string().nullable(),
  fanSpeed: z.string().nullable(),
  targetTemp: z.number().nullable(),
  roomTemp: z.number().nullable(),
});

/**
 * The baseline a saving is held to (issue 23): what the device would otherwise have drawn, read from the
 * SAVINGS_BASELINE_DAYS most recent comparable days (the same day type on the project's calendar, workday or
 * not, before the command's date, within SAVINGS_BASELINE_LOOKBACK_DAYS, on which no automation lowered the
 * device's draw) over the same hours of the day.
 */
export const SAVINGS_BASELINE_DAYS = 4;
export const SAVINGS_BASELINE_LOOKBACK_DAYS = 28;
/** A device without a known comparable day is compared with at most this many of its zone's devices of its category. */
export const SAVINGS_BASELINE_ZONE_DEVICES = 20;
export const savingBaselineSchema = z.object({
  /**
   * 'device': the device's own comparable days; 'kept': none of those had a known state, so the baseline
   * kept when the same owner last found them for this device and day type (`keptFor`, `keptAt`); 'zone':
   * none kept either, so the same-category devices of its zone on theirs; 'none': nothing known either, the
   * plain rule counts.
   */
  source: z.enum(['device', 'kept', 'zone', 'none']),
  /** The day type compared: the command's local date's, on the project's calendar. */
  workday: z.boolean(),
  /** The comparable days read (local dates, newest first); empty with 'none'. */
  days: z.array(z.string()),
  /** How many devices' days were read: 1 for 'device', the zone's devices that had one for 'zone', 0 for 'none'. */
  devices: z.number().int(),
  /**
   * The share of the plain rule's saving the device would otherwise have drawn on those days, 0-1: for a
   * switch-off, the fraction of the hours the light was on; for dimming or an AC, the draw above the lower
   * state, bounded by the saved watts. 1 with 'none'.
   */
  share: z.number(),
  /** The plain rule's kWh (before the baseline; `kwh` is this times `share`). */
  plainKwh: z.number(),
  /** 'kept' only: the local date of the saving whose comparable days (`days`) the kept baseline was read for. */
  keptFor: z.string().optional(),
  /** 'kept' only: when that baseline was read and kept. */
  keptAt: timestampSchema.optional(),
});
/** Whose saving a kept baseline is (the owner's id is a scene's, a noon nap's or an AC automation's). */
export const SAVING_OWNER_KINDS = ['scene', 'noonNap', 'acAutomation'] as const;
export type SavingOwnerKind = (typeof SAVING_OWNER_KINDS)[number];
export type SavingBaseline = z.infer<typeof savingBaselineSchema>;

/**
 * The evidence of one saving: the device's reported state before the command and the lower one it reported
 * after it, when, until when (the next reported change, the SAVINGS_MAX_OFF_HOURS cap, or still lasting at
 * the period's end), each state's draw by the shared power model and the difference; `hours` and `kwh`
 * within the period asked.
 */
export const savingEvidenceSchema = z.object({
  /** The scene's or the AC automation's id. */
  owner: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  category: z.string(),
  commandAt: timestampSchema,
  before: powerStateSchema,
  after: powerStateSchema,
  afterAt: timestampSchema,
  endAt: timestampSchema.nullable(),
  endReason: z.enum(['changed', 'maxHours', 'ongoing']),
  beforeWatts: z.number(),
  afterWatts: z.number(),
  savedWatts: z.number(),
  hours: z.number(),
  /** The plain rule's kWh (hours × savedWatts) times the baseline's share. */
  kwh: z.number(),
  baseline: savingBaselineSchema,
});
export type SavingEvidence = z.infer<typeof savingEvidenceSchema>;

/**
 * POST /sbuilding/scene/savings/evidence and /sbuilding/acAutomation/savings/evidence: the savings of one
 * scene or one AC automation over a period (default the last 30 days), each with its evidence, newest first
 * (at most SAVINGS_EVIDENCE_MAX).
 */
export const sceneSavingsEvidenceBodySchema = sceneSavingsBodySchema.omit({ projectId: true }).extend({
  sceneId: idSchema,
});
export type SceneSavingsEvidenceBody = z.input<typeof sceneSavingsEvidenceBodySchema>;
export const acAutomationSavingsEvidenceBodySchema = sceneSavingsBodySchema
  .omit({ projectId: true })
  .extend({ acAutomationId: idSchema });
export type AcAutomationSavingsEvidenceBody = z.input<typeof acAutomationSavingsEvidenceBodySchema>;
export const SAVINGS_EVIDENCE_MAX = 200;
export const savingsEvidenceSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  /** All of the owner's savings in the period, kWh (the rows may be cut at SAVINGS_EVIDENCE_MAX). */
  kwh: z.number(),
  total: z.number().int(),
  rows: z.array(savingEvidenceSchema),
});
export type SavingsEvidence = z.infer<typeof savingsEvidenceSchema>;

/** Days before the board's period whose hours may serve as comparable hours without automation. */
export const SAVINGS_CHECK_LOOKBACK_DAYS = 28;

/**
 * One building's estimate checked against its meters over the board's period. Automated hours are the
 * hours (of the hourly rollups) in which a saving of the building's devices was counted; each is compared
 * with the mean consumption of comparable hours: same local hour, same day type from the calendar (workday
 * or not), no saving counted, within the period or the SAVINGS_CHECK_LOOKBACK_DAYS before it.
 */
export const savingsCheckBuildingSchema = z.object({
  buildingId: z.number().int(),
  name: z.string(),
  /** All the savings counted on the building's devices in the period, kWh. */
  estimateKwh: z.number(),
  /** Hours with a saving counted, and those of them that had comparable hours. */
  automatedHours: z.number().int(),
  comparedHours: z.number().int(),
  /** The estimate within the compared hours, kWh. */
  comparedEstimateKwh: z.number(),
  /** What the meters measured in the compared hours, and the mean of their comparable hours, summed, kWh. */
  meteredKwh: z.number(),
  baselineKwh: z.number(),
  /** baselineKwh − meteredKwh: the saving the meters show. */
  meteredSavingKwh: z.number(),
  /**
   * (comparedEstimateKwh − meteredSavingKwh) / meteredSavingKwh × 100, one decimal; null when nothing was
   * compared or the meters show no saving.
   */
  differencePercent: z.number().nullable(),
});
export type SavingsCheckBuilding = z.infer<typeof savingsCheckBuildingSchema>;

/** GET /sbuilding/board/energy/savings/check (query: energyQuerySchema): each building's check. */
export const savingsCheckSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  /** Where comparable hours may start (SAVINGS_CHECK_LOOKBACK_DAYS before the period). */
  compareFrom: timestampSchema,
  buildings: z.array(savingsCheckBuildingSchema),
});
export type SavingsCheck = z.infer<typeof savingsCheckSchema>;
