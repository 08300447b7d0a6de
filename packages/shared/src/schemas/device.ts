import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { createSchemaFor, attributesSchemaFor } from '../devices/schemas.js';
import { DEVICE_CATEGORIES, MODEL_IDS, type ModelId } from '../devices/types.js';
import { optionalFileId } from './building.js';
import { idSchema, optionalFilter, optionalText, timestampSchema, versionSchema } from './fields.js';

/*
 * The device registry (spec sections 3 and 7 Devices). A device's model-specific fields come from the
 * catalogue (devices/models.ts); the fields here are the ones every device has: where it is and its pictures.
 */

/** A nullable id of a form: absent, null or '' mean none. */
const optionalId = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** Where a device is; the project and tenant are the building's. A zone must lie on the floor. */
export const deviceRegistryFields = {
  buildingId: idSchema,
  floorId: optionalId,
  zoneId: optionalId,
  /** Free text: 'Room 201, above the door'. */
  position: optionalText(100),
  positionImageId: optionalFileId,
  horizontalImageId: optionalFileId,
  verticalImageId: optionalFileId,
};

/**
 * Body of a create call for `model` (create-ac20, create-cc10, 4G-device/create-*, device/create/{model}):
 * the registry fields and the model's create fields; unknown keys are refused.
 */
export function deviceCreateBodySchemaFor(model: ModelId) {
  return z.strictObject({ ...deviceRegistryFields, ...createSchemaFor(model).shape }, { error: 'invalid' });
}

/** Body of POST /sbuilding/device/save/{id}: as create, plus the version read (409 when stale). */
export function deviceSaveBodySchemaFor(model: ModelId) {
  return deviceCreateBodySchemaFor(model).extend({ version: versionSchema });
}

/** The route-level shape of create and save bodies; the service reads the rest against the model. */
export const deviceBodyEnvelopeSchema = z.looseObject({ buildingId: idSchema });

/** A value of a model field as stored and answered. */
export const deviceFieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type DeviceFieldValue = z.infer<typeof deviceFieldValueSchema>;

/** `{model}` path parameter of the generic create call. */
export const deviceModelParamsSchema = z.object({ model: z.enum(MODEL_IDS, { error: 'invalid' }) });

/** POST /sbuilding/device/getList (and v2, v3): every filter optional; '' or null mean any. */
export const deviceListBodySchema = pagingSchema.extend({
  projectId: optionalId,
  buildingId: optionalId,
  floorId: optionalId,
  zoneId: optionalId,
  /** The gateway the devices sit behind (the AC gateway page lists its indoor units this way). */
  parentId: optionalId,
  category: optionalFilter(z.enum(DEVICE_CATEGORIES, { error: 'invalid' })),
  model: optionalFilter(z.enum(MODEL_IDS, { error: 'invalid' })),
  online: z
    .union([z.literal(''), z.null(), z.boolean({ error: 'invalid' })])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  /** Contains, case-insensitive; also matches the MAC or code address. */
  name: optionalFilter(z.string().trim().max(64, 'tooLong')),
});
export type DeviceListBody = z.input<typeof deviceListBodySchema>;
export type DeviceListFilter = z.infer<typeof deviceListBodySchema>;

/** Most rows getList/v3 answers (the boards draw every device of a building at once). */
export const DEVICE_GROUPED_MAX = 2000;

export const deviceSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  floorId: z.number().int().nullable(),
  floorName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  model: z.enum(MODEL_IDS),
  category: z.enum(DEVICE_CATEGORIES),
  name: z.string(),
  position: z.string(),
  /** The model's create fields other than name (macAddr, codeAddr, indoorAddr, ...), as saved. */
  props: z.record(z.string(), deviceFieldValueSchema),
  /** The gateway it sits behind (AC gateway, 4G gateway or Bluetooth gateway), from the model's ref field. */
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  online: z.boolean(),
  /** Last message from the device; null before it ever connected. */
  lastActivityTime: timestampSchema.nullable(),
  positionImageId: z.string().nullable(),
  positionImageUrl: z.string().nullable(),
  horizontalImageId: z.string().nullable(),
  horizontalImageUrl: z.string().nullable(),
  verticalImageId: z.string().nullable(),
  verticalImageUrl: z.string().nullable(),
  /** The plan mark the device is bound to, if any. */
  markId: z.number().int().nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Device = z.infer<typeof deviceSchema>;

/** The latest value of each telemetry key (written by the device protocol). */
export const latestTelemetrySchema = z.record(
  z.string(),
  z.object({ value: z.union([z.number(), z.string(), z.boolean(), z.null()]), ts: timestampSchema }),
);
export type LatestTelemetry = z.infer<typeof latestTelemetrySchema>;

/** A getList/v2 row: the device and its latest telemetry. */
export const deviceWithTelemetrySchema = deviceSchema.extend({ telemetry: latestTelemetrySchema });
export type DeviceWithTelemetry = z.infer<typeof deviceWithTelemetrySchema>;

/** getList/v3: the filtered devices grouped by floor, then zone (null: not on a floor / zone). */
export const devicesByFloorSchema = z.array(
  z.object({
    floorId: z.number().int().nullable(),
    floorName: z.string().nullable(),
    zones: z.array(
      z.object({
        zoneId: z.number().int().nullable(),
        zoneName: z.string().nullable(),
        devices: z.array(deviceWithTelemetrySchema),
      }),
    ),
  }),
);
export type DevicesByFloor = z.infer<typeof devicesByFloorSchema>;

