import { z } from 'zod';
import { PASSWORD_LENGTH } from '../constants.js';
import { isEmail, isPhone } from '../validators.js';

/** POST /login. The username is trimmed before use (spec section 5). */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1, 'required').max(64, 'tooLong'),
  password: z.string().min(1, 'required').max(128, 'tooLong'),
  code: z.string().max(16, 'tooLong').optional().default(''),
  uuid: z.string().max(64, 'tooLong').optional().default(''),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The console's login form: captcha code is required when captcha is on. */
export const loginFormSchema = loginBodySchema.extend({ code: z.string().trim().min(1, 'required') });

export const captchaResponseSchema = z.object({
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  img: z.string().optional(),
});
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

export const loginResponseSchema = z.object({ token: z.string() });

/** The signed-in user as getInfo and the profile return it; `deptId` is the tenant (null for admin). */
export const userSchema = z.object({
  userId: z.number().int(),
  deptId: z.number().int().nullable(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  sex: z.enum(['0', '1', '2']),
  /** ISO 8601. */
  createTime: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /getInfo. `roles` is never empty: no role reads as ROLE_DEFAULT. */
export const userInfoSchema = z.object({
  user: userSchema,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET /system/user/profile: `roleGroup` is the role keys joined by ','; `deptName` the tenant's name. */
export const profileResponseSchema = z.object({
  user: userSchema,
  roleGroup: z.string(),
  deptName: z.string().nullable(),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const routeMetaSchema = z.object({
  title: z.string(),
  icon: z.string().optional(),
  noCache: z.boolean().optional(),
  affix: z.boolean().optional(),
  /**
   * The access policy's action of the page (`AccessAction` of access/actions.ts; issue 32). A plain string
   * here: this module is on the login page's first load, which need not carry the table of actions.
   */
  access: z.string().optional(),
  roles: z.array(z.string()).optional(),
  permissions: z.array(z.string()).optional(),
  hidden: z.boolean().optional(),
  transition: z.boolean().optional(),
});

/** A route record of GET /getRouters (see RouteRecord in routes/record.ts). */
export const routeRecordSchema = z.object({
  name: z.string().optional(),
  path: z.string(),
  component: z.string(),
  redirect: z.string().optional(),
  meta: routeMetaSchema,
  get children(): z.ZodOptional<z.ZodArray<typeof routeRecordSchema>> {
    return z.array(routeRecordSchema).optional();
  },
});
// A recursive schema must be a named component of the OpenAPI document (its children refer back to it):
// registered with an id, fastify-type-provider-zod emits it under components/schemas.
z.globalRegistry.add(routeRecordSchema, { id: 'RouteRecord' });

export const passwordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, 'passwordLength')
  .max(PASSWORD_LENGTH.max, 'passwordLength');

/** Profile (spec section 5): nickname, email and phone required and well-formed. */
export const profileBodySchema = z.object({
  nickName: z.string().trim().min(1, 'required').max(30, 'tooLong'),
  email: z.string().trim().min(1, 'required').refine(isEmail, 'email'),
  phonenumber: z.string().trim().min(1, 'required').refine(isPhone, 'phone'),
  sex: z.enum(['0', '1', '2']).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The server's password change body. */
export const passwordChangeBodySchema = z.object({
  oldPassword: z.string().min(1, 'required'),
  newPassword: passwordSchema,
});

/** The console's password form adds the confirmation ('Passwords is different'). */
export const passwordChangeFormSchema = passwordChangeBodySchema
  .extend({ confirmPassword: z.string().min(1, 'required') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'passwordsDifferent',
    path: ['confirmPassword'],
  });
