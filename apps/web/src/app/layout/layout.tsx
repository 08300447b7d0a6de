import { Drawer, Layout as AntLayout, theme as antTheme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_WIDTH } from '@sbuilding/shared';
import { wantFeedbackHost } from '@/lib/feedback';
import { useSettings } from '@/lib/settings';
import { useRealtimeConnection } from '@/lib/socket';
import { useCurrentProject } from '@/lib/current-project';
import { useProjectTimeZoneLoader } from '@/lib/time';
import { Navbar } from './navbar/navbar';
import { SettingsDrawer } from './settings-drawer/settings-drawer';
import { Sidebar } from './sidebar/sidebar';
import { TagsView } from './tags-view/tags-view';
import { useDevice } from './use-device';
import './layout.css';

/** antd's dark sider colour, shared by the phone drawer and the dashboard's dark header. */
const DARK_BG = '#001529';
/** Width of the folded sidebar: room for the menu icons. */
const COLLAPSED_WIDTH = 64;
/** The phone drawer: wide enough for the longest Chinese or English menu title. */
const MOBILE_SIDEBAR_WIDTH = 240;
const DASHBOARD_PATH = '/dashboard';

/**
 * The main layout: sidebar (a drawer on phones), header with navbar and tag bar, the page, and the
 * settings drawer. The dashboard is a wall screen: there the folded sidebar disappears entirely and
 * the header goes dark (spec section 2).
 */
export function Layout() {
  useDevice();
  useRealtimeConnection();
  // Every time on every page is written in the selected project's zone (lib/time).
  useProjectTimeZoneLoader(useCurrentProject());
  const { t } = useTranslation();
  const { token } = antTheme.useToken();
  const { pathname } = useLocation();
  const mobile = useSettings((s) => s.device === 'mobile');
  const opened = useSettings((s) => s.sidebarOpened);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const tagsView = useSettings((s) => s.tagsView);
  const closeSidebar = useSettings((s) => s.closeSidebar);
  const dashboard = pathname === DASHBOARD_PATH;
  // The signed-in pages' notices show at once: antd's App loads with the shell, not on the first notice.
  useEffect(wantFeedbackHost, []);

  useEffect(() => {
    // On a phone the drawer covers the page: get it out of the way once the user picked a page.
    if (useSettings.getState().device === 'mobile') useSettings.getState().closeSidebar();
  }, [pathname]);

  return (
    <AntLayout className="sb-app" hasSider={!mobile}>
      <a href="#sb-main" className="sb-skip-link">
        {t('layout.skipToContent')}
      </a>
      {mobile ? (
        <Drawer
          placement="left"
          size={MOBILE_SIDEBAR_WIDTH}
          open={opened}
          onClose={closeSidebar}
          closable={false}
          title={null}
          aria-label={t('layout.mainMenu')}
          className="sb-mobile-sidebar"
          styles={{ body: { padding: 0, background: DARK_BG } }}
        >
          <Sidebar collapsed={false} />
        </Drawer>
      ) : (
        <AntLayout.Sider
          className="sb-sider"
          width={SIDEBAR_WIDTH}
          collapsed={!opened}
          collapsedWidth={dashboard ? 0 : COLLAPSED_WIDTH}
          trigger={null}
        >
          <Sidebar collapsed={!opened} />
        </AntLayout.Sider>
      )}
      <AntLayout className="sb-main-container">
        <AntLayout.Header
          className={`sb-header${fixedHeader ? ' sb-header-fixed' : ''}${dashboard ? ' sb-header-dark' : ''}`}
          style={{ background: dashboard ? DARK_BG : token.colorBgContainer }}
        >
          <Navbar />
          {tagsView && <TagsView />}
        </AntLayout.Header>
        <AntLayout.Content id="sb-main" tabIndex={-1} className="sb-content">
          <Outlet />
        </AntLayout.Content>
      </AntLayout>
      <SettingsDrawer />
    </AntLayout>
  );
}
