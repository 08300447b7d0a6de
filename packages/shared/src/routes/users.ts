import type { RouteRecord } from './record.js';

/** The Users group: guarded by a permission rather than a role (spec section 2). */
export const USERS_MENU: RouteRecord = {
  path: '/users',
  component: 'Layout',
  meta: { title: 'users', icon: 'user' },
  children: [
    {
      name: 'BuildingUser',
      path: '/buildingUser',
      component: 'user/index',
      meta: { title: 'users', icon: 'user', permissions: ['sbuilding:tools:tenant'] },
    },
  ],
};
