import { useContext, useLayoutEffect, useRef } from 'react';
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

/**
 * antd's Tabs with a valid ARIA tree: the tablist is the list of tabs (see `moveTablistRole`), named by
 * `aria-label` / `aria-labelledby` when given (rc-tabs would put them on the outer element, which has no
 * role to name). Arrow keys, Home, End, Enter and Space stay rc-tabs' own (it handles them on the tab
 * nodes). The overflow button and its menu are named in the user's language.
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
