import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadLanguage, setLanguage } from '@/lib/i18n';

// findBy*/waitFor wait this long by default: lazy pages and antd take seconds on a busy 2-core CI
// machine. A wait that succeeds returns as soon as it can, so this costs nothing when things are fast.
configure({ asyncUtilTimeout: 15_000 });

// Files share their worker's modules (vitest.config.ts): each starts in English whatever language the file
// before it left the console in; a file that wants Chinese switches itself.
// The Chinese catalogue loads on demand in the console; tests that read it directly find it loaded.
beforeAll(async () => {
  await loadLanguage('zh-CN');
  await setLanguage('en');
});

// vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // antd portals (modals, toasts) outlive the tree they were opened from.
  document.body.innerHTML = '';
});

// jsdom lacks matchMedia, which antd's responsive components query.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom implements getComputedStyle but not for pseudo-elements, which antd measures (scrollbars).
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// jsdom does not scroll; the router scrolls to top on every navigation.
window.scrollTo = () => {};

// jsdom has no ResizeObserver; antd's tabs, popups and overflow lists observe their elements.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/**
 * antd's CSS-in-JS injects thousands of rules, and jsdom matches every rule against an element on every
 * getComputedStyle (axe and Testing Library's role queries call it for each element): that was most of the
 * web suite's time. Only the rules that hide something matter to what these tests look at (visibility to
 * the accessibility tree), so an injected style keeps just those.
 */
function hidingRules(css: string): string {
  const kept: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        const rule = css.slice(start, i + 1);
        if (!rule.startsWith('@') && /display:\s*none|visibility:\s*hidden/.test(rule)) kept.push(rule);
        start = i + 1;
      }
    }
  }
  return kept.join('\n');
}
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
if (innerHtml?.set && innerHtml.get) {
  const { get, set } = innerHtml;
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get,
    set(this: HTMLStyleElement, css: string) {
      // rc-util marks the styles it injects (antd's) with data-rc-order before it fills them.
      set.call(this, this.hasAttribute('data-rc-order') ? hidingRules(css) : css);
    },
  });
}