/** GET /sbuilding/device/getDeviceInfoById/{id}: the device, its readings and the groups it is in. */
export const deviceInfoSchema = deviceWithTelemetrySchema.extend({
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** What the device reported about itself over MQTT (client attributes: firmware, serial number…). */
  reported: z.record(z.string(), z.unknown()),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

/** GET /sbuilding/common/getDevCategorys: categories with their models, named in the request's language. */
export const deviceCategoryOptionSchema = z.object({
  category: z.enum(DEVICE_CATEGORIES),
  name: z.string(),
  models: z.array(z.object({ model: z.enum(MODEL_IDS), name: z.string() })),
});
export type DeviceCategoryOption = z.infer<typeof deviceCategoryOptionSchema>;

/* ---------- Credentials ---------- */

/** GET/POST /sbuilding/device/credentials/{id}: the MQTT username the device connects with. */
export const deviceCredentialsSchema = z.object({ deviceId: z.number().int(), accessToken: z.string() });
export type DeviceCredentials = z.infer<typeof deviceCredentialsSchema>;

/* ---------- Client attributes (sensor parameters) ---------- */

/** Body of save-s2/{id}, save-e90/{id}, save-kxx/v2/{id} and dev-client-attr/save/{id}. */
export function deviceAttributesBodySchemaFor(model: ModelId) {
  return attributesSchemaFor(model);
}

/** POST /sbuilding/dev-client-attr/save-ac20/batch: the same parameters for many indoor units. */
export const AC20_BATCH_MAX = 500;
export const ac20BatchBodySchema = z.object({
  ids: z
    .array(idSchema, { error: 'invalid' })
    .min(1, 'selectTarget')
    .max(AC20_BATCH_MAX, 'tooLong')
    .transform((ids) => [...new Set(ids)]),
  attributes: attributesSchemaFor('ac20'),
});
export type Ac20BatchBody = z.infer<typeof ac20BatchBodySchema>;

export const attributeChangeSchema = z.object({
  time: timestampSchema,
  userName: z.string(),
  changes: z.array(z.object({ key: z.string(), from: deviceFieldValueSchema, to: deviceFieldValueSchema })),
});
export type AttributeChange = z.infer<typeof attributeChangeSchema>;

/** GET /sbuilding/dev-client-attr/get/{id}: saved parameters (absent ones are the device's defaults). */
export const deviceAttributesSchema = z.object({
  deviceId: z.number().int(),
  model: z.enum(MODEL_IDS),
  attributes: z.record(z.string(), deviceFieldValueSchema),
  /** Newest first, the last 50 saves. */
  history: z.array(attributeChangeSchema),
});
export type DeviceAttributes = z.infer<typeof deviceAttributesSchema>;

/* ---------- Bluetooth gateway initialisation ---------- */

export const BLE_INIT_STATES = ['pending', 'initialising', 'ready', 'failed'] as const;
export type BleInitState = (typeof BLE_INIT_STATES)[number];

/** GET /sbuilding/device/queryInitBleGatewayStatus/{id}, polled by the console until ready or failed. */
export const bleGatewayInitSchema = z.object({
  deviceId: z.number().int(),
  status: z.enum(BLE_INIT_STATES),
  /** 0-100. */
  progress: z.number().int(),
  /** The step under way or last done, as a message key of the console (deviceInit.*). */
  step: z.string(),
  /** Why it failed, in the request's language; '' otherwise. */
  message: z.string(),
  updateTime: timestampSchema,
});
export type BleGatewayInit = z.infer<typeof bleGatewayInitSchema>;

/** PUT /sbuilding/device/createBleGateway/{floorId}: the device and its initialisation job. */
export const bleGatewayCreatedSchema = z.object({ device: deviceSchema, init: bleGatewayInitSchema });

/* ---------- Bulk import ---------- */

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MODES = ['all', 'valid'] as const;

/** One data row of an import file, by column name (model, name, building, floor, zone, position, gateway, fields). */
export const importRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int().min(2),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importRowResultSchema = z.object({
  line: z.number().int(),
  model: z.string(),
  name: z.string(),
  /** Empty when the row can be imported; otherwise each problem in the request's language. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

/** POST /sbuilding/device/import/check (multipart: file; query projectId): every row checked, nothing saved. */
export const importCheckSchema = z.object({
  rows: z.array(importRowSchema),
  results: z.array(importRowResultSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The rejected rows with their reasons as an .xlsx, for GET /common/download; null when none. */
  reportFileName: z.string().nullable(),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

export const importQuerySchema = z.object({ projectId: idSchema });

/** PUT /sbuilding/device/import: `all` saves every row or none (400 naming the first bad row); `valid` saves the good rows. */
export const importBodySchema = z.object({
  projectId: idSchema,
  mode: z.enum(IMPORT_MODES, { error: 'invalid' }),
  rows: z.array(importRowSchema, { error: 'invalid' }).min(1, 'required').max(IMPORT_MAX_ROWS, 'tooLong'),
});
export type ImportBody = z.infer<typeof importBodySchema>;

export const importResultSchema = z.object({
  imported: z.number().int(),
  rejected: z.array(importRowResultSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;
