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
 * scenes and AC automations saved in the board's period (up to now), kWh; with the board's building, on that
 * building's devices only.
 */
export const energySavingsSchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  scenesKwh: z.number(),
  acAutomationsKwh: z.number(),
  /** scenesKwh + acAutomationsKwh. */
  kwh: z.number(),
});
export type EnergySavings = z.infer<typeof energySavingsSchema>;
