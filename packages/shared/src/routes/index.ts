import type { AccessAction } from '../access/actions.js';
import { can, type PrincipalLimits } from '../access/principal.js';
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

/**
 * Whether a route's meta lets a signed-in person with these roles and permissions see it: the policy lets
 * their session take the page's action (`meta.access`), and they hold one of the page's narrower roles or
 * permissions where it names any. The menu is a person's: an API key never signs in to the console.
 */
export function canSeeRoute(
  meta: RouteMeta,
  roles: readonly string[],
  permissions: readonly string[],
): boolean {
  const session: PrincipalLimits = { roles, permissions, credential: 'session' };
  if (meta.access && !can(session, meta.access)) return false;
  if (meta.roles && !hasAnyRole(roles, meta.roles)) return false;
  if (meta.permissions && !hasAnyPermission(permissions, meta.permissions)) return false;
  return true;
}

/**
 * The menu tree for a user: entries whose meta lets them see it, the hidden ones included (a hidden page is
 * reached from another page, not from the menu, but is served only to whoever may see it), and groups with
 * no visible child dropped.
 */
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

/**
 * Pages outside the server's menu (the console routes them itself, spec section 2) that need more than a
 * session, with the action of the call that shows each: the mini-program page reads a weixin customer's
 * buildings, the project guide the tenant's projects. A signed-in person who may not take it gets /401.
 */
export const SESSION_PAGE_ACCESS: Readonly<Record<string, AccessAction>> = {
  '/wxProgram': 'miniProgram:read',
  '/guide': 'projects:read',
};

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
