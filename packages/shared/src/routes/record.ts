import type { Role } from '../roles.js';

/**
 * Route records of spec section 2: path, component, children, meta {title, noCache, affix, roles, hidden}.
 * `meta.title` is a key of the console's `routes.*` catalogue entries, so the menu follows the UI language
 * without a refetch. `meta.permissions` extends the spec's meta for the one permission-guarded entry
 * (/buildingUser). `meta.transition` marks the board pages, the only ones with a page transition.
 */
export interface RouteMeta {
  title: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
  roles?: Role[];
  permissions?: string[];
  hidden?: boolean;
  transition?: boolean;
}

export interface RouteRecord {
  name?: string;
  path: string;
  /** `Layout` for a top-level group, otherwise the page key the console maps to a lazily loaded page. */
  component: string;
  redirect?: string;
  meta: RouteMeta;
  children?: RouteRecord[];
}

/** Who sees a board page: every board role. */
export const BOARD_ROLES: Role[] = ['tbAdmin', 'tbCustomer', 'tbVisualDisplay'];
/** Who sees a page of project administration. */
export const PROJECT_ADMIN: Role[] = ['tbAdmin'];
