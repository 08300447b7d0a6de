import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MENU_ROUTES, PROJECT_ADMIN_SHORTCUTS } from '@sbuilding/shared';
import { findRouteChain } from '../route-utils';

/** Title keys of the shortcut targets, read from the route table so a renamed page renames its shortcut. */
const SHORTCUTS = PROJECT_ADMIN_SHORTCUTS.map((path) => ({
  path,
  title: findRouteChain(MENU_ROUTES, path)?.at(-1)?.meta.title ?? path,
}));

/** The project admin's quick jumps (spec section 2). */
export function ShortcutMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu: MenuProps = {
    items: SHORTCUTS.map((s) => ({ key: s.path, label: t(`routes.${s.title}`) })),
    onClick: ({ key }) => navigate(key),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} autoFocus>
      <Button
        type="text"
        className="sb-navbar-button"
        icon={<AppstoreOutlined />}
        aria-label={t('navbar.shortcuts')}
        aria-haspopup="menu"
      />
    </Dropdown>
  );
}
