import { afterEach, describe, expect, it, vi } from 'vitest';
import { markScrollableRegions, watchScrollableRegions } from './scrollable-regions';

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
  vi.unstubAllGlobals();
});

type Resizable = HTMLElement & { resize: (s: { scrollWidth: number; clientWidth: number }) => void };

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

  it('puts in the tab order a table whose links and buttons are all out of it (tabindex -1, hidden, inert)', () => {
    const table = region(
      '<table><tr><td><a href="/x" tabindex="-1">link</a></td><td><span role="button" tabindex="-1">sort</span></td>' +
        '<td><div inert><button>in an inert part</button></div></td></tr></table>',
      { scrollWidth: 900, clientWidth: 390 },
    );
    markScrollableRegions();
    expect(table.tabIndex).toBe(0);
  });

  it('puts in the tab order a table whose only control is not rendered, as the browser measures it', () => {
    const table = region('<table><tr><td><button>filter</button></td></tr></table>', {
      scrollWidth: 900,
      clientWidth: 390,
    });
    // jsdom has no layout: the browser's answer for a button in a collapsed (display: none) part.
    const button = table.querySelector('button')!;
    Object.defineProperty(button, 'checkVisibility', { configurable: true, value: () => false });
    markScrollableRegions();
    expect(table.tabIndex).toBe(0);
  });
});

describe('watchScrollableRegions', () => {
  it('marks a table that starts to scroll when antd sets its columns widths, with no node added', async () => {
    const table = region('<table><tr><td>text only</td></tr></table>', {
      scrollWidth: 300,
      clientWidth: 300,
    });
    const stop = watchScrollableRegions();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(table.hasAttribute('tabindex')).toBe(false);
    (table as Resizable).resize({ scrollWidth: 842, clientWidth: 308 });
    table.querySelector('table')!.style.width = '842px';
    await vi.waitFor(() => expect(table.tabIndex).toBe(0));
    stop();
  });

  it('marks a table that starts to scroll when the page narrows and the window does not resize', async () => {
    // The page grew a vertical scrollbar: the body narrows, no node changes and no resize event fires.
    const observers: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const table = region('<table><tr><td>text only</td></tr></table>', {
      scrollWidth: 300,
      clientWidth: 300,
    });
    const stop = watchScrollableRegions();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(table.hasAttribute('tabindex')).toBe(false);
    (table as Resizable).resize({ scrollWidth: 300, clientWidth: 285 });
    for (const observer of observers) observer();
    await vi.waitFor(() => expect(table.tabIndex).toBe(0));
    stop();
  });
});
