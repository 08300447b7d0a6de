import { describe, expect, it } from 'vitest';
import { can } from '../access/principal.js';
import { permissionsForRoles, ROLES, type Role } from '../roles.js';
import { canSeeRoute, MENU_ROUTES, routesForUser, type RouteRecord } from './index.js';

/** Every page (a record without children) of a tree, depth first. */
const pages = (routes: readonly RouteRecord[]): RouteRecord[] =>
  routes.flatMap((r) => (r.children ? pages(r.children) : [r]));

const menuOf = (role: Role) => routesForUser([role], permissionsForRoles([role]));
const shown = (role: Role) =>
  pages(menuOf(role))
    .filter((r) => !r.meta.hidden)
    .map((r) => r.path);
const hidden = (role: Role) =>
  pages(menuOf(role))
    .filter((r) => r.meta.hidden)
    .map((r) => r.path);

const BOARDS = [
  '/board/index',
  '/board/energy',
  '/energy/tariff',
  '/energy/bills',
  '/energy/meters',
  '/board/light',
  '/board/ac',
  '/board/air',
  '/board/alarm',
  '/board/controlLog',
  '/workorder',
  '/fdd',
  '/dashboard',
];
const PROJECT_ADMIN_PAGES = [
  '/board/index',
  '/board/energy',
  '/energy/tariff',
  '/energy/bills',
  '/energy/reports',
  '/energy/portfolio',
  '/energy/meters',
  '/board/light',
  '/board/ac',
  '/board/air',
  '/board/alarm',
  '/board/controlLog',
  '/workorder',
  '/fdd',
  '/dashboard',
  '/project',
  '/building',
  '/devPosition',
  '/device',
  '/deviceGroup',
  '/meshConfig',
  '/zhGateway',
  '/notification',
  '/scene',
  '/noonNap',
  '/acAutomation',
  '/timeMgmt',
  '/buildingUser',
];
const READER_HIDDEN = [
  '/board/space',
  '/device/add',
  '/group/add',
  '/group/edit',
  '/scenes/add',
  '/schedule/add',
  '/linkage/add',
  '/dict/type/data/:dictId',
  '/job/log',
];

describe('routesForUser', () => {
  it('gives the platform administrator every page of the table, hidden ones included', () => {
    expect(pages(menuOf('admin')).map((r) => r.path)).toEqual(pages(MENU_ROUTES).map((r) => r.path));
  });

  it('gives a project administrator the boards, console, scenes and users, but neither tenants nor the generator', () => {
    expect(shown('tbAdmin')).toEqual(PROJECT_ADMIN_PAGES);
    expect(hidden('tbAdmin')).toEqual([
      '/board/space',
      '/device/add',
      '/group/add',
      '/group/edit',
      '/scenes/add',
      '/scenes/edit',
      '/schedule/add',
      '/linkage/add',
      '/dict/type/data/:dictId',
      '/job/log',
    ]);
  });

  it.each(['tbCustomer', 'tbVisualDisplay'] as const)(
    'gives %s the boards and the dashboard, and of the hidden pages those it may read (no scene to edit, no generator)',
    (role) => {
      expect(shown(role)).toEqual(BOARDS);
      expect(hidden(role)).toEqual(READER_HIDDEN);
    },
  );

  it('gives a weixin customer no menu page (its home is the mini-program) and no dashboard', () => {
    expect(shown('tbWeixinCustomer')).toEqual([]);
    expect(hidden('tbWeixinCustomer')).toEqual(['/dict/type/data/:dictId']);
  });

  it('gives a user without a role only the dictionaries everyone reads', () => {
    expect(pages(menuOf('ROLE_DEFAULT')).map((r) => r.path)).toEqual(['/dict/type/data/:dictId']);
  });

  it('serves the code generator’s edit page to the platform administrator only', () => {
    for (const role of ROLES) {
      expect(hidden(role).includes('/gen/edit/:tableId'), role).toBe(role === 'admin');
    }
  });

  it('drops a group none of whose pages the user may see, and keeps a group’s landing page', () => {
    const groups = menuOf('tbCustomer').map((r) => r.path);
    expect(groups).toEqual(['/board', '/service', '/dashboard', '/hidden']);
    expect(menuOf('tbCustomer').find((r) => r.path === '/board')?.redirect).toBe('/board/index');
  });
});

describe('canSeeRoute', () => {
  it('asks the access policy, for a person’s session, whether the page’s action may be taken', () => {
    for (const role of ROLES) {
      const permissions = permissionsForRoles([role]);
      const session = { roles: [role], permissions, credential: 'session' } as const;
      expect(canSeeRoute({ title: 'x', access: 'users:read' }, [role], permissions)).toBe(
        can(session, 'users:read'),
      );
      expect(canSeeRoute({ title: 'x', access: 'apiKeys:read' }, [role], permissions)).toBe(
        can(session, 'apiKeys:read'),
      );
    }
  });

  it('narrows a page to its roles where it names them, admin always passing', () => {
    const meta = { title: 'x', access: 'devices:read', roles: ['tbAdmin'] } as const;
    const see = (role: Role) =>
      canSeeRoute({ ...meta, roles: [...meta.roles] }, [role], permissionsForRoles([role]));
    expect(see('tbCustomer')).toBe(false);
    expect(see('tbAdmin')).toBe(true);
    expect(see('admin')).toBe(true);
  });

  it('shows a record without an action or roles (a group) to everyone', () => {
    expect(canSeeRoute({ title: 'board' }, ['ROLE_DEFAULT'], [])).toBe(true);
  });
});

describe('the route table', () => {
  it('names, on every page, the action of the call that shows it', () => {
    expect(pages(MENU_ROUTES).filter((r) => r.meta.access === undefined)).toEqual([]);
  });

  it('names no role on a page where its action already says who may see it', () => {
    // Only the console group is narrower than its action (spec section 2 gives it to tbAdmin).
    const narrowed = pages(MENU_ROUTES)
      .filter((r) => r.meta.roles)
      .map((r) => r.path);
    expect(narrowed).toEqual([
      '/project',
      '/building',
      '/devPosition',
      '/device',
      '/deviceGroup',
      '/meshConfig',
      '/zhGateway',
    ]);
  });
});
