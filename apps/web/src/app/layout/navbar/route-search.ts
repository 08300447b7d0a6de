import Fuse from 'fuse.js';
import { ROUTE_SEARCH, type RouteRecord } from '@sbuilding/shared';
import { visiblePages } from '../route-utils';

export interface SearchEntry {
  path: string;
  /** Translated titles from the outermost group down to the page. */
  title: string[];
}

/** The visible pages with their titles in the current language. */
export function searchEntries(
  routes: readonly RouteRecord[],
  translate: (titleKey: string) => string,
): SearchEntry[] {
  return visiblePages(routes).map((page) => ({ path: page.path, title: page.titles.map(translate) }));
}

/** Fuzzy route search with the spec's options (section 2, Layout; section 9). */
export function createRouteSearch(entries: readonly SearchEntry[]): (query: string) => SearchEntry[] {
  const fuse = new Fuse(entries, {
    shouldSort: true,
    threshold: ROUTE_SEARCH.threshold,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: ROUTE_SEARCH.titleWeight },
      { name: 'path', weight: ROUTE_SEARCH.pathWeight },
    ],
  });
  return (query) => {
    // Fuse 7 dropped its maxPatternLength option; the limit is kept by cutting the pattern.
    const pattern = query.trim().slice(0, ROUTE_SEARCH.maxPatternLength);
    return pattern ? fuse.search(pattern).map((r) => r.item) : [];
  };
}
