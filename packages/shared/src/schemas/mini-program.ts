import { z } from 'zod';
import { AIR_BANDS, FAN_SPEEDS, HVAC_MODES } from '../constants.js';
import { MODEL_IDS, type CommandMethod } from '../devices/types.js';
import { airValuesSchema } from './air-board.js';
import { idSchema } from './fields.js';
import { SCENE_RUN_OUTCOMES } from './scene/runs.js';

/*
 * The mini-program (/wxProgram, /sbuilding/wx/*): what a building's occupants (weixin customers) see and
 * switch on their phone. Each call answers exactly what the page shows, for one of the caller's buildings.
 */

/** GET /sbuilding/wx/hall/{id}/...: the building. */
export const wxHallParamsSchema = z.object({ id: idSchema });

/** A building the caller belongs to (the chooser, the page's header). */
export const wxHallSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  /** A signed link to the building's photo; null when it has none. */
  imageUrl: z.string().nullable(),
  projectId: z.number().int(),
  projectName: z.string(),
});
export type WxHall = z.infer<typeof wxHallSchema>;

export const wxLightSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  online: z.boolean(),
  /** Whether the model takes setBrightness / setColorTemp (the catalogue's commands). */
  dimmable: z.boolean(),
  tunable: z.boolean(),
  state: z.object({
    onOff: z.boolean().nullable(),
    /** 0-255 (spec section 9). */
    lightnessLevel: z.number().nullable(),
    /** Kelvin. */
    colorTemp: z.number().nullable(),
  }),
});
export type WxLight = z.infer<typeof wxLightSchema>;

export const wxAcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  online: z.boolean(),
  /** False where the model refuses auto mode ('Not support auto mode'). */
  supportsAuto: z.boolean(),
  state: z.object({
    onOff: z.boolean().nullable(),
    workMode: z.enum(HVAC_MODES).nullable(),
    fanSpeed: z.enum(FAN_SPEEDS).nullable(),
    targetTemp: z.number().nullable(),
    roomTemp: z.number().nullable(),
  }),
});
export type WxAc = z.infer<typeof wxAcSchema>;

/** Air quality now: the mean of the online sensors' latest values, each banded, and the worst band. */
export const wxAirSchema = z.object({
  values: airValuesSchema,
  band: z.enum(AIR_BANDS).nullable(),
  /** Sensors reporting (online); 0: nothing to say ('Air device not found'). */
  sensors: z.number().int(),
});
export type WxAir = z.infer<typeof wxAirSchema>;

/** A room (zone) with its lights, ACs and air; `zoneId` null gathers the floor's devices in no room. */
export const wxRoomSchema = z.object({
  zoneId: z.number().int().nullable(),
  name: z.string().nullable(),
  lights: z.array(wxLightSchema),
  acs: z.array(wxAcSchema),
  /** Null when the room has no air or temperature sensor. */
  air: wxAirSchema.nullable(),
});
export type WxRoom = z.infer<typeof wxRoomSchema>;

/** A floor with its rooms that hold a light or an AC; `id` null gathers devices on no floor. */
export const wxFloorSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  rooms: z.array(wxRoomSchema),
});
export type WxFloor = z.infer<typeof wxFloorSchema>;

/** GET /sbuilding/wx/hall/{id}: the building, its rooms by floor with their lights and ACs as they are now. */
export const wxHallDetailSchema = z.object({
  hall: wxHallSchema,
  floors: z.array(wxFloorSchema),
  lightsOn: z.number().int(),
  lightsTotal: z.number().int(),
  acsOn: z.number().int(),
  acsTotal: z.number().int(),
});
export type WxHallDetail = z.infer<typeof wxHallDetailSchema>;

/** Today's consumption against yesterday's up to the same time of day, and this month's, in kWh. */
export const wxEnergySchema = z.object({
  /** False when the building has no energy meter (nothing to compare). */
  metered: z.boolean(),
  today: z.number(),
  yesterdaySameTime: z.number(),
  /** Per cent, one decimal; null when yesterday had none by this time. */
  changePercent: z.number().nullable(),
  month: z.number(),
  /** The whole previous month, for scale. */
  previousMonth: z.number(),
});
export type WxEnergy = z.infer<typeof wxEnergySchema>;

/** GET /sbuilding/wx/hall/{id}/summary: the building's air quality now and its energy. */
export const wxSummarySchema = z.object({ air: wxAirSchema, energy: wxEnergySchema });
export type WxSummary = z.infer<typeof wxSummarySchema>;

/** GET /sbuilding/wx/hall/{id}/scenes: the scenes offered to the building's occupants, as buttons. */
export const wxSceneSchema = z.object({ id: z.number().int(), name: z.string() });
export type WxScene = z.infer<typeof wxSceneSchema>;

/** POST /sbuilding/wx/scene/{id}/run: how the run went. */
export const wxSceneRunSchema = z.object({
  outcome: z.enum(SCENE_RUN_OUTCOMES),
  /** Device commands sent, and how many of them did not set their device. */
  commands: z.number().int(),
  failed: z.number().int(),
});
export type WxSceneRun = z.infer<typeof wxSceneRunSchema>;

/** What the mini-program switches: lights on/off, brightness and colour temperature; ACs on/off, mode, setpoint, fan. */
export const WX_COMMANDS = {
  light: ['setOnOff', 'setBrightness', 'setColorTemp'],
  ac: ['setOnOff', 'setWorkMode', 'setTargetTemp', 'setFanSpeed'],
} as const satisfies Record<string, readonly CommandMethod[]>;
export type WxCategory = keyof typeof WX_COMMANDS;
export const WX_METHODS = [
  'setOnOff',
  'setBrightness',
  'setColorTemp',
  'setWorkMode',
  'setTargetTemp',
  'setFanSpeed',
] as const;
export type WxMethod = (typeof WX_METHODS)[number];

/** POST /sbuilding/wx/device/{id}/command: one of WX_COMMANDS for the device's category, its catalogue params. */
export const wxCommandBodySchema = z.object({
  method: z.enum(WX_METHODS, { error: 'invalid' }),
  params: z.record(z.string(), z.unknown(), { error: 'invalid' }).optional().default({}),
});
export type WxCommandBody = z.input<typeof wxCommandBodySchema>;
