import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoCallbackResponse } from '@sbuilding/shared';
import type { Config } from '../../platform/env.js';
import { badRequest } from '../../platform/errors.js';
import type { MessageKey } from '../../platform/i18n/index.js';
import { openSession, type SessionDeps, type SignInMeta } from '../auth/index.js';
import { findActiveUser } from '../users/index.js';
import { sameBrowser } from './browser-binding.js';
import { findInvitation, usableInvitation } from './invitations.js';
import { findIdentity, identityLabel, linkIdentity } from './identities.js';
import {
  assertSsoEnabled,
  isRegistrationEnabled,
  providerServes,
  resolveProvider,
  resolveProviderById,
  type SsoContext,
} from './providers.js';
import { authorizationUrl, newFlowSecrets, redeemCallback } from './protocol.js';
import { ssoFlows } from './tables.js';

/** How long a round trip through the provider may take, and a ticket for /bind or /register may wait. */
export const FLOW_TTL_MS = 10 * 60_000;

/** Everything the sign-in flows need: the database, the whole config, the sealer, the log and the token signer. */
export type FlowDeps = SsoContext & SessionDeps & { config: Config; log: FastifyBaseLogger };

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

/**
 * A `redirect` the console may follow after signing in: a path of this site only. `//evil.example` and
 * `/\evil.example` are protocol-relative to browsers, so they are replaced like absolute URLs.
 */
export function sameOriginPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside "/\t/evil") are dropped by URL parsers: refuse them too.
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c === '\\') ? '/' : value;
}

export type FlowStart =
  | { purpose: 'login'; redirect?: string | undefined }
  | { purpose: 'register'; invitation: string }
  /** A signed-in user's link: only a session may start one (an API key has no session to bind it to). */
  | { purpose: 'link'; userId: number; sessionId: string };

/** The browser a flow is started from or completed in (browser-binding.ts) and, for a link, its session. */
export interface FlowCaller {
  /** SHA-256 of the browser's flow cookie; null when the request carried none. */
  browserHash: string | null;
  /** The session of the request's bearer token, when it has a live one. */
  sessionId: string | null;
}

/**
 * The console's callback, registered at every provider: PUBLIC_URL's /auth-redirect, never an address
 * taken from the request (a client can send any Host or X-Forwarded-Host).
 */
