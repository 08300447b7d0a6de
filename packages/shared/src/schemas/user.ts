import { z } from 'zod';
import { PASSWORD_LENGTH } from '../constants.js';
import { pagingSchema } from '../envelope.js';
import { ASSIGNABLE_ROLES, isBuildingBound, ROLES } from '../roles.js';
import { isEmail, isPhone } from '../validators.js';
import { idSchema, optionalFilter, requiredEnum, timestampSchema, versionSchema } from './fields.js';
import { userSchema } from './auth.js';

/* User administration (spec section 3 User, section 5 Users): the /buildingUser page and its calls. */

const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'invalid';

/** The most buildings one weixin customer belongs to. */
export const USER_HALLS_MAX = 50;

/** Usernames: 2-30 letters, digits, '_', '.' or '-'. Unique regardless of case. */
export const USER_NAME_PATTERN = /^[A-Za-z0-9_.-]{2,30}$/;

/** '0' male, '1' female, '2' unknown (spec section 3: gender male/female). */
export const SEXES = ['0', '1', '2'] as const;
export type Sex = (typeof SEXES)[number];

/** A role a user account can be given. */
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const userNameSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, 'required')
  .regex(USER_NAME_PATTERN, 'userNameFormat');

export const nickNameSchema = z
  .string({ error: requiredOrInvalid })
  .trim()
  .min(1, 'required')
  .max(30, 'tooLong');

/** A new password (spec section 5, Users: length 6-20); empty answers "required". */
export const newPasswordSchema = z
  .string({ error: requiredOrInvalid })
  .min(1, 'required')
  .min(PASSWORD_LENGTH.min, 'passwordLength')
  .max(PASSWORD_LENGTH.max, 'passwordLength');

/** Optional on a user, but checked when given (spec section 5, Users: email and phone formats checked). */
export const optionalEmailSchema = z
  .string({ error: 'invalid' })
  .trim()
  .max(50, 'tooLong')
  .refine((v) => v === '' || isEmail(v), 'email')
  .optional()
  .default('');

export const optionalPhoneSchema = z
  .string({ error: 'invalid' })
  .trim()
  .max(20, 'tooLong')
  .refine((v) => v === '' || isPhone(v), 'phone')
  .optional()
  .default('');

/**
 * An avatar: empty (the console shows its default image), a same-origin path or an http(s) URL. Other
 * schemes (javascript:, data:) are refused, since the console puts the value into `<img src>`.
 */
export const avatarSchema = z
  .string({ error: 'invalid' })
  .trim()
  .max(500, 'tooLong')
  .refine((v) => v === '' || /^(\/(?![/\\])|https?:\/\/)/.test(v), 'invalid')
  .optional()
  .default('');

const tenantIdSchema = z.number({ error: 'invalid' }).int('invalid').positive('invalid');

const userFields = {
  nickName: nickNameSchema,
  email: optionalEmailSchema,
  phonenumber: optionalPhoneSchema,
  sex: z.enum(SEXES, { error: 'invalid' }).optional().default('2'),
  /**
   * One role per account. Only a platform administrator gives the role `admin`; an admin account belongs
   * to no tenant.
   */
  role: requiredEnum(ASSIGNABLE_ROLES),
  /**
   * The department, i.e. the tenant. Read only from a platform administrator (who must name it for a
   * tenant user); anyone else's users are always in their own tenant.
   */
  deptId: tenantIdSchema.optional(),
  avatar: avatarSchema,
  /** A blacklisted user cannot sign in; blacklisting ends its sessions at once. */
  blacklisted: z.boolean({ error: 'invalid' }).optional().default(false),
  /**
   * The buildings a weixin customer belongs to (at least one; ignored for other roles, whose scope is the
   * tenant). Each must be a building of the user's tenant.
   */
  hallIds: z
    .array(idSchema, { error: 'invalid' })
    .max(USER_HALLS_MAX, 'tooLong')
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)]),
};

/** A building-bound role (weixin customer) names its buildings: 'Buildings is required'. */
function hallsNamed(user: { role: string; hallIds: readonly number[] }, ctx: z.RefinementCtx): void {
  if (isBuildingBound([user.role]) && user.hallIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['hallIds'] });
  }
}

/** PUT /sbuilding/user/create. The username cannot be changed later. */
export const userCreateBodySchema = z
  .object({
    userName: userNameSchema,
    password: newPasswordSchema,
    ...userFields,
  })
  .superRefine(hallsNamed);
export type UserCreateBody = z.infer<typeof userCreateBodySchema>;

/** POST /sbuilding/user/save/{id}: everything but username and password, plus the version read. */
export const userSaveBodySchema = z.object({ ...userFields, version: versionSchema }).superRefine(hallsNamed);
export type UserSaveBody = z.infer<typeof userSaveBodySchema>;

/** The console's user forms: create (with username and password) and edit. */
export const userCreateFormSchema = userCreateBodySchema;
export const userEditFormSchema = z.object(userFields).superRefine(hallsNamed);

/** POST /sbuilding/user/resetPwd/{id}. */
export const userResetPwdBodySchema = z.object({ password: newPasswordSchema });
export type UserResetPwdBody = z.infer<typeof userResetPwdBodySchema>;

/** The console's reset-password form adds the confirmation ('Passwords is different'). */
export const userResetPwdFormSchema = userResetPwdBodySchema
  .extend({ confirmPassword: z.string().min(1, 'required') })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwordsDifferent',
    path: ['confirmPassword'],
  });

/** POST /sbuilding/user/blacklist/{id}. */
export const userBlacklistBodySchema = z.object({
  blacklisted: z.boolean({ error: requiredOrInvalid }),
});

/** POST /sbuilding/user/getList filter body. `tenantId` is read only from a platform administrator. */
export const userListBodySchema = pagingSchema.extend({
  userName: optionalFilter(z.string().trim().max(30, 'tooLong')),
  phonenumber: optionalFilter(z.string().trim().max(20, 'tooLong')),
  role: optionalFilter(z.enum(ASSIGNABLE_ROLES, { error: 'invalid' })),
  blacklisted: z
    .boolean({ error: 'invalid' })
    .nullish()
    .transform((v) => v ?? undefined),
  tenantId: tenantIdSchema.nullish().transform((v) => v ?? undefined),
});
export type UserListBody = z.input<typeof userListBodySchema>;
export type UserListFilter = z.infer<typeof userListBodySchema>;

/** A row of the user administration: the public user plus role, tenant name and blacklist flag. */
export const adminUserSchema = userSchema.extend({
  deptName: z.string().nullable(),
  role: z.enum(ROLES),
  blacklisted: z.boolean(),
  /** A weixin customer's buildings (empty for other roles). */
  hallIds: z.array(z.number().int()),
  version: z.number().int(),
  updateTime: timestampSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /sbuilding/user/hallOptions: the buildings a weixin customer can be given (an admin names the tenant). */
export const userHallOptionsQuerySchema = z.object({ tenantId: idSchema.optional() });
export type UserHallOptionsQuery = z.infer<typeof userHallOptionsQuerySchema>;

/** A building to choose for a weixin customer, with its project (building names repeat across projects). */
export const userHallOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
});
export type UserHallOption = z.infer<typeof userHallOptionSchema>;
