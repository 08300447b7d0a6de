import { z } from 'zod';
import { alertCountsSchema } from './alert.js';
import { idSchema } from './fields.js';

/*
 * The platform overview (/board/index, Databoard) and the display dashboard (/dashboard): one call with a
 * project's figures at a glance and its buildings for the map. Live changes reach the console over the socket;
 * it then asks again.
 */

/** GET /sbuilding/board/overview?projectId=1 */
export const overviewQuerySchema = z.object({ projectId: idSchema });
export type OverviewQueryInput = z.input<typeof overviewQuerySchema>;
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** Devices by connection state. */
export const onlineCountsSchema = z.object({
  online: z.number().int(),
  offline: z.number().int(),
  total: z.number().int(),
});
export type OnlineCounts = z.infer<typeof onlineCountsSchema>;

export const overviewBuildingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  /**
   * Degrees; null when the building has no place (saved as 0, 0, which no building of this product is at):
   * the console lists it instead of pinning it.
   */
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  devices: onlineCountsSchema,
});
export type OverviewBuilding = z.infer<typeof overviewBuildingSchema>;

/** One local hour of today with the same hour of yesterday (kWh); today's hours not begun yet are null. */
export const overviewEnergyPointSchema = z.object({
  hour: z.string(),
  today: z.number().nullable(),
  yesterday: z.number().nullable(),
});
export type OverviewEnergyPoint = z.infer<typeof overviewEnergyPointSchema>;

export const overviewEnergySchema = z.object({
  /** Today so far, the project's local day (kWh). */
  today: z.number(),
  /** Yesterday up to the same moment, the fair comparison for a day not over yet (kWh). */
  yesterdaySameTime: z.number(),
  /** That moment: yesterday's local clock time 'HH:mm' the comparison stops at. */
  yesterdayUntil: z.string(),
  /** The whole of yesterday (kWh). */
  yesterday: z.number(),
  /** Today against yesterday until the same hour, per cent, one decimal; null when yesterday had none. */
  changePercent: z.number().nullable(),
  curve: z.array(overviewEnergyPointSchema),
});
export type OverviewEnergy = z.infer<typeof overviewEnergySchema>;

export const overviewAirSchema = z.object({
  /** Air sensors of the project. */
  sensors: z.number().int(),
  /** Online sensors with a CO2 reading: the average and the highest are theirs. */
  reporting: z.number().int(),
  /** ppm, whole numbers; null when no sensor reports. */
  co2Average: z.number().nullable(),
  co2Max: z.number().nullable(),
});
export type OverviewAir = z.infer<typeof overviewAirSchema>;

export const overviewSchema = z.object({
  projectId: z.number().int(),
  timeZone: z.string(),
  /** The project's local date the energy figures are for. */
  date: z.string(),
  devices: onlineCountsSchema,
  energy: overviewEnergySchema,
  /** Open (alerting) alerts by level. */
  alerts: alertCountsSchema,
  air: overviewAirSchema,
  /** Lights (category light) reporting on. */
  lights: z.object({ on: z.number().int(), total: z.number().int() }),
  /** AC units reporting on. */
  acs: z.object({ running: z.number().int(), total: z.number().int() }),
  buildings: z.array(overviewBuildingSchema),
  /** Devices whose readings change these figures (lights, ACs, air sensors, ammeters): the console follows them. */
  watchIds: z.array(z.number().int()),
  /**
   * The server's MAP_STYLE_URL: a MapLibre style the console draws the map with (under the dark rules of spec
   * section 9); null means the bundled offline map.
   */
  mapStyleUrl: z.string().nullable(),
});
export type Overview = z.infer<typeof overviewSchema>;
