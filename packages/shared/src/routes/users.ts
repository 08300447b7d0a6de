import type { RouteRecord } from './record.js';

/**
 * The Users group: guarded by a permission rather than a role (spec section 2): `users:read` needs the
 * `{product}:tools:tenant` permission.
 */
export const USERS_MENU: RouteRecord = {
  path: '/users',
  component: 'Layout',
  meta: { title: 'users', icon: 'user' },
  children: [
    {
      name: 'BuildingUser',
      path: '/buildingUser',
      component: 'user/index',
      meta: { title: 'users', icon: 'user', access: 'users:read' },
    },
  ],
};
