import { describe, expect, it } from 'vitest';
import { MENU_ROUTES, routesForUser, type RouteRecord } from '@sbuilding/shared';
import { affixPages, findRouteChain, pageCrumbs, resolvePath, visiblePages } from './route-utils';

describe('route utilities', () => {
  it('resolves relative child paths against their group and keeps absolute ones', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system', '/device')).toBe('/device');
    expect(resolvePath('/system', 'https://example.com')).toBe('https://example.com');
  });

  it('lists the visible pages with their group titles, leaving hidden ones out', () => {
    const pages = visiblePages(routesForUser(['tbCustomer'], []));
    const paths = pages.map((p) => p.path);
    expect(paths).toContain('/board/energy');
    expect(paths).not.toContain('/board/space');
    expect(paths).not.toContain('/device/add');
    expect(pages.find((p) => p.path === '/board/energy')?.titles).toEqual(['board', 'energy']);
    expect(pages.find((p) => p.path === '/dashboard')?.titles).toEqual(['dashboard']);
  });

  it('finds the chain of a page, including hidden pages and paths with parameters', () => {
    expect(findRouteChain(MENU_ROUTES, '/deviceGroup')?.map((r) => r.meta.title)).toEqual([
      'console',
      'devices',
      'deviceGroup',
    ]);
    expect(findRouteChain(MENU_ROUTES, '/dict/type/data/12')?.at(-1)?.meta.title).toBe('dictData');
    expect(findRouteChain(MENU_ROUTES, '/nowhere')).toBeUndefined();
  });

  it('builds breadcrumbs without hidden groups or a repeated title, with links to group landing pages', () => {
    expect(pageCrumbs(MENU_ROUTES, '/device/add')).toEqual([{ title: 'deviceAdd' }]);
    expect(pageCrumbs(MENU_ROUTES, '/dashboard')).toEqual([{ title: 'dashboard' }]);
    expect(pageCrumbs(MENU_ROUTES, '/board/light')).toEqual([
      { title: 'board', to: '/board/index' },
      { title: 'lighting' },
    ]);
    expect(pageCrumbs(MENU_ROUTES, '/user/profile')).toEqual([{ title: 'profile' }]);
  });

  it('collects the pages marked affix', () => {
    const routes: RouteRecord[] = [
      {
        path: '/a',
        component: 'Layout',
        meta: { title: 'a' },
        children: [
          { path: 'fixed', component: 'x', meta: { title: 'fixed', affix: true } },
          { path: 'loose', component: 'y', meta: { title: 'loose' } },
        ],
      },
    ];
    expect(affixPages(routes).map((p) => p.path)).toEqual(['/a/fixed']);
  });
});
