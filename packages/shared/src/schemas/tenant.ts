import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import {
  optionalFilter,
  requiredEnum,
  requiredText,
  optionalText,
  timestampSchema,
  versionSchema,
} from './fields.js';
import {
  newPasswordSchema,
  nickNameSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  userNameSchema,
} from './user.js';

/* Tenants (the /tenant page, platform administrators only). A tenant is the spec's department. */

/** '0' active, '1' disabled: a disabled tenant's users cannot sign in and their sessions end. */
export const TENANT_STATUSES = ['0', '1'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

const tenantFields = {
  name: requiredText(100),
  contactName: optionalText(50),
  contactPhone: optionalPhoneSchema,
};

/** The tenant's first administrator (role tbAdmin), created together with the tenant. */
export const tenantAdminBodySchema = z.object(
  {
    userName: userNameSchema,
    nickName: nickNameSchema,
    password: newPasswordSchema,
    email: optionalEmailSchema,
    phonenumber: optionalPhoneSchema,
  },
  { error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'invalid') },
);

/** PUT /sbuilding/tenant/create: the tenant and its first tbAdmin, stored together or not at all. */
export const tenantCreateBodySchema = z.object({ ...tenantFields, admin: tenantAdminBodySchema });
export type TenantCreateBody = z.infer<typeof tenantCreateBodySchema>;

/** POST /sbuilding/tenant/save/{id}. */
export const tenantSaveBodySchema = z.object({
  ...tenantFields,
  status: requiredEnum(TENANT_STATUSES),
  version: versionSchema,
});
export type TenantSaveBody = z.infer<typeof tenantSaveBodySchema>;

/** The console's tenant forms. */
export const tenantCreateFormSchema = tenantCreateBodySchema;
export const tenantEditFormSchema = z.object({ ...tenantFields, status: requiredEnum(TENANT_STATUSES) });

/** POST /sbuilding/tenant/getList filter body. */
export const tenantListBodySchema = pagingSchema.extend({
  name: optionalFilter(z.string().trim().max(100, 'tooLong')),
  status: optionalFilter(z.enum(TENANT_STATUSES, { error: 'invalid' })),
});
export type TenantListBody = z.input<typeof tenantListBodySchema>;
export type TenantListFilter = z.infer<typeof tenantListBodySchema>;

export const tenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: z.enum(TENANT_STATUSES),
  /** Usernames of the tenant's administrators (role tbAdmin), oldest first. */
  admins: z.array(z.string()),
  /** Users (deleted ones excluded) and projects the tenant holds. */
  userCount: z.number().int(),
  projectCount: z.number().int(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;
