import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { sysDictData } from '../system/dict-tables.js';
import { sysConfig } from '../system/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';
import { seedBuiltIns, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed', () => {
  it('creates Demo Tenant, the five demo users with their roles, and the built-in captcha setting', async () => {
    const [tenant] = await t.app.db.select().from(tenants).where(eq(tenants.name, 'Demo Tenant'));
    const rows = await t.app.db.select().from(users);
    const byName = Object.fromEntries(rows.map((u) => [u.username, u]));
    expect(byName.admin).toMatchObject({ roles: ['admin'], tenantId: null });
    expect(byName.manager).toMatchObject({ roles: ['tbAdmin'], tenantId: tenant?.id, nickName: 'Manager' });
    expect(byName.customer).toMatchObject({ roles: ['tbCustomer'], tenantId: tenant?.id });
    expect(byName.display).toMatchObject({ roles: ['tbVisualDisplay'], tenantId: tenant?.id });
    // The technician with work orders (issue 37).
    expect(byName.tech).toMatchObject({ roles: ['tbCustomer'], tenantId: tenant?.id });
    const [config] = await t.app.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
    expect(config).toMatchObject({ configValue: 'true', configType: 'Y' });
  });

  it('is idempotent: a second run changes nothing, even a changed password', async () => {
    await t.app.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.username, 'admin'));
    await seedDemo(t.app.db, t.app.log);
    expect(await t.app.db.select().from(users)).toHaveLength(5);
    expect(await t.app.db.select().from(tenants)).toHaveLength(1);
    const [admin] = await t.app.db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin?.passwordHash).toBe('changed');
  });

  it('does not bring back demo users an administrator removed', async () => {
    await t.app.db.delete(users).where(eq(users.username, 'customer'));
    await seedDemo(t.app.db, t.app.log);
    expect((await t.app.db.select().from(users)).map((u) => u.username)).not.toContain('customer');
  });

  it('writes the built-in settings without the demo (SEED_DEMO=false), and no user', async () => {
    await t.app.db.delete(sysConfig);
    const before = (await t.app.db.select().from(users)).length;
    await seedBuiltIns(t.app.db);
    const keys = (await t.app.db.select().from(sysConfig)).map((c) => c.configKey);
    expect(keys).toEqual(expect.arrayContaining(['sys.account.captchaEnabled']));
    expect(await t.app.db.select().from(users)).toHaveLength(before);
  });

  it("replaces an earlier release's developer note in a dictionary's remark, and keeps an administrator's", async () => {
    const level = eq(sysDictData.dictType, 'sb_alert_level');
    const status = eq(sysDictData.dictType, 'sb_project_status');
    await t.app.db.update(sysDictData).set({ remark: 'Alert level (spec section 3)' }).where(level);
    await t.app.db.update(sysDictData).set({ remark: 'Ask the front desk' }).where(status);
    await seedBuiltIns(t.app.db);
    const remarks = async (where: typeof level) =>
      new Set((await t.app.db.select().from(sysDictData).where(where)).map((r) => r.remark));
    expect(await remarks(level)).toEqual(new Set(['Alert level']));
    expect(await remarks(status)).toEqual(new Set(['Ask the front desk']));
  });
});
