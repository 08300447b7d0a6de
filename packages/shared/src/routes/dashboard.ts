import type { RouteRecord } from './record.js';

/**
 * The Dashboard group: one page, the project's overview on a wall screen, for whoever reads the project (a
 * weixin customer, who reads only its buildings through the mini-program, would find it empty).
 */
export const DASHBOARD_MENU: RouteRecord = {
  path: '/dashboard',
  component: 'Layout',
  meta: { title: 'dashboard', icon: 'fund' },
  children: [
    {
      name: 'Dashboard',
      path: '/dashboard',
      component: 'dashboard/index',
      meta: { title: 'dashboard', icon: 'fund', access: 'projects:read' },
    },
  ],
};
