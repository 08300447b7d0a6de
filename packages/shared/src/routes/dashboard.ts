import type { RouteRecord } from './record.js';

/** The Dashboard group: one page, open to every signed-in user. */
export const DASHBOARD_MENU: RouteRecord = {
  path: '/dashboard',
  component: 'Layout',
  meta: { title: 'dashboard', icon: 'fund' },
  children: [
    {
      name: 'Dashboard',
      path: '/dashboard',
      component: 'dashboard/index',
      meta: { title: 'dashboard', icon: 'fund' },
    },
  ],
};
