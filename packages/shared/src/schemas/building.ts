import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import {
  idSchema,
  optionalFilter,
  optionalText,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/* ---------- Uploaded files ---------- */

/** Largest upload the server accepts, images and floor plans alike (10 MiB). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** `image`: a JPG or PNG picture; `svg`: a floor plan, sanitized by the server before it is stored. */
export const FILE_KINDS = ['image', 'svg'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** The content types files are stored and served with; an image is recognised by its bytes. */
export const FILE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid';

/** An uploaded file's id (a UUID the server made up). */
export const fileIdSchema = z.uuid({ error: 'invalid' });

/** An optional file reference of a form: absent, null or '' mean "no file". */
export const optionalFileId = z
  .union([z.literal(''), z.null(), fileIdSchema])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

/** Query of the upload calls: an administrator (who belongs to no tenant) names the file's tenant. */
export const uploadQuerySchema = z.object({ tenantId: idSchema.optional() });

/** An SVG's user-unit box `[minX, minY, width, height]`, the coordinates zones are drawn in. */
export const viewBoxSchema = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type ViewBox = z.infer<typeof viewBoxSchema>;

export const uploadedFileSchema = z.object({
  id: z.string(),
  tenantId: z.number().int(),
  kind: z.enum(FILE_KINDS),
  mime: z.enum(FILE_MIME_TYPES),
  size: z.number().int(),
  /** The name the file had on the uploader's disk, for display only. */
  originalName: z.string(),
  /** Floor plans only: the SVG's view box; null for images or an SVG without one. */
  viewBox: viewBoxSchema.nullable(),
  /** A signed link for `<img src>` (no Authorization header needed); valid for an hour or more. */
  url: z.string(),
  createTime: timestampSchema,
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/* ---------- Buildings (halls) ---------- */

const longitudeSchema = z
  .number({ error: requiredOrInvalid })
  .min(-180, 'longitudeRange')
  .max(180, 'longitudeRange');
const latitudeSchema = z
  .number({ error: requiredOrInvalid })
  .min(-90, 'latitudeRange')
  .max(90, 'latitudeRange');

const buildingFields = {
  name: requiredText(100),
  /** WGS-84 degrees, east positive. */
  longitude: longitudeSchema,
  /** WGS-84 degrees, north positive. */
  latitude: latitudeSchema,
  address: optionalText(200),
  /** An uploaded image (kind `image`) of the caller's tenant. */
  imageId: optionalFileId,
  /**
   * The mini-program binding: while on, the building can be opened from the WeChat mini-program and its
   * QR code (`/wxProgram?hallId={id}`) is issued; while off, the QR code call answers 409.
   */
  miniProgramEnabled: z.boolean({ error: 'invalid' }).optional().default(true),
};

/** PUT /sbuilding/hall/create: a building of a project (the tenant is the project's). */
export const buildingCreateBodySchema = z.object({ projectId: idSchema, ...buildingFields });
export type BuildingCreateBody = z.infer<typeof buildingCreateBodySchema>;

/** POST /sbuilding/hall/save/{id}: a building stays in its project. */
export const buildingSaveBodySchema = z.object({ ...buildingFields, version: versionSchema });
export type BuildingSaveBody = z.infer<typeof buildingSaveBodySchema>;

/** The console's building form. */
export const buildingFormSchema = z.object(buildingFields);

/** POST /sbuilding/hall/getList. */
export const buildingListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  name: optionalFilter(z.string().trim().max(100, 'tooLong')),
});
export type BuildingListBody = z.input<typeof buildingListBodySchema>;
export type BuildingListFilter = z.infer<typeof buildingListBodySchema>;

export const buildingSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  address: z.string(),
  imageId: z.string().nullable(),
  /** Signed link of the image for `<img src>`; null without an image. */
  imageUrl: z.string().nullable(),
  miniProgramEnabled: z.boolean(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Building = z.infer<typeof buildingSchema>;

/** GET /sbuilding/hall/{id}/qrcode: PNG by default, SVG with format=svg. */
export const qrCodeQuerySchema = z.object({
  format: z.enum(['png', 'svg'], { error: 'invalid' }).optional().default('png'),
});

/* ---------- Floors ---------- */

export const FLOOR_TAG_MAX = 20;

const floorFields = {
  name: requiredText(100),
  /** A short label shown on the floor switcher ('F1', 'B2'). */
  mark: optionalText(50),
  /** Square metres; null when unknown. */
  area: z
    .number({ error: 'invalid' })
    .min(0, 'nonNegative')
    .max(10_000_000, 'invalid')
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** An uploaded image (kind `image`). */
  imageId: optionalFileId,
  /** An uploaded floor plan (kind `svg`); zones are drawn in its user units. */
  planId: optionalFileId,
  /** Free labels; repeated ones are kept once. */
  tags: z
    .array(requiredText(30), { error: 'invalid' })
    .max(FLOOR_TAG_MAX, 'tooLong')
    .optional()
    .default([])
    .transform((tags) => [...new Set(tags)]),
  /** Ascending order of the floors of a building (then by id). */
  sort: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'invalid')
    .max(9999, 'invalid')
    .optional()
    .default(0),
};

/** PUT /sbuilding/floor/create. */
export const floorCreateBodySchema = z.object({ buildingId: idSchema, ...floorFields });
export type FloorCreateBody = z.infer<typeof floorCreateBodySchema>;

/** POST /sbuilding/floor/save/{id}: a floor stays in its building. */
export const floorSaveBodySchema = z.object({ ...floorFields, version: versionSchema });
export type FloorSaveBody = z.infer<typeof floorSaveBodySchema>;

export const floorFormSchema = z.object(floorFields);

/** POST /sbuilding/floor/getList. */
export const floorListBodySchema = pagingSchema.extend({
  buildingId: idSchema,
  name: optionalFilter(z.string().trim().max(100, 'tooLong')),
});
export type FloorListBody = z.input<typeof floorListBodySchema>;
export type FloorListFilter = z.infer<typeof floorListBodySchema>;

export const floorSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  buildingId: z.number().int(),
  name: z.string(),
  mark: z.string(),
  area: z.number().nullable(),
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  planId: z.string().nullable(),
  /** Signed link of the sanitized SVG plan for `<img src>` (never inject it into the page's DOM). */
  planUrl: z.string().nullable(),
  /** The plan's view box, to lay the zones overlay over the image; null without a plan or view box. */
  planViewBox: viewBoxSchema.nullable(),
  tags: z.array(z.string()),
  sort: z.number().int(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Floor = z.infer<typeof floorSchema>;

/* ---------- Zones (sectors) ---------- */

export const POLYGON_POINTS = { min: 3, max: 100 } as const;
/** Coordinates are SVG user units of the floor plan; this bound only keeps nonsense out. */
const COORDINATE_LIMIT = 1_000_000;
const coordinate = z
  .number({ error: 'invalid' })
  .min(-COORDINATE_LIMIT, 'invalid')
  .max(COORDINATE_LIMIT, 'invalid');
const extent = z.number({ error: 'invalid' }).gt(0, 'invalid').max(COORDINATE_LIMIT, 'invalid');

export const rectShapeSchema = z.object({
  kind: z.literal('rect'),
  x: coordinate,
  y: coordinate,
  w: extent,
  h: extent,
});
export const polygonShapeSchema = z.object({
  kind: z.literal('polygon'),
  points: z
    .array(z.tuple([coordinate, coordinate], { error: 'invalid' }), { error: 'invalid' })
    .min(POLYGON_POINTS.min, 'polygonPoints')
    .max(POLYGON_POINTS.max, 'polygonPoints'),
});

/** Where a zone lies on its floor's plan: a rectangle or a polygon of 3-100 points, in plan user units. */
export const zoneShapeSchema = z.discriminatedUnion('kind', [rectShapeSchema, polygonShapeSchema], {
  error: 'invalid',
});
export type ZoneShape = z.infer<typeof zoneShapeSchema>;

const zoneFields = {
  name: requiredText(100),
  /** A value of the `sb_zone_type` dictionary (office, meeting, corridor, ...). */
  type: requiredText(32),
  mark: optionalText(50),
  /** Null until the zone is drawn on the plan. */
  shape: zoneShapeSchema
    .nullable()
    .optional()
    .transform((v) => v ?? null),
};

/** PUT /sbuilding/sector/create. */
export const zoneCreateBodySchema = z.object({ floorId: idSchema, ...zoneFields });
export type ZoneCreateBody = z.infer<typeof zoneCreateBodySchema>;

/** POST /sbuilding/sector/save/{id}: a zone stays on its floor. */
export const zoneSaveBodySchema = z.object({ ...zoneFields, version: versionSchema });
export type ZoneSaveBody = z.infer<typeof zoneSaveBodySchema>;

export const zoneFormSchema = z.object(zoneFields);

/** POST /sbuilding/sector/getList. */
export const zoneListBodySchema = pagingSchema.extend({
  floorId: idSchema,
  name: optionalFilter(z.string().trim().max(100, 'tooLong')),
  type: optionalFilter(z.string().trim().max(32, 'tooLong')),
});
export type ZoneListBody = z.input<typeof zoneListBodySchema>;
export type ZoneListFilter = z.infer<typeof zoneListBodySchema>;

export const zoneSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  floorId: z.number().int(),
  name: z.string(),
  type: z.string(),
  mark: z.string(),
  shape: zoneShapeSchema.nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Zone = z.infer<typeof zoneSchema>;
