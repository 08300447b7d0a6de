import { DownOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { APP_VERSION } from '@sbuilding/shared';
import { logout } from '@/features/auth/api/logout';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useTags } from '../tags-view/tags-store';

/** Profile, layout settings, the version, and log out behind a confirmation (spec section 2). */
export function AvatarMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const name = useSession((s) => s.nickName || s.name);
  const avatar = useSession((s) => s.avatar);
  const setShowSettings = useSettings((s) => s.setShowSettings);

  const confirmLogout = async () => {
    const confirmed = await modal.confirm({
      title: t('navbar.logoutTitle'),
      content: t('navbar.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    // logout() forgets token and session even when the server cannot be told; the tags go with them.
    await logout();
    useTags.getState().reset();
    navigate('/login');
  };

  const menu: MenuProps = {
    items: [
      { key: 'profile', label: t('navbar.profile') },
      { key: 'settings', label: t('navbar.layoutSettings') },
      { key: 'version', label: t('navbar.version', { version: APP_VERSION }), disabled: true },
      { type: 'divider' },
      { key: 'logout', label: t('navbar.logout') },
    ],
    onClick: ({ key }) => {
      if (key === 'profile') navigate('/user/profile');
      else if (key === 'settings') setShowSettings(true);
      else if (key === 'logout') void confirmLogout();
    },
  };

  return (
    <Dropdown menu={menu} trigger={['click']} autoFocus>
      <Button
        type="text"
        className="sb-navbar-avatar"
        aria-label={t('navbar.account', { name })}
        aria-haspopup="menu"
      >
        <Avatar src={avatar} size="small" alt="" />
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
