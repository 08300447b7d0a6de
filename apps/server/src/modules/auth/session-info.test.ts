import type { RouteRecord } from '@sbuilding/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let demoTenantId = 0;
beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  // Guarded routes like those a module registers (added before the app's first request, after which no
  // route can be added): the access policy guards them by their declarations, wherever they are registered.
  t.app.get('/test/project-admin', { config: { access: { action: 'projects:write' } } }, async (r) => ({
    scope: r.scope(),
  }));
  t.app.get('/test/tenant-tools', { config: { access: { action: 'users:read' } } }, async () => 'ok');
  for (const [u, p] of [
    ['admin', 'admin123'],
    ['manager', 'manager123'],
    ['customer', 'customer123'],
    ['display', 'display123'],
  ] as const) {
    tokens[u] = await t.login(u, p);
  }
  const [tenant] = await t.app.db.select().from(tenants).where(eq(tenants.name, 'Demo Tenant'));
  demoTenantId = tenant?.id ?? 0;
});
afterAll(() => t.close());

const get = (url: string, user: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}` } });

/** Every path of a menu tree, depth first. */
const paths = (routes: RouteRecord[]): string[] =>
  routes.flatMap((r) => [r.path, ...paths(r.children ?? [])]);

describe('GET /getInfo', () => {
  it('returns the user, its roles and permissions: admin has *:*:* and no tenant', async () => {
    const { data } = (await get('/getInfo', 'admin')).json();
    expect(data.roles).toEqual(['admin']);
    expect(data.permissions).toEqual(['*:*:*']);
    expect(data.user).toMatchObject({ userName: 'admin', deptId: null, avatar: '', sex: expect.any(String) });
    expect(data.user.userId).toEqual(expect.any(Number));
    expect(Date.parse(data.user.createTime)).not.toBeNaN();
    expect(data.user).not.toHaveProperty('passwordHash');
  });

  it('gives the manager role tbAdmin, the tenant tools, device control and alert handling permissions and the demo tenant as deptId', async () => {
    const { data } = (await get('/getInfo', 'manager')).json();
    expect(data.roles).toEqual(['tbAdmin']);
    expect(data.permissions).toEqual([
      'sbuilding:tools:tenant',
      'sbuilding:device:control',
      'sbuilding:alert:handle',
      'sbuilding:wx:use',
    ]);
    expect(data.user).toMatchObject({ userName: 'manager', nickName: 'Manager', deptId: demoTenantId });
  });

  it('reads an empty roles list as ROLE_DEFAULT', async () => {
    await t.app.db.update(users).set({ roles: [] }).where(eq(users.username, 'customer'));
    try {
      const { data } = (await get('/getInfo', 'customer')).json();
      expect(data.roles).toEqual(['ROLE_DEFAULT']);
      expect(data.permissions).toEqual([]);
    } finally {
      await t.app.db
        .update(users)
        .set({ roles: ['tbCustomer'] })
        .where(eq(users.username, 'customer'));
    }
  });
});

describe('GET /getRouters', () => {
  it('gives admin every menu entry, the tenants page included', async () => {
    const all = paths((await get('/getRouters', 'admin')).json().data);
    for (const p of [
      '/board/index',
      '/project',
      '/scene',
      '/buildingUser',
      '/tenant',
      '/dashboard',
      '/energy/portfolio',
      '/gen/edit/:tableId',
    ]) {
      expect(all).toContain(p);
    }
  });

  it('gives the manager console, scenes, users and boards, but not tenants nor the code generator', async () => {
    const all = paths((await get('/getRouters', 'manager')).json().data);
    for (const p of [
      '/board/index',
      '/board/alarm',
      '/project',
      '/device',
      '/scene',
      '/timeMgmt',
      '/buildingUser',
      '/energy/portfolio',
    ]) {
      expect(all).toContain(p);
    }
    // Its hidden pages too: the add and edit pages it may save, not the platform administrator's.
    for (const p of ['/group/edit', '/scenes/edit', '/device/add', '/job/log']) expect(all).toContain(p);
    for (const p of ['/tenant', '/tool/gen', '/gen/edit/:tableId']) expect(all).not.toContain(p);
  });

  it.each(['customer', 'display'])(
    'gives %s boards, services and the dashboard but no console, scenes, users or tenants',
    async (user) => {
      const all = paths((await get('/getRouters', user)).json().data);
      for (const p of ['/board/index', '/board/energy', '/board/alarm', '/board/controlLog', '/dashboard']) {
        expect(all).toContain(p);
      }
      // The portfolio is a tenant's (issue 22): a customer of one project sees that project's boards only.
      for (const p of ['/console', '/project', '/scene', '/buildingUser', '/tenant', '/energy/portfolio']) {
        expect(all).not.toContain(p);
      }
      // Hidden pages follow the policy too (issue 32): the add and edit pages it may read (shown read-only),
      // not a scene to edit (automation:read) nor the code generator's page (platform:read).
      for (const p of ['/group/edit', '/group/add', '/device/add', '/scenes/add', '/job/log']) {
        expect(all).toContain(p);
      }
      for (const p of ['/scenes/edit', '/gen/edit/:tableId']) expect(all).not.toContain(p);
    },
  );

  it('gives a weixin customer no dashboard and no page of the project: its home is the mini-program', async () => {
    await t.app.db
      .update(users)
      .set({ roles: ['tbWeixinCustomer'] })
      .where(eq(users.username, 'customer'));
    try {
      const routes: RouteRecord[] = (await get('/getRouters', 'customer')).json().data;
      expect(paths(routes)).toEqual(['/hidden', '/dict/type/data/:dictId']);
    } finally {
      await t.app.db
        .update(users)
        .set({ roles: ['tbCustomer'] })
        .where(eq(users.username, 'customer'));
    }
  });

  it('returns route records with path, component, children and meta, each page naming its action', async () => {
    const routes: RouteRecord[] = (await get('/getRouters', 'manager')).json().data;
    const board = routes.find((r) => r.path === '/board');
    expect(board).toMatchObject({ component: 'Layout', redirect: '/board/index', meta: { title: 'board' } });
    expect(board?.children?.find((c) => c.path === '/board/space')?.meta).toMatchObject({
      hidden: true,
      access: 'projects:read',
    });
    // The console group is narrower than its action: spec section 2 gives it to tbAdmin.
    const project = routes.find((r) => r.path === '/console')?.children?.find((c) => c.path === '/project');
    expect(project?.meta).toMatchObject({ access: 'projects:read', roles: ['tbAdmin'] });
  });
});

describe('route guards', () => {
  it('answers 403 with the spec message when the caller lacks every listed role; admin always passes', async () => {
    const denied = await get('/test/project-admin', 'customer');
    expect(denied.json()).toEqual({ code: 403, msg: 'No permission for this operation', data: null });
    expect((await get('/test/project-admin', 'manager')).statusCode).toBe(200);
    expect((await get('/test/project-admin', 'admin')).statusCode).toBe(200);
  });

  it('answers 403 when the caller lacks every listed permission; *:*:* always passes', async () => {
    expect((await get('/test/tenant-tools', 'display')).statusCode).toBe(403);
    expect((await get('/test/tenant-tools', 'manager')).statusCode).toBe(200);
    expect((await get('/test/tenant-tools', 'admin')).statusCode).toBe(200);
  });

  it('hands the route the caller scope: tenant, roles and permissions', async () => {
    const { scope } = (await get('/test/project-admin', 'manager')).json();
    expect(scope).toEqual({
      userId: expect.any(Number),
      tenantId: demoTenantId,
      roles: ['tbAdmin'],
      permissions: [
        'sbuilding:tools:tenant',
        'sbuilding:device:control',
        'sbuilding:alert:handle',
        'sbuilding:wx:use',
      ],
      isAdmin: false,
    });
  });
});
