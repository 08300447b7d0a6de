import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { optionalText, requiredEnum, requiredText, timestampSchema, versionSchema } from './fields.js';
import { loginBodySchema } from './auth.js';
import { newPasswordSchema, userNameSchema } from './user.js';

/* Single sign-on (OpenID Connect and OAuth 2.0 providers), linked identities and invitations. */

/**
 * How a provider signs people in: `oidc` finds its endpoints through the issuer's discovery document and
 * proves the person with a signed ID token; `oauth2` (WeCom, DingTalk, Feishu and the like) names its
 * authorize, token and user-info endpoints and the user-info claim that identifies the person.
 */
export const SSO_PROVIDER_KINDS = ['oidc', 'oauth2'] as const;
export type SsoProviderKind = (typeof SSO_PROVIDER_KINDS)[number];

/** Roles an invitation, or a provider's new identities, may give: never an administrator. */
export const INVITABLE_ROLES = ['tbCustomer', 'tbVisualDisplay'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** The default scopes of a provider (OIDC_SCOPES). */
export const DEFAULT_SSO_SCOPES = 'openid profile email';

/** Days an invitation is valid when none is given, and the longest allowed. */
export const INVITATION_DAYS = { default: 7, max: 30 } as const;

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A provider address the server may call: `https://`, or `http://` only on this machine's loopback
 * addresses (a local provider, the tests). Tokens and client secrets never cross a network in clear.
 */
export function isAllowedProviderUrl(value: string): boolean {
  // No URL class here (this package runs in the browser and on Node without DOM or Node types).
  const match = /^(https?):\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?(\/[^\s#]*)?$/.exec(value);
  if (!match) return false;
  const [, scheme, host = ''] = match;
  return scheme === 'https' || isLoopbackHost(host.toLowerCase());
}

const providerUrl = z
  .string({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(500, 'tooLong')
  .refine(isAllowedProviderUrl, 'providerUrl');

const optionalProviderUrl = z
  .string({ error: 'invalid' })
  .trim()
  .max(500, 'tooLong')
  .refine((v) => v === '' || isAllowedProviderUrl(v), 'providerUrl')
  .optional()
  .default('');

/**
 * A provider as the login page lists it: `key` is `env` (the platform's) or a tenant provider's
 * unguessable key `<id>.<mac>` (never its bare id, so nobody can count through the tenants' providers).
 */
export const ssoProviderOptionSchema = z.object({ key: z.string(), name: z.string() });
export type SsoProviderOption = z.infer<typeof ssoProviderOptionSchema>;

/** GET /sso/providers: what the login page offers, and whether invited registration is on. */
export const ssoProvidersResponseSchema = z.object({
  providers: z.array(ssoProviderOptionSchema),
  registrationEnabled: z.boolean(),
});
export type SsoProvidersResponse = z.infer<typeof ssoProvidersResponseSchema>;

/**
 * GET /sso/providers?sso=: without a session the login page offers the platform's provider only, and a
 * tenant's provider when its login link (`/login?sso=<key>`, handed out by the tenant's administrator)
 * names it.
 */
export const ssoProvidersQuerySchema = z.object({ sso: z.string().max(64, 'tooLong').optional() });

const providerKeySchema = z.string().trim().min(1, 'required').max(64, 'tooLong');

/**
 * POST /sso/authorize: starts a sign-in with a provider. `redirect` is where the console goes afterwards
 * (a path of this site; anything else is replaced by `/`); `invitation` registers an invited person.
 */
export const ssoAuthorizeBodySchema = z.object({
  provider: providerKeySchema,
  redirect: z.string().max(2000, 'tooLong').optional(),
  invitation: z.string().max(128, 'tooLong').optional(),
});
export type SsoAuthorizeBody = z.infer<typeof ssoAuthorizeBodySchema>;

/** POST /sso/link: a signed-in user links another identity (the profile page). */
export const ssoLinkBodySchema = z.object({ provider: providerKeySchema });

/** The provider's authorization page, where the browser goes next. */
export const ssoAuthorizeResponseSchema = z.object({ url: z.string() });

/** POST /sso/callback: the query string the provider sent the browser back to /auth-redirect with. */
export const ssoCallbackBodySchema = z.object({ search: z.string().max(8192, 'tooLong') });

/**
 * What the callback led to: signed in (a linked identity), an identity to bind (/bind) or to register
 * (/register), or an identity linked to the signed-in user (from the profile page).
 */
export const ssoCallbackResponseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('signedIn'), token: z.string(), redirect: z.string() }),
  z.object({ kind: z.literal('bind'), ticket: z.string() }),
  z.object({ kind: z.literal('register'), ticket: z.string() }),
  z.object({ kind: z.literal('linked'), providerName: z.string() }),
]);
export type SsoCallbackResponse = z.infer<typeof ssoCallbackResponseSchema>;

/** GET /sso/ticket?ticket=: the pending identity /bind and /register show. */
export const ssoTicketResponseSchema = z.object({
  providerName: z.string(),
  /** What the provider says of the person (e-mail, name or login), to recognise the identity. */
  identityLabel: z.string(),
  /** A tenant provider that gives new identities a role: /bind may offer to create an account. */
  canRegister: z.boolean(),
});
export type SsoTicketResponse = z.infer<typeof ssoTicketResponseSchema>;

/** POST /sso/bind: the ticket of the identity and the existing account's sign-in (captcha as on /login). */
export const ssoBindBodySchema = loginBodySchema.extend({ ticket: z.string().min(1, 'required').max(128) });
export type SsoBindBody = z.infer<typeof ssoBindBodySchema>;

/** Signed in: the session token and where to go. */
export const ssoSignedInResponseSchema = z.object({ token: z.string(), redirect: z.string() });

/** A linked identity of the signed-in user (the profile page). */
export const ssoIdentitySchema = z.object({
  id: z.number().int(),
  providerName: z.string(),
  identityLabel: z.string(),
  createTime: timestampSchema,
});
export type SsoIdentity = z.infer<typeof ssoIdentitySchema>;

/** GET /sso/identities: the caller's identities, and the providers it may link (its tenant's and the platform's). */
export const ssoIdentitiesResponseSchema = z.object({
  identities: z.array(ssoIdentitySchema),
  linkable: z.array(ssoProviderOptionSchema),
});
export type SsoIdentitiesResponse = z.infer<typeof ssoIdentitiesResponseSchema>;

/** POST /register: an invitation (or a provider's ticket), the new account and the captcha. */
export const registerBodySchema = z.object({
  invitation: z.string().max(128, 'tooLong').optional().default(''),
  ticket: z.string().max(128, 'tooLong').optional().default(''),
  username: userNameSchema,
  password: newPasswordSchema,
  code: z.string().max(16, 'tooLong').optional().default(''),
  uuid: z.string().max(64, 'tooLong').optional().default(''),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The /register form: the confirmation must match ('Passwords is different'), the captcha when on. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string().min(1, 'required') })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'passwordsDifferent',
    path: ['confirmPassword'],
  });

