import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sessions } from '../sessions/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * A tenant's identity provider, configured in the console. The platform-wide one comes from the
 * environment (OIDC_*) and has no row. The client secret is sealed (AES-256-GCM, platform/auth/sealing.ts).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'oidc' (discovery and ID token) or 'oauth2' (explicit endpoints and a user-info claim). */
    protocol: text('protocol').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    scopes: text('scopes').notNull().default(''),
    authorizationEndpoint: text('authorization_endpoint').notNull().default(''),
    tokenEndpoint: text('token_endpoint').notNull().default(''),
    userinfoEndpoint: text('userinfo_endpoint').notNull().default(''),
    subjectClaim: text('subject_claim').notNull().default(''),
    /** tbCustomer or tbVisualDisplay: an unlinked identity may create an account with it; null: bind only. */
    newUserRole: text('new_user_role'),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_providers_tenant_idx').on(t.tenantId)],
);

/**
 * An external identity linked to an account: the provider (null: the platform-wide one of the
 * environment) and the person's subject there. One account per identity.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => ssoProviders.id, { onDelete: 'cascade' }),
    /** The issuer the identity was proven by: a changed OIDC_ISSUER does not sign old identities in. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** E-mail, name or login the provider gave, to recognise the identity on the profile page. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_idx').on(sql`coalesce(${t.providerId}, 0)`, t.issuer, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/**
 * A self-registration invitation into a tenant with a role. Only the token's SHA-256 is kept: the link
 * is shown once, when it is made.
 */
export const ssoInvitations = pgTable(
  'sso_invitations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sso_invitations_tenant_idx').on(t.tenantId)],
);

/**
 * One sign-in round trip through a provider, in the database so any server process can finish it. The
 * state is the key; PKCE verifier and nonce stay here, never in the browser. The callback is accepted
 * once (`callback_at`), from the browser that started the flow (`browser_hash`) and, for a link, with the
 * session that started it (`session_id`). An identity that is not linked yet gets a ticket (its SHA-256
 * here) that /bind or /register uses once, in that same browser.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    state: text('state').primaryKey(),
    /** Null: the platform-wide provider of the environment. */
    providerId: integer('provider_id').references(() => ssoProviders.id, { onDelete: 'cascade' }),
    /** 'login', 'link' (a signed-in user adds an identity) or 'register' (with an invitation). */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A link's session: the callback links only for it (a flow started by another session, or an API key,
     * links nothing). Its end ends the flow.
     */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the secret in the HttpOnly cookie of the browser that started the flow (browser-binding.ts):
     * the callback is accepted only from that browser. Null only for flows older than the column: refused.
     */
    browserHash: text('browser_hash'),
    invitationId: integer('invitation_id').references(() => ssoInvitations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    /** Where the console goes after signing in: a same-origin path, checked when stored. */
    redirect: text('redirect').notNull().default('/'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    issuer: text('issuer'),
    subject: text('subject'),
    claims: jsonb('claims').$type<Record<string, string>>(),
    ticketHash: text('ticket_hash').unique(),
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);
