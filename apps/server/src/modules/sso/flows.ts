import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SsoCallbackResponse } from '@sbuilding/shared';
import type { Config } from '../../platform/env.js';
import { badRequest } from '../../platform/errors.js';
import { openSession, type SessionDeps, type SignInMeta } from '../auth/index.js';
import { findActiveUser } from '../users/index.js';
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
  | { purpose: 'link'; userId: number };

/**
 * Starts a round trip: fresh state, nonce and PKCE verifier kept in the database, and the provider's
 * authorization URL for the browser. `origin` is this site as the browser reached it: the callback is
 * its /auth-redirect, which must be registered at the provider.
 */
export async function startFlow(
  deps: FlowDeps,
  providerKey: string,
  start: FlowStart,
  origin: string,
  now = new Date(),
): Promise<string> {
  await assertSsoEnabled(deps.db);
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
  const redirectUri = `${origin}/auth-redirect`;
  const url = await authorizationUrl(provider, secrets, redirectUri, deps.log);
  await deps.db.insert(ssoFlows).values({
    state: secrets.state,
    providerId: provider.id,
    purpose: start.purpose,
    userId: start.purpose === 'link' ? start.userId : null,
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

/** Claims the flow named by the callback's state, once: a replayed or forged callback gets nothing. */
async function claimFlow(deps: FlowDeps, state: string, now: Date) {
  const [flow] = await deps.db
    .update(ssoFlows)
    .set({ callbackAt: now })
    .where(and(eq(ssoFlows.state, state), isNull(ssoFlows.callbackAt), gt(ssoFlows.expiresAt, now)))
    .returning();
  if (flow) return flow;
  const [known] = await deps.db.select().from(ssoFlows).where(eq(ssoFlows.state, state)).limit(1);
  if (!known) throw badRequest('sso.stateMismatch');
  throw badRequest(known.callbackAt ? 'sso.flowUsed' : 'sso.flowExpired');
}

/**
 * The provider sent the browser back to /auth-redirect with `search`: redeem the code, then sign the
 * person in (a linked identity), hand out a ticket to bind or register (a new one), or link it to the
 * signed-in user who started it from the profile page.
 */
export async function completeFlow(
  deps: FlowDeps,
  search: string,
  meta: SignInMeta,
  now = new Date(),
): Promise<SsoCallbackResponse> {
  await assertSsoEnabled(deps.db);
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const state = params.get('state');
  if (!state) throw badRequest('sso.stateMismatch');
  const flow = await claimFlow(deps, state, now);
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

/** The flow holding a ticket that is neither used nor expired; 400 otherwise. */
export async function findTicket(deps: SsoContext, ticket: string, now = new Date()): Promise<TicketFlow> {
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