/** GET /register/invitation: what a valid invitation (or ticket) registers into. */
export const registrationInfoSchema = z.object({
  tenantName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expiresAt: timestampSchema.nullable(),
  /** Providers the invited person may register through instead (linked at once). */
  providers: z.array(ssoProviderOptionSchema),
});
export type RegistrationInfo = z.infer<typeof registrationInfoSchema>;

const providerFields = {
  /** The button's label: "Sign in with {name}". */
  name: requiredText(50),
  protocol: requiredEnum(SSO_PROVIDER_KINDS),
  issuer: providerUrl,
  clientId: requiredText(200),
  scopes: optionalText(200),
  /** oauth2 only: the endpoints and the user-info claim that identifies the person. */
  authorizationEndpoint: optionalProviderUrl,
  tokenEndpoint: optionalProviderUrl,
  userinfoEndpoint: optionalProviderUrl,
  subjectClaim: optionalText(50),
  /** A role new identities may register with from /bind; null: they must bind an existing account. */
  newUserRole: z.enum(INVITABLE_ROLES, { error: 'invalid' }).nullable().optional().default(null),
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
};

function oauth2NeedsEndpoints<T extends { protocol: SsoProviderKind; authorizationEndpoint: string }>(
  body: T & { tokenEndpoint: string; userinfoEndpoint: string },
  ctx: z.RefinementCtx,
) {
  if (body.protocol !== 'oauth2') return;
  for (const field of ['authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'] as const) {
    if (!body[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
  }
}

/** PUT /sbuilding/sso/provider/create. `tenantId` is read only from a platform administrator. */
export const ssoProviderCreateBodySchema = z
  .object({
    ...providerFields,
    clientSecret: requiredText(500),
    tenantId: z.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
  })
  .superRefine(oauth2NeedsEndpoints);
export type SsoProviderCreateBody = z.infer<typeof ssoProviderCreateBodySchema>;

/** POST /sbuilding/sso/provider/save/{id}: an empty `clientSecret` keeps the stored one. */
export const ssoProviderSaveBodySchema = z
  .object({ ...providerFields, clientSecret: optionalText(500), version: versionSchema })
  .superRefine(oauth2NeedsEndpoints);
export type SsoProviderSaveBody = z.infer<typeof ssoProviderSaveBodySchema>;

/** A tenant's provider in the console: never the client secret, only whether one is stored. */
export const ssoProviderRowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  name: z.string(),
  protocol: z.enum(SSO_PROVIDER_KINDS),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  scopes: z.string(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  userinfoEndpoint: z.string(),
  subjectClaim: z.string(),
  newUserRole: z.enum(INVITABLE_ROLES).nullable(),
  enabled: z.boolean(),
  /** Its key for the login link the tenant hands out: `{origin}/login?sso={loginKey}`. */
  loginKey: z.string(),
  version: z.number().int(),
  updateTime: timestampSchema,
});
export type SsoProviderRow = z.infer<typeof ssoProviderRowSchema>;

/** PUT /sbuilding/invitation/create. `tenantId` is read only from a platform administrator. */
export const invitationCreateBodySchema = z.object({
  role: requiredEnum(INVITABLE_ROLES),
  expiresInDays: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(1, 'outOfRange')
    .max(INVITATION_DAYS.max, 'outOfRange')
    .optional()
    .default(INVITATION_DAYS.default),
  tenantId: z.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

export const INVITATION_STATUSES = ['pending', 'used', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation in the console. Its token is shown once, when it is created. */
export const invitationRowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  createdBy: z.string(),
  usedBy: z.string().nullable(),
  createTime: timestampSchema,
  expiresAt: timestampSchema,
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

/** The answer to create: the row and its token (the link is `/register?invitation={token}`). */
export const invitationCreatedSchema = invitationRowSchema.extend({ token: z.string() });
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** POST /sbuilding/sso/provider/getList and /sbuilding/invitation/getList: `tenantId` only from admin. */
export const ssoListBodySchema = pagingSchema.extend({
  tenantId: z
    .number({ error: 'invalid' })
    .int('invalid')
    .positive('invalid')
    .nullish()
    .transform((v) => v ?? undefined),
});
export type SsoListBody = z.infer<typeof ssoListBodySchema>;

/** GET /register/invitation: an invitation's token, or the ticket of an identity proven on the way. */
export const registrationQuerySchema = z.object({
  invitation: z.string().max(128, 'tooLong').optional().default(''),
  ticket: z.string().max(128, 'tooLong').optional().default(''),
});

/** GET /sso/ticket. */
export const ssoTicketQuerySchema = z.object({ ticket: z.string().min(1, 'required').max(128, 'tooLong') });
