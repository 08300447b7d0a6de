import { z } from 'zod';
import { DEVICE_MODELS } from '../devices/models.js';
import { FAN_SPEEDS, HVAC_MODES } from '../constants.js';
import { DEVICE_CATEGORIES, MODEL_IDS, type ModelId } from '../devices/types.js';
import { idSchema } from './fields.js';

/*
 * The light board (/board/light) and the AC board (/board/ac): each device with its place and its
 * latest state, read from the devices' latest telemetry (modules/boards). Live changes come over the
 * socket afterwards; these calls are the starting picture.
 */

/** Categories the light board shows: lights and the wall panels that switch them. */
export const LIGHT_BOARD_CATEGORIES = ['light', 'lightPanel'] as const;

/** GET /sbuilding/board/light?buildingId=1 */
export const lightBoardQuerySchema = z.object({ buildingId: idSchema });
export type LightBoardQuery = z.infer<typeof lightBoardQuerySchema>;

/** Where a device's plan mark sits (SVG user units of its floor's plan). */
export const boardMarkSchema = z.object({ x: z.number(), y: z.number(), label: z.string() });
export type BoardMark = z.infer<typeof boardMarkSchema>;

/** A light's or a panel's latest state; null where the device never reported it (or its model has none). */
export const lightStateSchema = z.object({
  onOff: z.boolean().nullable(),
  /** 0-255 (spec section 9). */
  lightnessLevel: z.number().nullable(),
  /** Kelvin, for models with tunable white. */
  colorTemp: z.number().nullable(),
  left: z.boolean().nullable(),
  mid: z.boolean().nullable(),
  right: z.boolean().nullable(),
});
export type LightState = z.infer<typeof lightStateSchema>;

export const boardLightSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  category: z.enum(DEVICE_CATEGORIES),
  floorId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  /** A wall panel's type (single, double, three): which buttons it has. */
  panelType: z.string().nullable(),
  online: z.boolean(),
  /** Null when the device has no mark on its floor's plan (it is listed, not drawn). */
  mark: boardMarkSchema.nullable(),
  state: lightStateSchema,
});
export type BoardLight = z.infer<typeof boardLightSchema>;

export const boardFloorCountSchema = z.object({
  floorId: z.number().int(),
  name: z.string(),
  /** Lights (category light) reporting on. */
  lightsOn: z.number().int(),
  lightsTotal: z.number().int(),
});
export type BoardFloorCount = z.infer<typeof boardFloorCountSchema>;

export const boardGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.enum(DEVICE_CATEGORIES),
  /** Members in this building (a group may span buildings of its project). */
  memberCount: z.number().int(),
});
export type BoardGroup = z.infer<typeof boardGroupSchema>;

export const lightBoardSchema = z.object({
  buildingId: z.number().int(),
  /** Every floor of the building in its order, with its counts. */
  floors: z.array(boardFloorCountSchema),
  lightsOn: z.number().int(),
  lightsTotal: z.number().int(),
  devices: z.array(boardLightSchema),
  /** Enabled light groups of the building's project with members in the building. */
  groups: z.array(boardGroupSchema),
});
export type LightBoard = z.infer<typeof lightBoardSchema>;

/** GET /sbuilding/board/ac?projectId=1[&buildingId=2] */
export const acBoardQuerySchema = z.object({
  projectId: idSchema,
  buildingId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type AcBoardQueryInput = z.input<typeof acBoardQuerySchema>;
export type AcBoardQuery = z.infer<typeof acBoardQuerySchema>;

export const acStateSchema = z.object({
  onOff: z.boolean().nullable(),
  workMode: z.enum(HVAC_MODES).nullable(),
  fanSpeed: z.enum(FAN_SPEEDS).nullable(),
  targetTemp: z.number().nullable(),
  roomTemp: z.number().nullable(),
});
export type AcState = z.infer<typeof acStateSchema>;

export const boardAcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  buildingId: z.number().int(),
  buildingName: z.string(),
  floorId: z.number().int().nullable(),
  floorName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  online: z.boolean(),
  /** False where the model refuses auto mode ('Not support auto mode'). */
  supportsAuto: z.boolean(),
  state: acStateSchema,
});
export type BoardAc = z.infer<typeof boardAcSchema>;

export const acBoardSchema = z.object({
  units: z.array(boardAcSchema),
  /** Units reporting on. */
  running: z.number().int(),
  total: z.number().int(),
  /** Enabled AC groups of the project (with members in the building when one is asked). */
  groups: z.array(boardGroupSchema),
});
export type AcBoard = z.infer<typeof acBoardSchema>;

/** Whether a model takes `setWorkMode` with `auto` (the catalogue lists refused values per model). */
export function supportsAutoMode(model: ModelId): boolean {
  const command = DEVICE_MODELS[model].commands.find((c) => c.method === 'setWorkMode');
  const field = command?.params.find((p) => p.name === 'workMode');
  if (!field || field.kind !== 'enum') return false;
  return field.values.includes('auto') && !(field.refused ?? []).some((r) => r.value === 'auto');
}
