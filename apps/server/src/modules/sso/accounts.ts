import { eq } from 'drizzle-orm';
import {
  isEmail,
  type RegisterBody,
  type RegistrationInfo,
  type SsoBindBody,
  type SsoTicketResponse,
} from '@sbuilding/shared';
import { badRequest } from '../../platform/errors.js';
import { checkCaptcha, openSession, verifyCredentials, type SignInMeta } from '../auth/index.js';
import { tenants } from '../tenants/index.js';
import { insertUser } from '../users/index.js';
import { consumeTicket, findTicket, type FlowDeps, type TicketFlow } from './flows.js';
import { linkIdentity } from './identities.js';
import { claimInvitation, findInvitation, findInvitationById, usableInvitation } from './invitations.js';
import type { ResolvedProvider } from './protocol.js';
import {
  assertSsoEnabled,
  isRegistrationEnabled,
  providerOptions,
  providerServes,
  resolveProviderById,
  roleOf,
} from './providers.js';

/* What a ticket leads to: binding the identity to an existing account (/bind) or a new account (/register). */

const identityOf = (flow: TicketFlow, provider: ResolvedProvider) => ({
  key: { providerId: provider.id, issuer: flow.issuer, subject: flow.subject },
  label: flow.claims?.label ?? flow.subject,
});

/** The pending identity of a ticket, as /bind and /register show it. */
export async function ticketInfo(
  deps: FlowDeps,
  ticket: string,
  browserHash: string | null,
): Promise<SsoTicketResponse> {
  await assertSsoEnabled(deps.db);
  const flow = await findTicket(deps, ticket, browserHash);
  const provider = await resolveProviderById(deps, flow.providerId);
  return {
    providerName: provider.name,
    identityLabel: identityOf(flow, provider).label,
    canRegister:
      flow.purpose === 'login' &&
      provider.newUserRole !== null &&
      provider.tenantId !== null &&
      (await isRegistrationEnabled(deps.db)),
  };
}

/**
 * /bind: the person proves an existing account with its username and password (every rule of the login
 * page: captcha, lockout), the identity is linked, and they are signed in. Linking and the session are one
 * transaction: a refused sign-in (a blacklisted account) links nothing.
 */
export async function bindIdentity(
  deps: FlowDeps,
  body: SsoBindBody,
  browserHash: string | null,
  meta: SignInMeta,
  now = new Date(),
): Promise<{ token: string; redirect: string }> {
  await assertSsoEnabled(deps.db);
  const flow = await findTicket(deps, body.ticket, browserHash, now);
  if (flow.purpose !== 'login') throw badRequest('sso.ticketInvalid');
  const provider = await resolveProviderById(deps, flow.providerId);
  const user = await verifyCredentials(deps, body, now);
  if (!providerServes(provider, user)) throw badRequest('sso.notForAccount');
  const { key, label } = identityOf(flow, provider);
  return deps.db.transaction(async (tx) => {
    await consumeTicket(tx, flow.state, now);
    await linkIdentity(tx, user.id, key, label);
    const { token } = await openSession({ ...deps, db: tx }, user, meta, now);
    return { token, redirect: flow.redirect };
  });
}

interface RegistrationTarget {
  tenantId: number;
  role: 'tbCustomer' | 'tbVisualDisplay';
  expiresAt: Date | null;
  invitationId: number | null;
  identity: { flow: TicketFlow; provider: ResolvedProvider } | null;
}

/**
 * Where a registration goes: an invitation's tenant and role; or, with a provider's ticket, the
 * invitation it was started with, or the tenant provider's role for new identities.
 */
async function registrationTarget(
  deps: FlowDeps,
  source: { invitation: string; ticket: string },
  browserHash: string | null,
  now: Date,
): Promise<RegistrationTarget> {
  if (!(await isRegistrationEnabled(deps.db))) throw badRequest('register.disabled');
  if (source.ticket) {
    await assertSsoEnabled(deps.db);
    const flow = await findTicket(deps, source.ticket, browserHash, now);
    const provider = await resolveProviderById(deps, flow.providerId);
    const identity = { flow, provider };
    if (flow.purpose === 'register') {
      const invitation = usableInvitation(await findInvitationById(deps.db, flow.invitationId), now);
      const role = roleOf(invitation.role);
      if (!role) throw badRequest('invitation.invalid');
      return {
        tenantId: invitation.tenantId,
        role,
        expiresAt: invitation.expiresAt,
        invitationId: invitation.id,
        identity,
      };
    }
    if (flow.purpose === 'login' && provider.newUserRole && provider.tenantId !== null) {
      return {
        tenantId: provider.tenantId,
        role: provider.newUserRole,
        expiresAt: null,
        invitationId: null,
        identity,
      };
    }
    throw badRequest('sso.ticketInvalid');
  }
  const invitation = usableInvitation(await findInvitation(deps.db, source.invitation), now);
  const role = roleOf(invitation.role);
  if (!role) throw badRequest('invitation.invalid');
  return {
    tenantId: invitation.tenantId,
    role,
    expiresAt: invitation.expiresAt,
    invitationId: invitation.id,
    identity: null,
  };
}

/** GET /register/invitation: the tenant and role an invitation (or ticket) registers into. */
export async function registrationInfo(
  deps: FlowDeps,
  source: { invitation: string; ticket: string },
  browserHash: string | null,
  now = new Date(),
): Promise<RegistrationInfo> {
  const target = await registrationTarget(deps, source, browserHash, now);
  const [tenant] = await deps.db
    .select({ name: tenants.name, status: tenants.status })
    .from(tenants)
    .where(eq(tenants.id, target.tenantId));
  if (!tenant || tenant.status !== '0') throw badRequest('invitation.invalid');
  return {
    tenantName: tenant.name,
    role: target.role,
    expiresAt: target.expiresAt?.toISOString() ?? null,
    // With an identity already proven there is nothing more to choose.
    providers: target.identity ? [] : await providerOptions(deps, { tenantId: target.tenantId }),
  };
}

/**
 * /register: creates the account in the invitation's tenant with its role, uses the invitation up,
 * links the provider's identity when there is one, and signs the person in: all in one transaction, so a
 * taken username or a used invitation leaves nothing half-created.
 */
export async function register(
  deps: FlowDeps,
  body: RegisterBody,
  browserHash: string | null,
  meta: SignInMeta,
  now = new Date(),
): Promise<{ token: string; redirect: string }> {
  const target = await registrationTarget(deps, body, browserHash, now);
  await checkCaptcha(deps, body.uuid, body.code, now);
  const claims = target.identity?.flow.claims ?? {};
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      tenantId: target.tenantId,
      userName: body.username,
      password: body.password,
      nickName: (claims.name ?? body.username).slice(0, 30),
      email: claims.email && isEmail(claims.email) && claims.email.length <= 50 ? claims.email : '',
      phonenumber: '',
      sex: '2',
      role: target.role,
      avatar: '',
      blacklisted: false,
    });
    if (target.invitationId !== null) await claimInvitation(tx, target.invitationId, user.id, now);
    if (target.identity) {
      const { flow, provider } = target.identity;
      await consumeTicket(tx, flow.state, now);
      const { key, label } = identityOf(flow, provider);
      await linkIdentity(tx, user.id, key, label);
    }
    const { token } = await openSession({ ...deps, db: tx }, user, meta, now);
    return { token, redirect: '/' };
  });
}