export const callbackUrlOf = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/auth-redirect`;

/**
 * A flow started from another address than PUBLIC_URL would come back to PUBLIC_URL, where this browser's
 * flow cookie and console session are not: say so before sending the person to the provider.
 */
function assertPublicOrigin(config: Pick<Config, 'publicUrl'>, requestOrigin: string | undefined): void {
  const expected = new URL(config.publicUrl).origin;
  if (requestOrigin !== undefined && requestOrigin !== expected) {
    throw badRequest('sso.wrongOrigin', { url: config.publicUrl });
  }
}

/**
 * Starts a round trip: fresh state, nonce and PKCE verifier kept in the database with the hash of the
 * starting browser's cookie (and a link's session), and the provider's authorization URL for the browser.
 * `requestOrigin` is the browser's Origin header, when it sent one.
 */
export async function startFlow(
  deps: FlowDeps,
  providerKey: string,
  start: FlowStart,
  browserHash: string,
  requestOrigin: string | undefined,
  now = new Date(),
): Promise<string> {
  await assertSsoEnabled(deps.db);
  assertPublicOrigin(deps.config, requestOrigin);
  await deps.db.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
  const provider = await resolveProvider(deps, providerKey);
  let invitationId: number | null = null;
  if (start.purpose === 'register') {
    if (!(await isRegistrationEnabled(deps.db))) throw badRequest('register.disabled');
    const invitation = usableInvitation(await findInvitation(deps.db, start.invitation), now);
    // A tenant's provider registers only into that tenant.
    if (!providerServes(provider, invitation)) throw badRequest('sso.unknownProvider');
    invitationId = invitation.id;
  }
  if (start.purpose === 'link') {
    const user = await findActiveUser(deps.db, start.userId);
    if (!user || !providerServes(provider, user)) throw badRequest('sso.notForAccount');
  }
  const secrets = newFlowSecrets();
  const redirectUri = callbackUrlOf(deps.config);
  const url = await authorizationUrl(provider, secrets, redirectUri, deps.log);
  await deps.db.insert(ssoFlows).values({
    state: secrets.state,
    providerId: provider.id,
    purpose: start.purpose,
    userId: start.purpose === 'link' ? start.userId : null,
    sessionId: start.purpose === 'link' ? start.sessionId : null,
    browserHash,
    invitationId,
    codeVerifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    redirectUri,
    redirect: start.purpose === 'login' ? sameOriginPath(start.redirect) : '/',
    createdAt: now,
    expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
  });
  return url;
}

type FlowRow = typeof ssoFlows.$inferSelect;

/**
 * Claims the flow named by the callback's state, once, for the browser (and a link's session) that
 * started it: a forged, replayed or planted callback gets nothing. Nothing is claimed for a caller the
 * flow is not bound to, so a stranger opening the URL first does not spoil the rightful browser's flow.
 */
async function claimFlow(deps: FlowDeps, state: string, caller: FlowCaller, now: Date): Promise<FlowRow> {
  const [known] = await deps.db.select().from(ssoFlows).where(eq(ssoFlows.state, state)).limit(1);
  if (!known) throw badRequest('sso.stateMismatch');
  if (!sameBrowser(known.browserHash, caller.browserHash)) throw badRequest('sso.otherBrowser');
  if (known.purpose === 'link' && (known.sessionId === null || known.sessionId !== caller.sessionId)) {
    throw badRequest('sso.otherSession');
  }
  const [flow] = await deps.db
    .update(ssoFlows)
    .set({ callbackAt: now })
    .where(and(eq(ssoFlows.state, state), isNull(ssoFlows.callbackAt), gt(ssoFlows.expiresAt, now)))
    .returning();
  if (flow) return flow;
  throw badRequest(known.callbackAt ? 'sso.flowUsed' : 'sso.flowExpired');
}

/**
 * OAuth error codes (RFC 6749 4.1.2.1, OpenID Connect Core 3.1.2.6) that have a message of their own. A
 * Map, not an object: `?error=toString` must not find Object.prototype's.
 */
const PROVIDER_ERRORS: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  ['access_denied', 'sso.providerCancelled'],
  ['login_required', 'sso.providerNeedsSignIn'],
  ['interaction_required', 'sso.providerNeedsSignIn'],
  ['consent_required', 'sso.providerNeedsSignIn'],
  ['account_selection_required', 'sso.providerNeedsSignIn'],
  ['temporarily_unavailable', 'sso.providerUnavailable'],
  ['server_error', 'sso.providerUnavailable'],
]);

/**
 * The provider sent the browser back with an error instead of a code. Its own code is shown (translated
 * where known); its `error_description` is not: anyone can put a URL with any text in front of a person,
 * and the console would show it as the site's own words. The flow, when it is this browser's, is used up.
 */
async function providerError(deps: FlowDeps, params: URLSearchParams, caller: FlowCaller, now: Date) {
  const state = params.get('state');
  if (state) {
    const [flow] = await deps.db.select().from(ssoFlows).where(eq(ssoFlows.state, state)).limit(1);
    if (flow && sameBrowser(flow.browserHash, caller.browserHash)) {
      await deps.db
        .update(ssoFlows)
        .set({ callbackAt: now })
        .where(and(eq(ssoFlows.state, state), isNull(ssoFlows.callbackAt)));
    }
  }
  const code = params.get('error') ?? '';
  deps.log.info({ error: code.slice(0, 100) }, 'identity provider answered with an error');
  const known = PROVIDER_ERRORS.get(code);
  if (known) return badRequest(known);
  return badRequest('sso.providerError', { error: /^[\w.-]{1,64}$/.test(code) ? code : '?' });
}

/**
 * The provider sent the browser back to /auth-redirect with `search`: redeem the code, then sign the
 * person in (a linked identity), hand out a ticket to bind or register (a new one), or link it to the
 * signed-in user who started it from the profile page. Only the browser that started the flow may finish
 * it, and a link only with the session that started it.
 */
export async function completeFlow(
  deps: FlowDeps,
  search: string,
  caller: FlowCaller,
  meta: SignInMeta,
  now = new Date(),
): Promise<SsoCallbackResponse> {
  await assertSsoEnabled(deps.db);
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if (params.has('error')) throw await providerError(deps, params, caller, now);
  const state = params.get('state');
  if (!state) throw badRequest('sso.stateMismatch');
  const flow = await claimFlow(deps, state, caller, now);
  const provider = await resolveProviderById(deps, flow.providerId);
  const callbackUrl = new URL(flow.redirectUri);
  callbackUrl.search = params.toString();
  const proven = await redeemCallback(
    provider,
    { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier },
    callbackUrl,
    deps.log,
  );
  const identity = { providerId: provider.id, issuer: provider.issuer, subject: proven.subject };
  const label = identityLabel(proven);

  if (flow.purpose === 'link' && flow.userId !== null) {
    await linkIdentity(deps.db, flow.userId, identity, label);
    return { kind: 'linked', providerName: provider.name };
  }

  const linked = await findIdentity(deps.db, identity);
  if (flow.purpose === 'register' && linked) throw badRequest('sso.identityTaken');
  if (flow.purpose === 'login' && linked) {
    const user = linked.user;
    if (!providerServes(provider, user)) throw badRequest('sso.notForAccount');
    const { token } = await openSession(deps, user, meta, now);
    return { kind: 'signedIn', token, redirect: flow.redirect };
  }

  const ticket = crypto.randomBytes(32).toString('base64url');
  await deps.db
    .update(ssoFlows)
    .set({
      issuer: identity.issuer,
      subject: identity.subject,
      claims: { ...proven.claims, label },
      ticketHash: sha256(ticket),
      expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
    })
    .where(eq(ssoFlows.state, flow.state));
  return flow.purpose === 'register' ? { kind: 'register', ticket } : { kind: 'bind', ticket };
}

export type TicketFlow = typeof ssoFlows.$inferSelect & { subject: string; issuer: string };

/**
 * The flow holding a ticket that is neither used nor expired, in the browser that started it; 400
 * otherwise. A ticket sent to someone else (/bind?ticket=…) must not let them link the sender's identity
 * to their own account with their own password, which would sign the sender in as them.
 */
export async function findTicket(
  deps: SsoContext,
  ticket: string,
  browserHash: string | null,
  now = new Date(),
): Promise<TicketFlow> {
  if (!ticket) throw badRequest('sso.ticketInvalid');
  const [flow] = await deps.db
    .select()
    .from(ssoFlows)
    .where(
      and(
        eq(ssoFlows.ticketHash, sha256(ticket)),
        isNull(ssoFlows.ticketUsedAt),
        gt(ssoFlows.expiresAt, now),
      ),
    )
    .limit(1);
  if (!flow || flow.subject === null || flow.issuer === null) throw badRequest('sso.ticketInvalid');
  if (!sameBrowser(flow.browserHash, browserHash)) throw badRequest('sso.otherBrowser');
  return { ...flow, subject: flow.subject, issuer: flow.issuer };
}

/** Uses a ticket up, once even against a parallel request (inside the caller's transaction). */
export async function consumeTicket(db: SsoContext['db'], state: string, now = new Date()): Promise<void> {
  const used = await db
    .update(ssoFlows)
    .set({ ticketUsedAt: now })
    .where(and(eq(ssoFlows.state, state), isNull(ssoFlows.ticketUsedAt)))
    .returning({ state: ssoFlows.state });
  if (used.length === 0) throw badRequest('sso.ticketInvalid');
}
