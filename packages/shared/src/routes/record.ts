import type { AccessAction } from '../access/actions.js';
import type { Role } from '../roles.js';

/**
 * Route records of spec section 2: path, component, children, meta {title, noCache, affix, roles, hidden}.
 * `meta.title` is a key of the console's `routes.*` catalogue entries, so the menu follows the UI language
 * without a refetch. `meta.access` extends the spec's meta with the access policy's action (issue 32), so the
 * menu offers a page only to whoever the server lets make the call that shows it. `meta.transition` marks
 * the board pages, the only ones with a page transition.
 */
export interface RouteMeta {
  title: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
  /**
   * The action (packages/shared/src/access/actions.ts) of the main call the page makes to show itself: a
   * signed-in person sees the page when the policy lets them take it. Absent on a group, which is seen
   * when one of its pages is.
   */
  access?: AccessAction;
  /**
   * The spec's role list, only where a page is narrower than its action (admin always passes); each use
   * says why.
   */
  roles?: Role[];
  /** Permissions the page needs beyond its action (`*:*:*` always passes); no record needs one today. */
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

/**
 * Who sees a page of project administration: the console group of spec section 2 is the project
 * administrators', although customers and display screens may read the same rows (they look at them through
 * the boards). Also the role the code generator's menu entries name.
 */
export const PROJECT_ADMIN: Role[] = ['tbAdmin'];
