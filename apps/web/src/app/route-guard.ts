import { matchPath } from 'react-router';
import { can, homePath, OPEN_PATHS, SESSION_PAGE_ACCESS, type RouteRecord } from '@sbuilding/shared';
import { loginPathFor, safeRedirect } from '@/lib/navigation';
import { canSeeChain, findRoute, isMenuPath } from './route-match';

/** Pages every signed-in user has, outside the server's menu (spec section 2 route table). */
export const SESSION_PATHS = ['/index', '/user/profile', '/guide', '/wxProgram', '/redirect/*'] as const;

/** The mini-program page (spec section 2): the building's occupants' phone screen. */
const MINI_PROGRAM_PATH = '/wxProgram';

export interface GuardInput {
  pathname: string;
  /** The query string, with its leading '?' or empty. */
  search: string;
  hasToken: boolean;
  /** User info and routes are loaded for the current token. */
  loaded: boolean;
  roles: readonly string[];
  permissions: readonly string[];
  /** The caller's menu from GET /getRouters. */
  routes: readonly RouteRecord[];
  /** The stored projectId, if any. */
  projectId: string | null;
  /** The project admin chose to continue without a project (guide page). */
  guideSkipped: boolean;
  /** Mini-program mode (the miniprogram entry query was used in this browser). */
  miniProgram: boolean;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** Load user info and routes, then decide again. */
  | { action: 'load' }
  /** Store the mini-program entry's values locally, then go to `to`. */
  | {
      action: 'miniprogram';
      token: string | null;
      projectId: string | null;
      hallId: string | null;
      to: string;
    };

/** A share link's page (issue 22): open with or without a session, outside the menu. */
export function isSharePath(pathname: string): boolean {
  return /^\/share\/[^/]+$/.test(pathname);
}

function isOpenPath(pathname: string): boolean {
  return OPEN_PATHS.some((p) => p === pathname);
}

function isSessionPath(pathname: string): boolean {
  return SESSION_PATHS.some((p) => matchPath({ path: p, end: true }, pathname) !== null);
}

/** Whether the signed-in person may open a session page: most are everyone's, a few need an action. */
function canOpenSessionPath(input: GuardInput): boolean {
  const action = Object.hasOwn(SESSION_PAGE_ACCESS, input.pathname)
    ? SESSION_PAGE_ACCESS[input.pathname]
    : undefined;
  const { roles, permissions } = input;
  return action === undefined || can({ roles, permissions, credential: 'session' }, action);
}

/**
 * The routing rules of spec section 2 as one pure decision, taken before every navigation renders:
 * mini-program entry, open pages, the login redirect, loading the session, the project guide for
 * tbAdmin, the home page of the empty path, then access to the page itself (401) or none (404).
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, search } = input;
  if (isSharePath(pathname)) return { action: 'allow' };
  const query = new URLSearchParams(search);

  if (query.has('miniprogram')) {
    const hallId = query.get('hallId');
    return {
      action: 'miniprogram',
      token: query.get('admin_token'),
      projectId: query.get('projectId'),
      hallId,
      to: `/wxProgram?hallId=${encodeURIComponent(hallId ?? '')}`,
    };
  }

  if (!input.hasToken) {
    // In the mini-program the token comes from WeChat: the page says to reopen it, not the login page.
    if (input.miniProgram && pathname === MINI_PROGRAM_PATH) return { action: 'allow' };
    return isOpenPath(pathname)
      ? { action: 'allow' }
      : { action: 'redirect', to: loginPathFor(pathname + search) };
  }

  if (pathname === '/login') return { action: 'redirect', to: safeRedirect(query.get('redirect')) ?? '/' };

  if (!input.loaded) return { action: 'load' };

  if (
    input.roles.includes('tbAdmin') &&
    !input.projectId &&
    !input.guideSkipped &&
    pathname !== '/guide' &&
    pathname !== MINI_PROGRAM_PATH &&
    !isOpenPath(pathname)
  ) {
    return { action: 'redirect', to: '/guide' };
  }

  if (pathname === '/' || pathname === '') return { action: 'redirect', to: homePath(input.roles) };
  if (isOpenPath(pathname)) return { action: 'allow' };
  if (isSessionPath(pathname))
    return canOpenSessionPath(input) ? { action: 'allow' } : { action: 'redirect', to: '/401' };

  const found = findRoute(input.routes, pathname);
  if (found) {
    if (!canSeeChain(found.chain, input.roles, input.permissions)) return { action: 'redirect', to: '/401' };
    // findRoute only returns a group when it has a landing page to send the user to.
    const { redirect, children } = found.record;
    return redirect && children?.length ? { action: 'redirect', to: redirect } : { action: 'allow' };
  }
  // A page of the product this user's menu does not include: it exists, but not for them.
  if (isMenuPath(pathname)) return { action: 'redirect', to: '/401' };
  return { action: 'redirect', to: '/404' };
}
