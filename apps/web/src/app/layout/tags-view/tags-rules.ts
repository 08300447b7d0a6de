/** A visited view in the tag bar. `title` is a route title key, translated when shown. */
export interface TagView {
  /** The pathname: one tag per page, whatever its query. */
  path: string;
  /** Pathname plus query, to return to the page as it was left. */
  fullPath: string;
  title: string;
  /** Fixed tags (meta.affix and the home page) cannot be closed. */
  affix: boolean;
}

/** Adds a visit; a page already in the bar keeps its place and remembers its latest query. */
export function addView(views: readonly TagView[], view: TagView): TagView[] {
  const index = views.findIndex((v) => v.path === view.path);
  if (index === -1) return [...views, view];
  const existing = views[index];
  if (!existing || existing.fullPath === view.fullPath) return [...views];
  return views.map((v, i) => (i === index ? { ...v, fullPath: view.fullPath } : v));
}

/** Fixed tags first, in their given order, ahead of whatever was visited before. */
export function withAffix(views: readonly TagView[], affix: readonly TagView[]): TagView[] {
  const fixed = affix.filter((a, i) => affix.findIndex((b) => b.path === a.path) === i);
  const rest = views.filter((v) => !fixed.some((a) => a.path === v.path));
  return [...fixed.map((a) => ({ ...a, affix: true })), ...rest];
}

export function closeView(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.path !== path || v.affix);
}

export function closeOthers(views: readonly TagView[], path: string): TagView[] {
  return views.filter((v) => v.affix || v.path === path);
}

export function closeAll(views: readonly TagView[]): TagView[] {
  return views.filter((v) => v.affix);
}

export function isClosable(view: TagView): boolean {
  return !view.affix;
}

/** Where to go when the page being shown loses its tag: the most recent remaining view. */
export function fallbackView(views: readonly TagView[]): TagView | undefined {
  return views.at(-1);
}
