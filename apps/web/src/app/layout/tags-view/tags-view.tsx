import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { homePath, TAG_SCROLL_PADDING_PX } from '@sbuilding/shared';
import { useSession } from '@/lib/session';
import { pageCrumbs } from '../route-utils';
import { affixViews } from './affix-views';
import { fallbackView, isClosable, type TagView } from './tags-rules';
import { useTags } from './tags-store';

/** Pages that never get a tag: the refresh helper passes through on its way back to the page. */
function isUntracked(pathname: string): boolean {
  return pathname.startsWith('/redirect');
}

/** The context menu also opens from the keyboard: the ContextMenu key, or Shift+F10. */
function isContextMenuKey(e: KeyboardEvent): boolean {
  return e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10');
}

/** Keeps the active tag in view, TAG_SCROLL_PADDING_PX clear of the bar's edges. */
function scrollIntoBar(bar: HTMLElement, tag: HTMLElement): void {
  const left = tag.offsetLeft - TAG_SCROLL_PADDING_PX;
  const right = tag.offsetLeft + tag.offsetWidth + TAG_SCROLL_PADDING_PX;
  if (left < bar.scrollLeft) bar.scrollLeft = left;
  else if (right > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = right - bar.clientWidth;
}

export function TagsView() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const routes = useSession((s) => s.routes);
  const roles = useSession((s) => s.roles);
  const views = useTags((s) => s.views);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    useTags.getState().setAffix(affixViews(routes, roles));
  }, [routes, roles]);

  useEffect(() => {
    if (isUntracked(pathname)) return;
    const title = pageCrumbs(routes, pathname)?.at(-1)?.title;
    if (title) useTags.getState().add({ path: pathname, fullPath: pathname + search, title, affix: false });
  }, [pathname, search, routes]);

  useLayoutEffect(() => {
    const bar = barRef.current;
    const active = bar?.querySelector<HTMLElement>('[data-active="true"]');
    if (bar && active) scrollIntoBar(bar, active);
  }, [pathname, views]);

  /** After the shown page lost its tag, go to the latest remaining view (or home when none is left). */
  const leaveIfClosed = () => {
    const remaining = useTags.getState().views;
    if (remaining.some((v) => v.path === pathname)) return;
    navigate(fallbackView(remaining)?.fullPath ?? homePath(roles));
  };

  const runAction = (action: string, view: TagView) => {
    setMenuFor(null);
    const tags = useTags.getState();
    if (action === 'refresh') navigate(`/redirect${view.fullPath}`);
    else if (action === 'close') tags.close(view.path);
    else if (action === 'closeOthers') {
      tags.closeOthers(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else if (action === 'closeAll') tags.closeAll();
    leaveIfClosed();
  };

  const menuOf = (view: TagView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      { key: 'close', label: t('tagsView.closeCurrent'), disabled: !isClosable(view) },
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key }) => runAction(key, view),
  });

  return (
    <nav className="sb-tags" aria-label={t('tagsView.label')}>
      <p id="sb-tags-hint" className="sb-visually-hidden">
        {t('tagsView.hint')}
      </p>
      <div
        ref={barRef}
        className="sb-tags-bar"
        style={{ paddingInline: TAG_SCROLL_PADDING_PX }}
        onWheel={(e) => {
          // A mouse wheel scrolls vertically; the bar only scrolls sideways.
          if (barRef.current) barRef.current.scrollLeft += e.deltaY;
        }}
      >
        <ul className="sb-tags-list">
          {views.map((view) => {
            const active = view.path === pathname;
            const title = t(`routes.${view.title}`);
            return (
              <li key={view.path} className="sb-tag" data-active={active} data-affix={view.affix}>
                <Dropdown
                  menu={menuOf(view)}
                  trigger={['contextMenu']}
                  open={menuFor === view.path}
                  onOpenChange={(open) => setMenuFor(open ? view.path : null)}
                  autoFocus
                >
                  <Link
                    to={view.fullPath}
                    className="sb-tag-link"
                    aria-current={active ? 'page' : undefined}
                    aria-describedby="sb-tags-hint"
                    onKeyDown={(e) => {
                      if (!isContextMenuKey(e)) return;
                      e.preventDefault();
                      setMenuFor(view.path);
                    }}
                    onAuxClick={(e) => {
                      // Middle click closes, as with browser tabs.
                      if (e.button !== 1 || !isClosable(view)) return;
                      e.preventDefault();
                      runAction('close', view);
                    }}
                  >
                    {title}
                  </Link>
                </Dropdown>
                {isClosable(view) && (
                  <button
                    type="button"
                    className="sb-tag-close"
                    aria-label={t('tagsView.close', { title })}
                    onClick={() => runAction('close', view)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
