import * as client from 'openid-client';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SSO_SCOPES, type InvitableRole, type SsoProviderKind } from '@sbuilding/shared';
import { AppError, badRequest } from '../../platform/errors.js';

/** A provider ready to use: the environment's (`key` 'env') or a tenant's, its secret opened. */
export interface ResolvedProvider {
  key: string;
  /** The tenant provider's row id; null for the platform-wide provider of the environment. */
  id: number | null;
  tenantId: number | null;
  name: string;
  protocol: SsoProviderKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  subjectClaim: string;
  newUserRole: InvitableRole | null;
  /** Changes whenever the provider is saved, so a cached configuration is not used past an edit. */
  version: number;
}

/** Who the provider says signed in. */
export interface ProvenIdentity {
  subject: string;
  claims: Record<string, string>;
}

/** Seconds every call to a provider may take (discovery, token, user-info). */
const PROVIDER_TIMEOUT_S = 10;
/** Discovery documents and keys are kept this long per provider and version. */
const CONFIG_TTL_MS = 10 * 60_000;

const configurations = new Map<string, { at: number; config: Promise<client.Configuration> }>();

function insecureAllowed(...urls: string[]): boolean {
  // The schemas accept http:// only on loopback addresses, so this only ever relaxes local providers.
  return urls.some((u) => u.startsWith('http:'));
}

function buildConfiguration(p: ResolvedProvider): Promise<client.Configuration> {
  if (p.protocol === 'oidc') {
    return client.discovery(
      new URL(p.issuer),
      p.clientId,
      p.clientSecret,
      client.ClientSecretBasic(p.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_S,
        // The ID token's signature is checked against the issuer's published keys even though it came
        // straight from the token endpoint (OpenID Connect would let TLS alone vouch for it).
        execute: [
          client.enableNonRepudiationChecks,
          ...(insecureAllowed(p.issuer) ? [client.allowInsecureRequests] : []),
        ],
      },
    );
  }
  // OAuth 2.0 providers of their own (WeCom, DingTalk, Feishu) publish no discovery: their endpoints are
  // configured. They mostly take the client's credentials in the request body.
  const config = new client.Configuration(
    {
      issuer: p.issuer,
      authorization_endpoint: p.authorizationEndpoint,
      token_endpoint: p.tokenEndpoint,
      userinfo_endpoint: p.userinfoEndpoint,
    },
    p.clientId,
    p.clientSecret,
    client.ClientSecretPost(p.clientSecret),
  );
  config.timeout = PROVIDER_TIMEOUT_S;
  if (insecureAllowed(p.issuer, p.authorizationEndpoint, p.tokenEndpoint, p.userinfoEndpoint)) {
    client.allowInsecureRequests(config);
  }
  return Promise.resolve(config);
}

async function configurationOf(p: ResolvedProvider, now = Date.now()): Promise<client.Configuration> {
  const cacheKey = `${p.key}:${p.version}:${p.issuer}:${p.clientId}`;
  const cached = configurations.get(cacheKey);
  if (cached && now - cached.at < CONFIG_TTL_MS) return cached.config;
  const config = buildConfiguration(p);
  configurations.set(cacheKey, { at: now, config });
  // A failed discovery is not kept: the next sign-in tries again.
  config.catch(() => configurations.delete(cacheKey));
  return config;
}

function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  // fetch() rejects with a TypeError ("fetch failed") whose cause is the socket's error.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  return error.cause !== undefined && error.cause !== error && isUnreachable(error.cause);
}

/**
 * Turns a failure of the provider or of the response's checks into the message the person sees; the
 * details (which check failed) go to the log only.
 */
function refusal(error: unknown, log: FastifyBaseLogger, provider: string): AppError {
  if (error instanceof AppError) return error;
  if (isUnreachable(error)) {
    log.warn({ err: error, provider }, 'identity provider unreachable');
    return new AppError(503, 'sso.providerUnreachable', { name: provider });
  }
  if (error instanceof client.AuthorizationResponseError) {
    log.info({ error: error.error, provider }, 'identity provider refused the sign-in');
    return badRequest('sso.providerRefused', { name: provider });
  }
  if (error instanceof client.ResponseBodyError) {
    // invalid_grant: a code used before, expired, or issued for another client or redirect.
    log.warn({ error: error.error, provider }, 'identity provider refused the code');
    return badRequest('sso.codeRejected');
  }
  log.warn({ err: error, provider }, 'identity provider response failed its checks');
  return badRequest('sso.responseRejected');
}

export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export function newFlowSecrets(): FlowSecrets {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization page for this round trip (authorization code with PKCE S256). */
export async function authorizationUrl(
  p: ResolvedProvider,
  secrets: FlowSecrets,
  redirectUri: string,
  log: FastifyBaseLogger,
): Promise<string> {
  try {
    const config = await configurationOf(p);
    const params: Record<string, string> = {
      redirect_uri: redirectUri,
      state: secrets.state,
      code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
      code_challenge_method: 'S256',
    };
    const scope = p.scopes.trim() || (p.protocol === 'oidc' ? DEFAULT_SSO_SCOPES : '');
    if (scope) params.scope = scope;
    if (p.protocol === 'oidc') params.nonce = secrets.nonce;
    return client.buildAuthorizationUrl(config, params).href;
  } catch (error) {
    throw refusal(error, log, p.name);
  }
}

function claimText(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function pickClaims(source: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const key of ['email', 'name', 'preferred_username']) {
    const value = claimText(source[key]);
    if (value) claims[key] = value.slice(0, 200);
  }
  return claims;
}

/**
 * Finishes the round trip: checks the authorization response (state), redeems the code with the PKCE
 * verifier and, for OpenID Connect, verifies the ID token (signature against the issuer's keys, issuer,
 * audience, expiry, nonce); an OAuth 2.0 provider's person is the configured claim of its user-info.
 */
export async function redeemCallback(
  p: ResolvedProvider,
  secrets: FlowSecrets,
  callbackUrl: URL,
  log: FastifyBaseLogger,
): Promise<ProvenIdentity> {
  try {
    const config = await configurationOf(p);
    if (p.protocol === 'oidc') {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        expectedNonce: secrets.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw badRequest('sso.responseRejected');
      let claims = pickClaims(idClaims);
      if (config.serverMetadata().userinfo_endpoint) {
        try {
          // Many providers keep e-mail and name out of the ID token; the subject must match it.
          claims = {
            ...pickClaims(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)),
            ...claims,
          };
        } catch (error) {
          log.info({ err: error, provider: p.name }, 'user-info not available; the ID token is enough');
        }
      }
      return { subject: idClaims.sub, claims };
    }
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: secrets.codeVerifier,
      expectedState: secrets.state,
    });
    // Not fetchUserInfo: these user-info answers need not carry OpenID's `sub`.
    const response = await client.fetchProtectedResource(
      config,
      tokens.access_token,
      new URL(p.userinfoEndpoint),
      'GET',
    );
    if (!response.ok) throw badRequest('sso.responseRejected');
    const info: unknown = await response.json();
    if (typeof info !== 'object' || info === null) throw badRequest('sso.responseRejected');
    const record = Object.fromEntries(Object.entries(info));
    const subject = claimText(record[p.subjectClaim || 'sub']);
    if (!subject) throw badRequest('sso.responseRejected');
    return { subject, claims: pickClaims(record) };
  } catch (error) {
    throw refusal(error, log, p.name);
  }
}
