/** The parts of antd's tables that scroll when a table is wider (or taller) than its card. */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Controls that take focus. A disabled one does not: an empty table with row selection holds only its
 * disabled "Select all" box, and would be left out of the tab order while it scrolls (the walk found it on
 * /tool/gen at 390 px).
 */
const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"]):not(:disabled)';

/**
 * A control in the tab order, as axe counts it: a negative tabindex (a link antd keeps out of the tab order)
 * or a control that is not rendered (a collapsed filter, a hidden icon) does not take a keyboard user there.
 */
function inTabOrder(element: HTMLElement): boolean {
  if (element.tabIndex < 0 || element.closest('[inert]')) return false;
  // checkVisibility: display none, content-visibility and visibility hidden (not in jsdom: counted as shown).
  return (
    typeof element.checkVisibility !== 'function' || element.checkVisibility({ visibilityProperty: true })
  );
}

function holdsControl(element: HTMLElement): boolean {
  return [...element.querySelectorAll<HTMLElement>(FOCUSABLE)].some(inTabOrder);
}

function scrolls(element: Element): boolean {
  return element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
}

/**
 * Makes each table region that scrolls reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable):
 * a keyboard user tabs to it and scrolls it with the arrow keys. A region holding a control is reached through
 * that control already, and one that stops scrolling (a wider window) leaves the tab order again.
 */
export function markScrollableRegions(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const marked = element.dataset.sbScrollable === 'true';
    const needed = scrolls(element) && !holdsControl(element);
    if (needed && !marked) {
      element.tabIndex = 0;
      element.dataset.sbScrollable = 'true';
    } else if (!needed && marked) {
      element.removeAttribute('tabindex');
      delete element.dataset.sbScrollable;
    }
  }
}

/**
 * Keeps `markScrollableRegions` true while the page changes and the window is resized; returns a stop.
 * A table can start to scroll with no node added: its text changes, antd sets its columns' widths (a style),
 * or the page grows a vertical scrollbar and every card narrows by its width while the window keeps its size.
 * The walk caught such tables unmarked at 390 px (/energy/tariff, /energy/bills), so text and style changes
 * and the body's own size are watched too.
 */
export function watchScrollableRegions(): () => void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      markScrollableRegions();
    });
  };
  const observer = new MutationObserver(schedule);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['style', 'class'],
  });
  const sized = new ResizeObserver(schedule);
  sized.observe(document.body);
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    sized.disconnect();
    window.removeEventListener('resize', schedule);
    if (frame) cancelAnimationFrame(frame);
  };
}
