import { matchPath } from 'react-router';
import { canSeeRoute, MENU_ROUTES, type RouteRecord } from '@sbuilding/shared';

/** A route record found for a path, with the chain of records above it (outermost first). */
export interface RouteMatch {
  record: RouteRecord;
  chain: RouteRecord[];
  /** The path of the record, resolved against its parents. */
  path: string;
}

/** Child paths are absolute in the server's table; a relative one is taken from its parent. */
export function resolvePath(parentPath: string, childPath: string): string {
  if (childPath.startsWith('/')) return childPath;
  const base = parentPath.endsWith('/') ? parentPath.slice(0, -1) : parentPath;
  return childPath === '' ? base || '/' : `${base}/${childPath}`;
}

/** Every record of a tree, depth first, with its chain and resolved path. */
export function flattenRoutes(routes: readonly RouteRecord[], parentPath = '', above: RouteRecord[] = []) {
  const out: RouteMatch[] = [];
  for (const record of routes) {
    const path = resolvePath(parentPath, record.path);
    const chain = [...above, record];
    out.push({ record, chain, path });
    if (record.children) out.push(...flattenRoutes(record.children, path, chain));
  }
  return out;
}

/** `:dictId`, `:tableId`: the route table's ids are numeric (spec section 2). */
function numericIdsOk(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => !name.endsWith('Id') || /^\d+$/.test(value ?? ''));
}

function matches(pattern: string, pathname: string): boolean {
  const match = matchPath({ path: pattern, end: true }, pathname);
  return match !== null && numericIdsOk(match.params);
}

/**
 * The record for a pathname: a page (a record without children) first, so /dashboard finds the
 * dashboard page rather than its one-page group; otherwise a group that redirects to its first page.
 */
export function findRoute(routes: readonly RouteRecord[], pathname: string): RouteMatch | undefined {
  const all = flattenRoutes(routes);
  const pages = all.filter((m) => !m.record.children?.length);
  const groups = all.filter((m) => m.record.children?.length && m.record.redirect);
  return pages.find((m) => matches(m.path, pathname)) ?? groups.find((m) => matches(m.path, pathname));
}

/** Whether a user with these roles and permissions may see every record of the chain. */
export function canSeeChain(
  chain: readonly RouteRecord[],
  roles: readonly string[],
  permissions: readonly string[],
) {
  return chain.every((r) => canSeeRoute(r.meta, roles, permissions));
}

/** Whether the path belongs to the product's full route table, whoever may see it. */
export function isMenuPath(pathname: string): boolean {
  return findRoute(MENU_ROUTES, pathname) !== undefined;
}
