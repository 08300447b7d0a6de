import { and, asc, eq } from 'drizzle-orm';
import { INVITABLE_ROLES, SSO_PROVIDER_KINDS, type SsoProviderOption } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Config } from '../../platform/env.js';
import { badRequest } from '../../platform/errors.js';
import type { Sealer } from '../../platform/auth/sealing.js';
import { CONFIG_KEYS, getConfigValue } from '../system/index.js';
import { tenants } from '../tenants/index.js';
import type { ProviderKeys } from './provider-keys.js';
import type { ResolvedProvider } from './protocol.js';
import { ssoProviders } from './tables.js';

/** The key of the platform-wide provider of the environment (OIDC_*). */
export const ENV_PROVIDER_KEY = 'env';

export interface SsoContext {
  db: Db;
  config: Pick<Config, 'oidc'>;
  sealer: Sealer;
  /** The unguessable keys tenant providers are named by outside the console (provider-keys.ts). */
  keys: ProviderKeys;
}

/** The sealing context of a provider's secret: a sealed value copied to another row does not open. */
export const secretContext = (providerId: number) => `sso-provider:${providerId}`;

const isOff = (value: string | undefined) => value?.trim().toLowerCase() === 'false';

/** Single sign-on is on unless the system config `sys.account.ssoEnabled` is 'false'. */
export async function isSsoEnabled(db: Db): Promise<boolean> {
  return !isOff(await getConfigValue(db, CONFIG_KEYS.ssoEnabled));
}

/** Invited registration is on unless the system config `sys.account.registerUser` is 'false'. */
export async function isRegistrationEnabled(db: Db): Promise<boolean> {
  return !isOff(await getConfigValue(db, CONFIG_KEYS.registerUser));
}

export async function assertSsoEnabled(db: Db): Promise<void> {
  if (!(await isSsoEnabled(db))) throw badRequest('sso.disabled');
}

const protocolOf = (value: string) => SSO_PROVIDER_KINDS.find((k) => k === value) ?? 'oidc';
export const roleOf = (value: string | null) => INVITABLE_ROLES.find((r) => r === value) ?? null;

function envProvider(config: Pick<Config, 'oidc'>): ResolvedProvider | null {
  const oidc = config.oidc;
  if (!oidc) return null;
  return {
    key: ENV_PROVIDER_KEY,
    id: null,
    tenantId: null,
    name: oidc.name,
    protocol: 'oidc',
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: oidc.scopes,
    authorizationEndpoint: '',
    tokenEndpoint: '',
    userinfoEndpoint: '',
    subjectClaim: '',
    newUserRole: null,
    version: 0,
  };
}

/**
 * Which tenant providers a list offers beside the platform's: none, one tenant's (an invitation's, or a
 * signed-in user's own), or the one provider a handed-out login link names.
 */
export type TenantProviders = { tenantId: number } | { providerId: number } | null;

/**
 * The providers people may sign in with: the environment's, then the enabled providers `which` names of an
 * enabled tenant. Tenant providers carry their unguessable key. None while SSO is off.
 */
export async function providerOptions(ctx: SsoContext, which: TenantProviders): Promise<SsoProviderOption[]> {
  if (!(await isSsoEnabled(ctx.db))) return [];
  const env = envProvider(ctx.config);
  const rows =
    which === null
      ? []
      : await ctx.db
          .select({ id: ssoProviders.id, name: ssoProviders.name })
          .from(ssoProviders)
          .innerJoin(tenants, eq(tenants.id, ssoProviders.tenantId))
          .where(
            and(
              eq(ssoProviders.enabled, true),
              eq(tenants.status, '0'),
              'tenantId' in which
                ? eq(ssoProviders.tenantId, which.tenantId)
                : eq(ssoProviders.id, which.providerId),
            ),
          )
          .orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
  return [
    ...(env ? [{ key: env.key, name: env.name }] : []),
    ...rows.map((r) => ({ key: ctx.keys.keyOf(r.id), name: r.name })),
  ];
}

/** A provider by the key the login page used; 400 when it is unknown or switched off. */
export async function resolveProvider(ctx: SsoContext, key: string): Promise<ResolvedProvider> {
  if (key === ENV_PROVIDER_KEY) {
    const env = envProvider(ctx.config);
    if (!env) throw badRequest('sso.unknownProvider');
    return env;
  }
  const id = ctx.keys.idOf(key);
  if (id === null) throw badRequest('sso.unknownProvider');
  return resolveProviderById(ctx, id);
}

/** A flow's provider: its row id, or null for the environment's. */
export async function resolveProviderById(ctx: SsoContext, id: number | null): Promise<ResolvedProvider> {
  if (id === null) return resolveProvider(ctx, ENV_PROVIDER_KEY);
  const [row] = await ctx.db
    .select({ provider: ssoProviders, tenantStatus: tenants.status })
    .from(ssoProviders)
    .innerJoin(tenants, eq(tenants.id, ssoProviders.tenantId))
    .where(eq(ssoProviders.id, id))
    .limit(1);
  if (!row || !row.provider.enabled || row.tenantStatus !== '0') throw badRequest('sso.unknownProvider');
  const p = row.provider;
  let clientSecret: string;
  try {
    clientSecret = ctx.sealer.open(p.clientSecretSealed, secretContext(p.id));
  } catch {
    // The server secret changed since it was sealed: the administrator has to enter it again.
    throw badRequest('sso.secretUnreadable', { name: p.name });
  }
  return {
    key: String(p.id),
    id: p.id,
    tenantId: p.tenantId,
    name: p.name,
    protocol: protocolOf(p.protocol),
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret,
    scopes: p.scopes,
    authorizationEndpoint: p.authorizationEndpoint,
    tokenEndpoint: p.tokenEndpoint,
    userinfoEndpoint: p.userinfoEndpoint,
    subjectClaim: p.subjectClaim,
    newUserRole: roleOf(p.newUserRole),
    version: p.version,
  };
}

/** A display name for a provider id of an identity or flow (the environment's when null). */
export async function providerName(ctx: SsoContext, id: number | null): Promise<string> {
  if (id === null) return ctx.config.oidc?.name ?? 'OpenID Connect';
  const [row] = await ctx.db
    .select({ name: ssoProviders.name })
    .from(ssoProviders)
    .where(eq(ssoProviders.id, id))
    .limit(1);
  return row?.name ?? '';
}

/**
 * Whether a provider may sign in (or be linked to) an account: the platform-wide one any account, a
 * tenant's only the accounts of that tenant. This is what keeps an identity of one tenant out of
 * another's data.
 */
export function providerServes(p: ResolvedProvider, user: { tenantId: number | null }): boolean {
  return p.tenantId === null || p.tenantId === user.tenantId;
}

/**
 * GET /sso/providers: the login page's buttons, and whether registration is on. Without a session nobody
 * learns which tenants use the platform: the platform's provider only, plus the tenant provider a login
 * link names (`/login?sso=<key>`, handed out by its tenant's administrator). A key that names no enabled
 * provider adds nothing.
 */
export async function publicOptions(ctx: SsoContext, linkKey: string | undefined) {
  const providerId = linkKey ? ctx.keys.idOf(linkKey) : null;
  return {
    providers: await providerOptions(ctx, providerId === null ? null : { providerId }),
    registrationEnabled: await isRegistrationEnabled(ctx.db),
  };
}
