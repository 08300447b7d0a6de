import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { DEVICE_CATEGORIES, MODEL_IDS } from '../devices/types.js';
import { idSchema, optionalFilter, requiredText, timestampSchema, versionSchema } from './fields.js';

/*
 * Device groups (spec section 3): devices of one category switched together by boards and scenes.
 * The category is the devices' (the server refuses a mix with 'Select the same category device').
 */

/** '0' normal, '1' disabled, like the other status fields of the console. */
export const GROUP_STATUSES = ['0', '1'] as const;
export const GROUP_DEVICES_MAX = 500;

const groupFields = {
  name: requiredText(64),
  status: z.enum(GROUP_STATUSES, { error: 'invalid' }).optional().default('0'),
  /** At least one ('Select Target!'), all of one category. */
  deviceIds: z
    .array(idSchema, { error: 'selectTarget' })
    .min(1, 'selectTarget')
    .max(GROUP_DEVICES_MAX, 'tooLong')
    .transform((ids) => [...new Set(ids)]),
};

/** PUT /sbuilding/group/create. */
export const groupCreateBodySchema = z.object({ projectId: idSchema, ...groupFields });
export type GroupCreateBody = z.infer<typeof groupCreateBodySchema>;
/** POST /sbuilding/group/save/{id}: a group stays in its project. */
export const groupSaveBodySchema = z.object({ ...groupFields, version: versionSchema });
export type GroupSaveBody = z.infer<typeof groupSaveBodySchema>;

/** POST /sbuilding/group/getList. */
export const groupListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  name: optionalFilter(z.string().trim().max(64, 'tooLong')),
  status: optionalFilter(z.enum(GROUP_STATUSES, { error: 'invalid' })),
  category: optionalFilter(z.enum(DEVICE_CATEGORIES, { error: 'invalid' })),
});
export type GroupListBody = z.input<typeof groupListBodySchema>;
export type GroupListFilter = z.infer<typeof groupListBodySchema>;

export const groupDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  model: z.enum(MODEL_IDS),
  floorName: z.string().nullable(),
  online: z.boolean(),
});

export const deviceGroupSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  status: z.enum(GROUP_STATUSES),
  category: z.enum(DEVICE_CATEGORIES),
  deviceCount: z.number().int(),
  devices: z.array(groupDeviceSchema),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type DeviceGroup = z.infer<typeof deviceGroupSchema>;
