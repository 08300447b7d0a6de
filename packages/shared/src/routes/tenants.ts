import type { RouteRecord } from './record.js';

/** The Tenants group: the platform administrator's (`platform:read`). */
export const TENANTS_MENU: RouteRecord = {
  path: '/tenants',
  component: 'Layout',
  meta: { title: 'tenants', icon: 'team' },
  children: [
    {
      name: 'Tenant',
      path: '/tenant',
      component: 'tenant/index',
      meta: { title: 'tenants', icon: 'team', access: 'platform:read' },
    },
  ],
};
