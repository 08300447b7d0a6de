import { homePath, type RouteRecord } from '@sbuilding/shared';
import { affixPages, pageCrumbs } from '../route-utils';
import type { TagView } from './tags-rules';

/** The fixed tags: the user's home page first, then every page the route table marks meta.affix. */
export function affixViews(routes: readonly RouteRecord[], roles: readonly string[]): TagView[] {
  const home = homePath(roles);
  const homeTitle = pageCrumbs(routes, home)?.at(-1)?.title ?? 'home';
  return [
    { path: home, fullPath: home, title: homeTitle, affix: true },
    ...affixPages(routes).map((p) => ({
      path: p.path,
      fullPath: p.path,
      title: p.route.meta.title,
      affix: true,
    })),
  ];
}
