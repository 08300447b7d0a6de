import { afterEach, describe, expect, it } from 'vitest';
import { markScrollableRegions } from './scrollable-regions';

/** jsdom does no layout: a region's sizes are set as a browser would measure them. */
function region(html: string, sizes: { scrollWidth: number; clientWidth: number }): HTMLElement {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = `<div class="ant-table-content">${html}</div>`;
  document.body.append(wrapper);
  const element = wrapper.querySelector<HTMLElement>('.ant-table-content')!;
  const set = (s: { scrollWidth: number; clientWidth: number }) => {
    Object.defineProperty(element, 'scrollWidth', { configurable: true, value: s.scrollWidth });
    Object.defineProperty(element, 'clientWidth', { configurable: true, value: s.clientWidth });
  };
  set(sizes);
  (element as HTMLElement & { resize: typeof set }).resize = set;
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('markScrollableRegions', () => {
  it('puts a table that scrolls sideways in the tab order, and takes it out when it no longer scrolls', () => {
    const table = region('<table><tr><td>text only</td></tr></table>', {
      scrollWidth: 900,
      clientWidth: 390,
    });
    markScrollableRegions();
    expect(table.tabIndex).toBe(0);
    (table as HTMLElement & { resize: (s: object) => void }).resize({ scrollWidth: 1200, clientWidth: 1200 });
    markScrollableRegions();
    expect(table.hasAttribute('tabindex')).toBe(false);
  });

  it('leaves alone a table that fits, and one reached through a control of its own', () => {
    const fits = region('<table><tr><td>text</td></tr></table>', { scrollWidth: 390, clientWidth: 390 });
    const withButton = region('<table><tr><td><button>Edit</button></td></tr></table>', {
      scrollWidth: 900,
      clientWidth: 390,
    });
    markScrollableRegions();
    expect(fits.hasAttribute('tabindex')).toBe(false);
    expect(withButton.hasAttribute('tabindex')).toBe(false);
  });

  it('puts in the tab order a table whose only control is disabled (an empty table with "Select all")', () => {
    const empty = region(
      '<table><thead><tr><th><input type="checkbox" aria-label="Select all" disabled></th><th>Table name</th></tr></thead></table>',
      { scrollWidth: 604, clientWidth: 268 },
    );
    markScrollableRegions();
    expect(empty.tabIndex).toBe(0);
  });
});
