import { create } from 'zustand';
import { addView, closeAll, closeOthers, closeView, withAffix, type TagView } from './tags-rules';

interface TagsState {
  views: TagView[];
  add: (view: TagView) => void;
  setAffix: (affix: TagView[]) => void;
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  reset: () => void;
}

/** The tag bar's visited views; in memory only, so a reload or a new sign-in starts afresh. */
export const useTags = create<TagsState>()((set) => ({
  views: [],
  add: (view) => set((s) => ({ views: addView(s.views, view) })),
  setAffix: (affix) => set((s) => ({ views: withAffix(s.views, affix) })),
  close: (path) => set((s) => ({ views: closeView(s.views, path) })),
  closeOthers: (path) => set((s) => ({ views: closeOthers(s.views, path) })),
  closeAll: () => set((s) => ({ views: closeAll(s.views) })),
  reset: () => set({ views: [] }),
}));
