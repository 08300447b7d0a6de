import { z } from 'zod';
import { idSchema } from './fields.js';
import { optionalIdSchema } from './air-board.js';

/*
 * The space board (/board/space, Spaceboard, a hidden route): occupancy per zone from the PIR sensors
 * (pir10, key `pir`: 1 someone seen, 0 nobody): occupied or vacant now, and utilisation by hour over the
 * last 7 days from the hourly rollups (modules/boards, space.ts).
 */

/** Days of history the utilisation covers (today included). */
export const SPACE_DAYS = 7;
/** Presence older than this many minutes no longer makes a zone occupied, by default (system config). */
export const DEFAULT_PRESENCE_MINUTES = 15;

export const OCCUPANCY_STATES = ['occupied', 'vacant', 'noData'] as const;
export type OccupancyState = (typeof OCCUPANCY_STATES)[number];

/** GET /sbuilding/board/space?projectId=1[&buildingId=2] */
export const spaceBoardQuerySchema = z.object({ projectId: idSchema, buildingId: optionalIdSchema });
export type SpaceBoardQueryInput = z.input<typeof spaceBoardQuerySchema>;
export type SpaceBoardQuery = z.infer<typeof spaceBoardQuerySchema>;

/** Days × 24 local hours; a cell is a share 0-1, null where no sensor reported in that hour (or it is to come). */
const gridSchema = z.array(z.array(z.number().nullable()));

export const spaceZoneSchema = z.object({
  zoneId: z.number().int(),
  zoneName: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  /** The zone's PIR sensors. */
  sensorIds: z.array(z.number().int()),
  sensorsOnline: z.number().int(),
  /**
   * occupied: a sensor's latest reading is presence, younger than the presence window; vacant: otherwise;
   * noData: none of its sensors ever reported.
   */
  state: z.enum(OCCUPANCY_STATES),
  /** The newest presence among its sensors' latest readings (even when stale). */
  lastPresence: z.string().nullable(),
  /** The newest reading of its sensors. */
  lastReport: z.string().nullable(),
  /** Share of the hours with readings in the 7 days that had presence; null without any. */
  utilisation: z.number().nullable(),
  /** Per local hour of the day (24): share of the days with readings at that hour that had presence. */
  byHour: z.array(z.number().nullable()),
  /** Per day and hour: 1 presence, 0 none, null no reading. */
  grid: gridSchema,
});
export type SpaceZone = z.infer<typeof spaceZoneSchema>;

export const spaceBoardSchema = z.object({
  /** The project's time zone: days and hours are local to it. */
  timeZone: z.string(),
  presenceMinutes: z.number().int(),
  /** The 7 local dates 'YYYY-MM-DD', oldest first, today last. */
  days: z.array(z.string()),
  /** Zones with at least one PIR sensor. */
  zones: z.array(spaceZoneSchema),
  /** Per day and hour: the share of zones (with readings) that had presence. */
  grid: gridSchema,
  occupied: z.number().int(),
  vacant: z.number().int(),
});
export type SpaceBoard = z.infer<typeof spaceBoardSchema>;

/** A PIR value as stored or pushed: 1/0 or a boolean. Null when it is neither. */
export function presenceOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value > 0;
  return null;
}
