import { describe, expect, it } from 'vitest';
import { addView, closeAll, closeOthers, closeView, isClosable, withAffix, type TagView } from './tags-rules';

const home: TagView = {
  path: '/board/index',
  fullPath: '/board/index',
  title: 'platformOverview',
  affix: true,
};
const energy: TagView = { path: '/board/energy', fullPath: '/board/energy', title: 'energy', affix: false };
const light: TagView = {
  path: '/board/light',
  fullPath: '/board/light?floor=2',
  title: 'lighting',
  affix: false,
};

describe('tag bar rules', () => {
  it('adds a page once and remembers its latest query', () => {
    let views = addView([home], energy);
    views = addView(views, energy);
    expect(views.map((v) => v.path)).toEqual(['/board/index', '/board/energy']);
    views = addView(views, { ...energy, fullPath: '/board/energy?period=WEEK' });
    expect(views[1]?.fullPath).toBe('/board/energy?period=WEEK');
  });

  it('does not close an affix tag', () => {
    expect(isClosable(home)).toBe(false);
    expect(closeView([home, energy], '/board/index')).toEqual([home, energy]);
    expect(closeView([home, energy], '/board/energy')).toEqual([home]);
  });

  it('keeps the affix tags and the chosen one when closing others', () => {
    expect(closeOthers([home, energy, light], '/board/light')).toEqual([home, light]);
  });

  it('keeps only the affix tags when closing all', () => {
    expect(closeAll([home, energy, light])).toEqual([home]);
  });

  it('puts affix tags first, once, and marks them fixed even when already visited', () => {
    const views = withAffix([energy, { ...home, affix: false }], [home, home]);
    expect(views.map((v) => [v.path, v.affix])).toEqual([
      ['/board/index', true],
      ['/board/energy', false],
    ]);
  });
});
