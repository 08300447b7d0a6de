import { matchPath } from 'react-router';
import { isExternal, type RouteRecord } from '@sbuilding/shared';

/** A page of the route tree with the title keys of its ancestors, for search and breadcrumbs. */
export interface RouteEntry {
  path: string;
  /** `meta.title` keys from the outermost group down to this page. */
  titles: string[];
  route: RouteRecord;
}

/** Child paths may be absolute (the server's table) or relative to their group (router convention). */
export function resolvePath(parentPath: string, childPath: string): string {
  if (childPath.startsWith('/') || isExternal(childPath)) return childPath;
  const base = parentPath.endsWith('/') ? parentPath.slice(0, -1) : parentPath;
  return childPath === '' ? base || '/' : `${base}/${childPath}`;
}

/** A route is hidden when its meta says so; a hidden group hides everything under it. */
export function isHidden(route: RouteRecord): boolean {
  return route.meta.hidden === true;
}

/** The visible pages (leaves) of the tree, with resolved paths and the chain of titles above them. */
export function visiblePages(
  routes: readonly RouteRecord[],
  parentPath = '',
  titles: string[] = [],
): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const route of routes) {
    if (isHidden(route)) continue;
    const path = resolvePath(parentPath, route.path);
    const chain = titles.at(-1) === route.meta.title ? titles : [...titles, route.meta.title];
    if (route.children && route.children.length > 0) {
      out.push(...visiblePages(route.children, path, chain));
    } else {
      out.push({ path, titles: chain, route });
    }
  }
  return out;
}

/**
 * The chain of route records from the top group down to the one matching `pathname`, hidden entries
 * included (a hidden page such as /device/add still has a title for its breadcrumb and tag).
 */
export function findRouteChain(
  routes: readonly RouteRecord[],
  pathname: string,
  parentPath = '',
): RouteRecord[] | undefined {
  for (const route of routes) {
    const path = resolvePath(parentPath, route.path);
    if (route.children && route.children.length > 0) {
      const below = findRouteChain(route.children, pathname, path);
      if (below) return [route, ...below];
    }
    if (!isExternal(path) && matchPath({ path, end: true }, pathname)) return [route];
  }
  return undefined;
}

/** A crumb of the breadcrumb: a title key and, for a group with a landing page, where it leads. */
export interface Crumb {
  title: string;
  to?: string;
}

/**
 * Crumbs for a chain: hidden groups (the bucket of add/edit pages) are left out, and a group that
 * repeats its only page's title (/dashboard in /dashboard) shows once.
 */
export function chainCrumbs(chain: readonly RouteRecord[]): Crumb[] {
  const crumbs: Crumb[] = [];
  chain.forEach((route, index) => {
    const last = index === chain.length - 1;
    if (!last && isHidden(route)) return;
    if (crumbs.at(-1)?.title === route.meta.title) crumbs.pop();
    crumbs.push(
      !last && route.redirect ? { title: route.meta.title, to: route.redirect } : { title: route.meta.title },
    );
  });
  return crumbs;
}

/**
 * Pages of the main layout that are not in the server's menu, with their title keys. The server's menu
 * is the source of every other title.
 */
export const SHELL_PAGES: Readonly<Record<string, string>> = {
  '/index': 'home',
  '/user/profile': 'profile',
};

/** The crumbs of the page at `pathname`, or undefined for a page the shell does not know. */
export function pageCrumbs(routes: readonly RouteRecord[], pathname: string): Crumb[] | undefined {
  const chain = findRouteChain(routes, pathname);
  if (chain) return chainCrumbs(chain);
  const shell = SHELL_PAGES[pathname];
  return shell ? [{ title: shell }] : undefined;
}

/** Pages whose tags are fixed (meta.affix), with resolved paths. */
export function affixPages(routes: readonly RouteRecord[], parentPath = ''): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const route of routes) {
    const path = resolvePath(parentPath, route.path);
    if (route.meta.affix && !route.children?.length) out.push({ path, titles: [route.meta.title], route });
    if (route.children) out.push(...affixPages(route.children, path));
  }
  return out;
}
