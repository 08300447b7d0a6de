import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isExternal } from '@sbuilding/shared';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { readableOnWhiteText } from '../contrast';
import { buildMenuItems, openKeysFor } from './menu-items';
import { SidebarLogo } from './sidebar-logo';

/** Logo and the menu of the routes the server allowed this user (GET /getRouters). */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const routes = useSession((s) => s.routes);
  const sidebarLogo = useSettings((s) => s.sidebarLogo);
  const theme = useSettings((s) => s.theme);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => buildMenuItems(routes, (key) => t(`routes.${key}`)), [routes, t]);
  // Opened once on the current page; after that the user's own folding wins.
  const [defaultOpenKeys] = useState(() => openKeysFor(items, pathname));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else navigate(key);
  };

  return (
    <nav aria-label={t('layout.mainMenu')} className="sb-sidebar">
      {sidebarLogo && <SidebarLogo collapsed={collapsed} />}
      {/* The selected entry's white label must stay readable whatever colour the user picked. */}
      <ConfigProvider theme={{ components: { Menu: { darkItemSelectedBg: readableOnWhiteText(theme) } } }}>
        <Menu
          mode="inline"
          theme="dark"
          // Three levels deep in a sidebar of 14.5 % (209 px at 1440 px): antd's 24 px per level left
          // 'Mesh management' and 'AC management' cut off.
          inlineIndent={14}
          items={items}
          selectedKeys={[pathname]}
          defaultOpenKeys={defaultOpenKeys}
          onClick={onClick}
        />
      </ConfigProvider>
    </nav>
  );
}
