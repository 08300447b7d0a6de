import { and, asc, count, eq } from 'drizzle-orm';
import type {
  PageResult,
  SsoProviderCreateBody,
  SsoProviderRow,
  SsoProviderSaveBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, tenantForWrite, type Scope } from '../../platform/tenancy.js';
import { tenants } from '../tenants/index.js';
import type { ProviderKeys } from './provider-keys.js';
import { roleOf, secretContext, type SsoContext } from './providers.js';
import { ssoProviders } from './tables.js';

/* Tenant providers in the console: the platform administrator (any tenant) and a tenant's tbAdmin (its own). */

type ProviderRecord = typeof ssoProviders.$inferSelect;

function toRow(p: ProviderRecord, tenantName: string, keys: ProviderKeys): SsoProviderRow {
  return {
    id: p.id,
    tenantId: p.tenantId,
    tenantName,
    name: p.name,
    protocol: p.protocol === 'oauth2' ? 'oauth2' : 'oidc',
    issuer: p.issuer,
    clientId: p.clientId,
    hasSecret: p.clientSecretSealed !== '',
    scopes: p.scopes,
    authorizationEndpoint: p.authorizationEndpoint,
    tokenEndpoint: p.tokenEndpoint,
    userinfoEndpoint: p.userinfoEndpoint,
    subjectClaim: p.subjectClaim,
    newUserRole: roleOf(p.newUserRole),
    enabled: p.enabled,
    loginKey: keys.keyOf(p.id),
    version: p.version,
    updateTime: p.updatedAt.toISOString(),
  };
}

const withTenant = (db: Db) =>
  db
    .select({ provider: ssoProviders, tenantName: tenants.name })
    .from(ssoProviders)
    .innerJoin(tenants, eq(tenants.id, ssoProviders.tenantId));

export async function listProviders(
  { db, keys }: SsoContext,
  scope: Scope,
  filter: { pageNum: number; pageSize: number; tenantId?: number | undefined },
): Promise<PageResult<SsoProviderRow>> {
  const where = and(
    tenantFilter(scope, ssoProviders.tenantId),
    scope.isAdmin && filter.tenantId ? eq(ssoProviders.tenantId, filter.tenantId) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(ssoProviders).where(where);
  const rows = await withTenant(db)
    .where(where)
    .orderBy(asc(tenants.name), asc(ssoProviders.name), asc(ssoProviders.id))
    .limit(filter.pageSize)
    .offset((filter.pageNum - 1) * filter.pageSize);
  return { rows: rows.map((r) => toRow(r.provider, r.tenantName, keys)), total: total?.n ?? 0 };
}

async function ownedProvider(db: Db, scope: Scope, id: number) {
  const [row] = await withTenant(db).where(eq(ssoProviders.id, id)).limit(1);
  ownedOr404(scope, row ? { tenantId: row.provider.tenantId } : undefined);
  if (!row) throw notFound();
  return row;
}

export async function getProvider(
  { db, keys }: SsoContext,
  scope: Scope,
  id: number,
): Promise<SsoProviderRow> {
  const row = await ownedProvider(db, scope, id);
  return toRow(row.provider, row.tenantName, keys);
}

/** The stored fields of a body; the endpoints and claim only mean something for oauth2. */
function fieldsOf(body: SsoProviderCreateBody | SsoProviderSaveBody) {
  const oauth2 = body.protocol === 'oauth2';
  return {
    name: body.name,
    protocol: body.protocol,
    issuer: body.issuer,
    clientId: body.clientId,
    scopes: body.scopes,
    authorizationEndpoint: oauth2 ? body.authorizationEndpoint : '',
    tokenEndpoint: oauth2 ? body.tokenEndpoint : '',
    userinfoEndpoint: oauth2 ? body.userinfoEndpoint : '',
    subjectClaim: oauth2 ? body.subjectClaim : '',
    newUserRole: body.newUserRole,
    enabled: body.enabled,
  };
}

export async function createProvider(
  ctx: SsoContext,
  scope: Scope,
  body: SsoProviderCreateBody,
): Promise<SsoProviderRow> {
  const { db, sealer } = ctx;
  const tenantId = tenantForWrite(scope, body.tenantId);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  const id = await db.transaction(async (tx) => {
    // The sealing context names the row, so the id comes first and the sealed secret right after.
    const [created] = await tx
      .insert(ssoProviders)
      .values({ tenantId, ...fieldsOf(body), clientSecretSealed: '' })
      .returning({ id: ssoProviders.id });
    if (!created) throw notFound();
    await tx
      .update(ssoProviders)
      .set({ clientSecretSealed: sealer.seal(body.clientSecret, secretContext(created.id)) })
      .where(eq(ssoProviders.id, created.id));
    return created.id;
  });
  return getProvider(ctx, scope, id);
}

/** Saves a provider; an empty client secret keeps the stored one. A stale version answers 409. */
export async function saveProvider(
  ctx: SsoContext,
  scope: Scope,
  id: number,
  body: SsoProviderSaveBody,
): Promise<SsoProviderRow> {
  const { db, sealer } = ctx;
  await ownedProvider(db, scope, id);
  const saved = await db
    .update(ssoProviders)
    .set({
      ...fieldsOf(body),
      ...(body.clientSecret ? { clientSecretSealed: sealer.seal(body.clientSecret, secretContext(id)) } : {}),
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.version, body.version)))
    .returning({ id: ssoProviders.id });
  if (saved.length === 0) throw conflict();
  return getProvider(ctx, scope, id);
}

/** Deletes a provider and, with it, every identity linked through it and its pending sign-ins. */
export async function deleteProvider(db: Db, scope: Scope, id: number): Promise<void> {
  await ownedProvider(db, scope, id);
  await db.delete(ssoProviders).where(eq(ssoProviders.id, id));
}
