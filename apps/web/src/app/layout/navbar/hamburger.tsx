import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/lib/settings';

export function Hamburger() {
  const { t } = useTranslation();
  const opened = useSettings((s) => s.sidebarOpened);
  const toggleSidebar = useSettings((s) => s.toggleSidebar);
  return (
    <Button
      type="text"
      className="sb-navbar-button"
      icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      aria-label={t('navbar.toggleSidebar')}
      aria-expanded={opened}
      onClick={toggleSidebar}
    />
  );
}
