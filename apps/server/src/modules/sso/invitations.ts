import crypto from 'node:crypto';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  InvitationCreateBody,
  InvitationCreated,
  InvitationRow,
  InvitationStatus,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, tenantForWrite, type Scope } from '../../platform/tenancy.js';
import { tenants } from '../tenants/index.js';
import { users } from '../users/index.js';
import { roleOf } from './providers.js';
import { ssoInvitations } from './tables.js';

const DAY_MS = 24 * 60 * 60_000;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

type InvitationRecord = typeof ssoInvitations.$inferSelect;

export async function findInvitation(db: Db, token: string): Promise<InvitationRecord | undefined> {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(ssoInvitations)
    .where(eq(ssoInvitations.tokenHash, hashOf(token)))
    .limit(1);
  return row;
}

function statusOf(row: InvitationRecord, now: Date): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The invitation when it can still register someone; otherwise the plain reason why not. */
export function usableInvitation(row: InvitationRecord | undefined, now = new Date()): InvitationRecord {
  const status = row ? statusOf(row, now) : 'revoked';
  if (!row || status === 'revoked') throw badRequest('invitation.invalid');
  if (status === 'used') throw badRequest('invitation.used');
  if (status === 'expired') throw badRequest('invitation.expired');
  return row;
}

/**
 * Uses an invitation up for `userId`, once even against a parallel registration (inside the caller's
 * transaction, so a registration that fails later leaves it unused).
 */
export async function claimInvitation(db: Db, id: number, userId: number, now = new Date()): Promise<void> {
  const claimed = await db
    .update(ssoInvitations)
    .set({ usedAt: now, usedBy: userId })
    .where(
      and(
        eq(ssoInvitations.id, id),
        isNull(ssoInvitations.usedAt),
        isNull(ssoInvitations.revokedAt),
        gt(ssoInvitations.expiresAt, now),
      ),
    )
    .returning({ id: ssoInvitations.id });
  if (claimed.length === 0) throw badRequest('invitation.used');
}

const creator = alias(users, 'creator');
const registrant = alias(users, 'registrant');

async function rowsOf(db: Db, where: ReturnType<typeof and>, page?: { pageNum: number; pageSize: number }) {
  const query = db
    .select({
      invitation: ssoInvitations,
      tenantName: tenants.name,
      createdBy: creator.username,
      usedBy: registrant.username,
    })
    .from(ssoInvitations)
    .innerJoin(tenants, eq(tenants.id, ssoInvitations.tenantId))
    .leftJoin(creator, eq(creator.id, ssoInvitations.createdBy))
    .leftJoin(registrant, eq(registrant.id, ssoInvitations.usedBy))
    .where(where)
    .orderBy(desc(ssoInvitations.createdAt), desc(ssoInvitations.id));
  return page ? query.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize) : query;
}

function toRow(r: Awaited<ReturnType<typeof rowsOf>>[number], now: Date): InvitationRow {
  return {
    id: r.invitation.id,
    tenantId: r.invitation.tenantId,
    tenantName: r.tenantName,
    role: roleOf(r.invitation.role) ?? 'tbCustomer',
    status: statusOf(r.invitation, now),
    createdBy: r.createdBy ?? '',
    usedBy: r.usedBy,
    createTime: r.invitation.createdAt.toISOString(),
    expiresAt: r.invitation.expiresAt.toISOString(),
  };
}

/** The caller's tenant's invitations, newest first (the admin's: every tenant's, or one `tenantId`'s). */
export async function listInvitations(
  db: Db,
  scope: Scope,
  filter: { pageNum: number; pageSize: number; tenantId?: number | undefined },
  now = new Date(),
): Promise<PageResult<InvitationRow>> {
  const where = and(
    tenantFilter(scope, ssoInvitations.tenantId),
    scope.isAdmin && filter.tenantId ? eq(ssoInvitations.tenantId, filter.tenantId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(ssoInvitations).where(where);
  const rows = await rowsOf(db, where, filter);
  return { rows: rows.map((r) => toRow(r, now)), total: total?.n ?? 0 };
}

/**
 * A new invitation into the caller's tenant (the admin names one) with a role and an expiry. The token
 * is answered once; only its hash is stored.
 */
export async function createInvitation(
  db: Db,
  scope: Scope,
  body: InvitationCreateBody,
  now = new Date(),
): Promise<InvitationCreated> {
  const tenantId = tenantForWrite(scope, body.tenantId);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  const token = crypto.randomBytes(24).toString('base64url');
  const [created] = await db
    .insert(ssoInvitations)
    .values({
      tenantId,
      role: body.role,
      tokenHash: hashOf(token),
      createdBy: scope.userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    })
    .returning({ id: ssoInvitations.id });
  if (!created) throw notFound();
  const [row] = await rowsOf(db, eq(ssoInvitations.id, created.id));
  if (!row) throw notFound();
  return { ...toRow(row, now), token };
}

/** Revokes an unused invitation of the caller's tenant: its link stops working at once. */
export async function revokeInvitation(db: Db, scope: Scope, id: number, now = new Date()): Promise<void> {
  const [row] = await db.select().from(ssoInvitations).where(eq(ssoInvitations.id, id)).limit(1);
  const owned = ownedOr404(scope, row);
  if (owned.revokedAt || owned.usedAt) return;
  await db.update(ssoInvitations).set({ revokedAt: now }).where(eq(ssoInvitations.id, id));
}

export async function findInvitationById(db: Db, id: number | null): Promise<InvitationRecord | undefined> {
  if (id === null) return undefined;
  const [row] = await db.select().from(ssoInvitations).where(eq(ssoInvitations.id, id)).limit(1);
  return row;
}
