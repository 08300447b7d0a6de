import { and, asc, eq, isNull } from 'drizzle-orm';
import type { SsoIdentitiesResponse, SsoIdentity } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { users, type UserRow } from '../users/index.js';
import type { ProvenIdentity } from './protocol.js';
import { providerName, providerOptions, type SsoContext } from './providers.js';
import { ssoIdentities } from './tables.js';

/** An external identity: the provider (null: the environment's), its issuer and the person's subject. */
export interface IdentityKey {
  providerId: number | null;
  issuer: string;
  subject: string;
}

const sameIdentity = (key: IdentityKey) =>
  and(
    key.providerId === null ? isNull(ssoIdentities.providerId) : eq(ssoIdentities.providerId, key.providerId),
    eq(ssoIdentities.issuer, key.issuer),
    eq(ssoIdentities.subject, key.subject),
  );

/** How the profile page names an identity: what the provider said of the person, else the subject. */
export function identityLabel(proven: ProvenIdentity): string {
  const { email, preferred_username: login, name } = proven.claims;
  return (email ?? login ?? name ?? proven.subject).slice(0, 200);
}

/** The live account an identity is linked to, or undefined (never linked, or its account was deleted). */
export async function findIdentity(
  db: Db,
  key: IdentityKey,
): Promise<{ id: number; user: UserRow } | undefined> {
  const [row] = await db
    .select({ id: ssoIdentities.id, user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(sameIdentity(key), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Links an identity to an account. An identity signs in one account only: linked to another, it is
 * refused; linked to this one already, nothing changes. `db` may be a transaction.
 */
export async function linkIdentity(db: Db, userId: number, key: IdentityKey, label: string): Promise<void> {
  const [existing] = await db
    .select({ id: ssoIdentities.id, userId: ssoIdentities.userId, deletedAt: users.deletedAt })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(sameIdentity(key))
    .limit(1);
  if (existing && existing.userId === userId) return;
  // A deleted account's identity is free again: its owner may link it to their new account.
  if (existing && existing.deletedAt !== null) {
    await db.delete(ssoIdentities).where(eq(ssoIdentities.id, existing.id));
  } else if (existing) {
    throw badRequest('sso.identityTaken');
  }
  try {
    await db.insert(ssoIdentities).values({ userId, ...key, label });
  } catch (error) {
    // Lost a race with a parallel link of the same identity.
    if (isUniqueViolation(error)) throw badRequest('sso.identityTaken');
    throw error;
  }
}

/** The caller's own linked identities (the profile page). Nobody sees another account's. */
export async function listOwnIdentities(ctx: SsoContext, scope: Scope): Promise<SsoIdentitiesResponse> {
  return {
    identities: await identitiesOf(ctx, scope),
    // The platform's provider links to anyone; a tenant's only to its own accounts.
    linkable: await providerOptions(ctx, scope.tenantId === null ? null : { tenantId: scope.tenantId }),
  };
}

async function identitiesOf(ctx: SsoContext, scope: Scope): Promise<SsoIdentity[]> {
  const rows = await ctx.db
    .select()
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, scope.userId))
    .orderBy(asc(ssoIdentities.createdAt), asc(ssoIdentities.id));
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      providerName: await providerName(ctx, r.providerId),
      identityLabel: r.label || r.subject,
      createTime: r.createdAt.toISOString(),
    })),
  );
}

/** Unlinks one of the caller's identities; another account's id answers 404 like an unknown one. */
export async function unlinkOwnIdentity(db: Db, scope: Scope, id: number): Promise<void> {
  const removed = await db
    .delete(ssoIdentities)
    .where(and(eq(ssoIdentities.id, id), eq(ssoIdentities.userId, scope.userId)))
    .returning({ id: ssoIdentities.id });
  if (removed.length === 0) throw notFound();
}
