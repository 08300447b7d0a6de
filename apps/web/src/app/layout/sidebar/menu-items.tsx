import type { MenuProps } from 'antd';
import type { RouteRecord } from '@sbuilding/shared';
import { isHidden, resolvePath } from '../route-utils';
import { RouteIcon } from './route-icon';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * antd menu items for a route tree. Hidden entries go, and so does a group left with nothing visible.
 * A group with a single visible page shows that page at the group's level (/dashboard, /buildingUser),
 * as in the reference console, so the user is not made to open a folder holding one item.
 * Keys are resolved paths: the menu's selection follows the URL without a second table.
 */
export function buildMenuItems(
  routes: readonly RouteRecord[],
  translate: (titleKey: string) => string,
  parentPath = '',
): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    if (isHidden(route)) continue;
    const path = resolvePath(parentPath, route.path);
    const visibleChildren = (route.children ?? []).filter((child) => !isHidden(child));
    if (route.children && route.children.length > 0) {
      if (visibleChildren.length === 0) continue;
      const only = visibleChildren.length === 1 ? visibleChildren[0] : undefined;
      if (only && !(only.children && only.children.length > 0)) {
        items.push(leaf(only, resolvePath(path, only.path), translate));
        continue;
      }
      const children = buildMenuItems(visibleChildren, translate, path);
      if (children.length === 0) continue;
      items.push({
        key: `group:${path}`,
        icon: <RouteIcon name={route.meta.icon} />,
        label: translate(route.meta.title),
        children,
      });
      continue;
    }
    items.push(leaf(route, path, translate));
  }
  return items;
}

function leaf(route: RouteRecord, path: string, translate: (titleKey: string) => string): MenuItem {
  return { key: path, icon: <RouteIcon name={route.meta.icon} />, label: translate(route.meta.title) };
}

/** Submenu keys above the page at `pathname`, so the menu opens on the current page. */
export function openKeysFor(items: readonly MenuItem[], pathname: string): string[] {
  for (const item of items) {
    if (!item || !('children' in item) || !item.children) continue;
    const key = String(item.key);
    if (item.children.some((child) => child && String(child.key) === pathname)) return [key];
    const below = openKeysFor(item.children, pathname);
    if (below.length > 0) return [key, ...below];
  }
  return [];
}
