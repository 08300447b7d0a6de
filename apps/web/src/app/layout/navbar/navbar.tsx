import { ConfigProvider, type ThemeConfig } from 'antd';
import { useLocation } from 'react-router';
import { useCan, useHasRole } from '@/lib/permissions';
import { useSettings } from '@/lib/settings';
import { AvatarMenu } from './avatar-menu';
import { Breadcrumbs } from './breadcrumbs';
import { FullscreenToggle } from './fullscreen-toggle';
import { Hamburger } from './hamburger';
import { HeaderSearch } from './header-search';
import { LanguageSelect } from './language-select';
import { NoticeBadge } from './notice-badge';
import { ProjectSelect } from './project-select';
import { ShortcutMenu } from './shortcut-menu';
import { SizeSelect } from './size-select';

// The shortcuts are the project administrator's by spec section 2 (a role, not an action).
const PROJECT_ADMIN_ROLES = ['tbAdmin'];

/** antd's grey for breadcrumb links and placeholders is below AA contrast; the navbar uses a darker one. */
const READABLE_GREY = 'rgba(0, 0, 0, 0.65)';
const NAVBAR_THEME: ThemeConfig = {
  token: { colorTextPlaceholder: READABLE_GREY },
  components: {
    Breadcrumb: { itemColor: READABLE_GREY, linkColor: READABLE_GREY, separatorColor: READABLE_GREY },
  },
};

/**
 * Which of the shortcut menu and the notification badge the navbar shows. Under the Board group the
 * badge replaces the project admin's shortcuts (spec section 2). Everyone else has no shortcuts, so
 * they see the badge on every page: the report count is theirs too, and it would be odd for it to
 * vanish outside the boards.
 */
export function navbarSlot(isProjectAdmin: boolean, pathname: string): 'shortcuts' | 'badge' {
  const onBoard = pathname === '/board' || pathname.startsWith('/board/');
  return isProjectAdmin && !onBoard ? 'shortcuts' : 'badge';
}

export function Navbar() {
  const { pathname } = useLocation();
  const mobile = useSettings((s) => s.device === 'mobile');
  const isProjectAdmin = useHasRole(PROJECT_ADMIN_ROLES);
  // Customers and display screens switch projects too (read only): the same selector.
  const readsProjects = useCan('projects:read');
  return (
    <ConfigProvider theme={NAVBAR_THEME}>
      <div className="sb-navbar">
        <div className="sb-navbar-left">
          <Hamburger />
          {!mobile && <Breadcrumbs />}
        </div>
        <div className="sb-navbar-right">
          {readsProjects && <ProjectSelect />}
          {!mobile && <HeaderSearch />}
          {navbarSlot(isProjectAdmin, pathname) === 'shortcuts' ? <ShortcutMenu /> : <NoticeBadge />}
          {!mobile && <FullscreenToggle />}
          <LanguageSelect />
          <SizeSelect />
          <AvatarMenu />
        </div>
      </div>
    </ConfigProvider>
  );
}
