import { eq } from 'drizzle-orm';
import type { Role } from '@sbuilding/shared';
import type { TestApp } from './app.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { tenants } from '../modules/tenants/tables.js';
import { users } from '../modules/users/tables.js';
import { DEMO_TENANT } from '../modules/seed/demo.js';

/** A tenant created straight in the database, with one user of each given role (password = username + '123'). */
export async function createTenant(
  t: TestApp,
  name: string,
  accounts: { username: string; role: Role }[],
): Promise<{ tenantId: number }> {
  const [tenant] = await t.app.db.insert(tenants).values({ name }).returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant not created');
  for (const account of accounts) {
    await t.app.db.insert(users).values({
      tenantId: tenant.id,
      username: account.username,
      nickName: account.username,
      passwordHash: await hashPassword(`${account.username}123`),
      roles: [account.role],
    });
  }
  return { tenantId: tenant.id };
}

export async function demoTenantId(t: TestApp): Promise<number> {
  const [row] = await t.app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, DEMO_TENANT));
  if (!row) throw new Error('demo tenant missing');
  return row.id;
}

/** `app.inject` as a signed-in user, in a language; `headers` add to (or replace) the defaults. */
export function as(t: TestApp, token: string, lang: 'EN' | 'ZH' = 'EN') {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, lang, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}
