import { hasAnyPermission, hasAnyRole } from '../roles.js';
import { BOARD_MENU } from './board.js';
import { CONSOLE_MENU } from './console.js';
import { DASHBOARD_MENU } from './dashboard.js';
import { HIDDEN_MENU } from './hidden.js';
import type { RouteMeta, RouteRecord } from './record.js';
import { SCENES_MENU } from './scenes.js';
import { SERVICE_MENU } from './service.js';
import { TENANTS_MENU } from './tenants.js';
import { TOOL_MENU } from './tool.js';
import { USERS_MENU } from './users.js';

export type { RouteMeta, RouteRecord } from './record.js';

/** The menu the server returns from GET /getRouters, before filtering by the caller's roles. */
export const MENU_ROUTES: RouteRecord[] = [
  BOARD_MENU,
  SERVICE_MENU,
  DASHBOARD_MENU,
  CONSOLE_MENU,
  SCENES_MENU,
  USERS_MENU,
  TENANTS_MENU,
  TOOL_MENU,
  HIDDEN_MENU,
];

/** Whether a route's meta lets a user with these roles and permissions see it. */
export function canSeeRoute(
  meta: RouteMeta,
  roles: readonly string[],
  permissions: readonly string[],
): boolean {
  if (meta.roles && !hasAnyRole(roles, meta.roles)) return false;
  if (meta.permissions && !hasAnyPermission(permissions, meta.permissions)) return false;
  return true;
}

/** The menu tree for a user: entries whose meta matches, groups with no visible child dropped. */
export function routesForUser(
  roles: readonly string[],
  permissions: readonly string[],
  routes: readonly RouteRecord[] = MENU_ROUTES,
): RouteRecord[] {
  const out: RouteRecord[] = [];
  for (const route of routes) {
    if (!canSeeRoute(route.meta, roles, permissions)) continue;
    if (!route.children) {
      out.push(route);
      continue;
    }
    const children = routesForUser(roles, permissions, route.children);
    if (children.length > 0) out.push({ ...route, children });
  }
  return out;
}

/** The home page of a user: admin goes to /index, a weixin customer to /wxProgram, everyone else to /board/index. */
export function homePath(roles: readonly string[]): string {
  if (roles.includes('admin')) return '/index';
  // A building's occupant has one screen: the mini-program page (its buildings, or a chooser).
  if (roles.length > 0 && roles.every((r) => r === 'tbWeixinCustomer')) return '/wxProgram';
  return '/board/index';
}

/** Project admin shortcut targets of the navbar (spec section 2). */
export const PROJECT_ADMIN_SHORTCUTS = [
  '/building',
  '/board/light',
  '/devPosition',
  '/zhGateway',
  '/scene',
  '/deviceGroup',
  '/meshConfig',
  '/device',
  '/buildingUser',
  '/project',
] as const;

/** Pages reachable without a session (spec section 2). */
export const OPEN_PATHS = ['/login', '/auth-redirect', '/bind', '/register', '/404', '/401'] as const;
