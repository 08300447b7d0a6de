import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait this long by default: lazy pages and antd take seconds on a busy 2-core CI
// machine. A wait that succeeds returns as soon as it can, so this costs nothing when things are fast.
configure({ asyncUtilTimeout: 15_000 });

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
