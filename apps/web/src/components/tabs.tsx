import { useContext, useEffect, useLayoutEffect, useRef } from 'react';
// antd's Tabs is imported only here (eslint.config.js, no-restricted-imports); pages use this wrapper.
import { ConfigProvider, Tabs as AntdTabs, type TabsProps as AntdTabsProps, type TabsRef } from 'antd';
import { EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type TabsProps = AntdTabsProps;

/**
 * Puts the tablist role where its tabs are. rc-tabs (@rc-component/tabs 1.x, TabNavList) writes
 * `role="tablist"` and `aria-orientation` on `.ant-tabs-nav`, which also holds the overflow "more" button
 * (shown once the tabs overflow, e.g. on a phone) and any extra content: a tablist may own only tabs, so axe
 * reports `aria-required-children` (critical) and screen readers announce a tab list with a stray button.
 * `.ant-tabs-nav-list` holds only the tab nodes and the ink bar, so the role belongs there.
 *
 * React writes an attribute only when its prop changes, and rc-tabs' role is a constant, so once moved it
 * stays moved; `aria-orientation` changes with the tab placement, and React then writes it on the nav
 * again: this runs after every render of the wrapper (placement, tab set, label) and moves it back.
 * Idempotent and cheap (two lookups among direct children).
 */
function moveTablistRole(root: HTMLElement, prefixCls: string, label?: string, labelledBy?: string): void {
  const nav = childWithClass(root, `${prefixCls}-nav`);
  const wrap = nav && childWithClass(nav, `${prefixCls}-nav-wrap`);
  const list = wrap && childWithClass(wrap, `${prefixCls}-nav-list`);
  if (!nav || !list) return;
  const orientation = nav.getAttribute('aria-orientation');
  if (orientation) list.setAttribute('aria-orientation', orientation);
  nav.removeAttribute('role');
  nav.removeAttribute('aria-orientation');
  list.setAttribute('role', 'tablist');
  setOrRemove(list, 'aria-label', label);
  setOrRemove(list, 'aria-labelledby', labelledBy);
}

function childWithClass(parent: Element, className: string): Element | undefined {
  return Array.from(parent.children).find((child) => child.classList.contains(className));
}

function setOrRemove(element: Element, name: string, value: string | undefined): void {
  if (value) element.setAttribute(name, value);
  else element.removeAttribute(name);
}

/** rc-tabs' announcement of a focused tab's position, written in English only (TabNode's aria-live text). */
const POSITION = /^Tab (\d+) of (\d+)$/;

/**
 * Speaks the focused tab's position in the user's language: rc-tabs puts "Tab 2 of 4" in a live region of the
 * tab that has keyboard focus, in English whatever the language. Its text node is rewritten in place (React
 * keeps writing to the same node, and the observer sees each write), before the browser reads it out.
 */
function translatePositions(root: HTMLElement, position: (n: string, count: string) => string): void {
  for (const live of root.querySelectorAll('[aria-live]')) {
    const text = live.firstChild;
    if (!(text instanceof Text)) continue;
    const match = POSITION.exec(text.data);
    if (!match) continue;
    const spoken = position(match[1] ?? '', match[2] ?? '');
    if (spoken !== text.data) text.data = spoken;
  }
}

/**
 * antd's Tabs with a valid ARIA tree: the tablist is the list of tabs (see `moveTablistRole`), named by
 * `aria-label` / `aria-labelledby` when given (rc-tabs would put them on the outer element, which has no
 * role to name). Arrow keys, Home, End, Enter and Space stay rc-tabs' own (it handles them on the tab
 * nodes). The overflow button and its menu are named, and a focused tab's position spoken, in the user's
 * language.
 * Not for `type="editable-card"`: its add button sits inside the list of tabs.
 */
export function Tabs({
  'aria-label': label,
  'aria-labelledby': labelledBy,
  more,
  locale,
  ...props
}: TabsProps) {
  const { t } = useTranslation();
  const ref = useRef<TabsRef>(null);
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('tabs', props.prefixCls);

  useLayoutEffect(() => {
    const root = ref.current?.nativeElement;
    if (root) moveTablistRole(root, prefixCls, label, labelledBy);
  });

  useEffect(() => {
    // Only the bar of tabs is watched: the panels (a live board in a tab) change far more often.
    const root = ref.current?.nativeElement;
    const nav = root && childWithClass(root, `${prefixCls}-nav`);
    if (!(nav instanceof HTMLElement)) return;
    const translate = () => translatePositions(nav, (n, count) => t('tabs.position', { n, count }));
    const observer = new MutationObserver(translate);
    observer.observe(nav, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [t, prefixCls]);

  return (
    <AntdTabs
      ref={ref}
      more={{ icon: <EllipsisOutlined aria-label={t('tabs.more')} />, ...more }}
      locale={{
        dropdownAriaLabel: t('tabs.moreList'),
        removeAriaLabel: t('tabs.remove'),
        addAriaLabel: t('tabs.add'),
        ...locale,
      }}
      {...props}
    />
  );
}
