import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { DEVICE_CATEGORIES, MODEL_IDS } from '../devices/types.js';
import { idSchema, optionalText, requiredText, timestampSchema, versionSchema } from './fields.js';

/*
 * Device marks on floor plans (spec section 3 "Device mark") and the mesh network versions of a building
 * ("Mesh"). A mark is a place on the plan, in the plan's SVG user units, optionally bound to a device.
 */

export const MARK_BELONG_TYPES = ['hvac', 'lighting', 'powerPlug', 'chargingPile', 'other'] as const;
export type MarkBelongType = (typeof MARK_BELONG_TYPES)[number];
/** Where the mark's label sits beside its icon on the plan and the dashboard. */
export const MARK_ALIGNMENTS = ['left', 'center', 'right'] as const;
/** Most marks one floor holds. */
export const FLOOR_MARKS_MAX = 2000;

const COORDINATE_LIMIT = 1_000_000;
const coordinate = z
  .number({ error: 'invalid' })
  .min(-COORDINATE_LIMIT, 'invalid')
  .max(COORDINATE_LIMIT, 'invalid');

/** The nullable device a mark is bound to. */
const boundDevice = z
  .union([z.null(), idSchema])
  .optional()
  .transform((v) => v ?? null);

const markFields = {
  markName: requiredText(50),
  nickname: optionalText(50),
  /** Whether the mark counts as part of the floor (no: e.g. a roof unit drawn on the top floor's plan). */
  onFloor: z.boolean({ error: 'invalid' }).optional().default(true),
  belongType: z.enum(MARK_BELONG_TYPES, { error: 'invalid' }),
  /** The Bluetooth mesh network the node is provisioned in (the building's network unless told otherwise). */
  meshId: optionalText(32),
  /** Mesh proxy (a phone or gateway can connect through it) and relay (forwards mesh messages). */
  proxy: z.boolean({ error: 'invalid' }).optional().default(false),
  relay: z.boolean({ error: 'invalid' }).optional().default(false),
  dashboardNickname: optionalText(50),
  alignment: z.enum(MARK_ALIGNMENTS, { error: 'invalid' }).optional().default('center'),
  /** Names of a panel's buttons ('Lights', 'Blinds'); '' for a button that does not exist. */
  leftButton: optionalText(20),
  midButton: optionalText(20),
  rightButton: optionalText(20),
  x: coordinate,
  y: coordinate,
  deviceId: boundDevice,
};

/** PUT /sbuilding/mark/create. */
export const markCreateBodySchema = z.object({ floorId: idSchema, ...markFields });
export type MarkCreateBody = z.infer<typeof markCreateBodySchema>;
/** POST /sbuilding/mark/save/{id}. */
export const markSaveBodySchema = z.object({ ...markFields, version: versionSchema });
export type MarkSaveBody = z.infer<typeof markSaveBodySchema>;
/** The console's mark form (no position: marks are placed by dragging). */
export const markFormSchema = z.object(markFields).omit({ x: true, y: true });
/** POST /sbuilding/mark/move/{id}: a drag on the plan. */
export const markMoveBodySchema = z.object({ x: coordinate, y: coordinate, version: versionSchema });
export type MarkMoveBody = z.infer<typeof markMoveBodySchema>;
/** POST /sbuilding/mark/bind/{id}: bind to a device of the building, or unbind with null. */
export const markBindBodySchema = z.object({ deviceId: boundDevice, version: versionSchema });
export type MarkBindBody = z.infer<typeof markBindBodySchema>;
/** POST /sbuilding/mark/getList: every mark of a floor. */
export const markListBodySchema = z.object({ floorId: idSchema });

export const markSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  buildingId: z.number().int(),
  floorId: z.number().int(),
  markName: z.string(),
  nickname: z.string(),
  onFloor: z.boolean(),
  belongType: z.enum(MARK_BELONG_TYPES),
  meshId: z.string(),
  proxy: z.boolean(),
  relay: z.boolean(),
  dashboardNickname: z.string(),
  alignment: z.enum(MARK_ALIGNMENTS),
  leftButton: z.string(),
  midButton: z.string(),
  rightButton: z.string(),
  x: z.number(),
  y: z.number(),
  deviceId: z.number().int().nullable(),
  /** Bound status: deviceId is set. */
  bound: z.boolean(),
  /** The bound device's state; null when unbound. */
  online: z.boolean().nullable(),
  deviceName: z.string().nullable(),
  deviceModel: z.enum(MODEL_IDS).nullable(),
  deviceCategory: z.enum(DEVICE_CATEGORIES).nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Mark = z.infer<typeof markSchema>;

/* ---------- Mesh network versions ---------- */

/** The mark fields a mesh version records; moving a mark on the plan does not change the network. */
export const MESH_FIELDS = ['markName', 'meshId', 'proxy', 'relay', 'deviceId', 'floorId'] as const;

export const meshChangeSchema = z.object({
  markId: z.number().int(),
  markName: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  fields: z.array(
    z.object({
      field: z.enum(MESH_FIELDS),
      from: z.union([z.string(), z.number(), z.boolean(), z.null()]),
      to: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    }),
  ),
});
export type MeshChange = z.infer<typeof meshChangeSchema>;

export const meshVersionSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  buildingId: z.number().int(),
  /** 1, 2, 3... per building. */
  version: z.number().int(),
  description: z.string(),
  /** One line per change, in the language of the user who made it. */
  log: z.string(),
  createdBy: z.string(),
  createTime: timestampSchema,
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
});
export type MeshVersion = z.infer<typeof meshVersionSchema>;

/** GET /sbuilding/mesh/{id}: the version with what changed against the one before. */
export const meshVersionDetailSchema = meshVersionSchema.extend({ changes: z.array(meshChangeSchema) });
export type MeshVersionDetail = z.infer<typeof meshVersionDetailSchema>;

/** POST /sbuilding/mesh/getList: the versions of a building, newest first. */
export const meshListBodySchema = pagingSchema.extend({ buildingId: idSchema });
export type MeshListBody = z.input<typeof meshListBodySchema>;
export type MeshListFilter = z.infer<typeof meshListBodySchema>;

/** POST /sbuilding/mesh/save/{id}: operators annotate a version. */
export const meshSaveBodySchema = z.object({ description: optionalText(500) });
