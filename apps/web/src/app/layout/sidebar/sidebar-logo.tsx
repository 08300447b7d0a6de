import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { homePath } from '@sbuilding/shared';
import { useSession } from '@/lib/session';

/** The logo links home: admin to /, everyone else to their board (spec section 2, Layout). */
export function logoTarget(roles: readonly string[]): string {
  return roles.includes('admin') ? '/' : homePath(roles);
}

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const roles = useSession((s) => s.roles);
  const title = t('app.name');
  return (
    <Link to={logoTarget(roles)} className="sb-sidebar-logo" aria-label={title}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {!collapsed && <span className="sb-sidebar-logo-title">{title}</span>}
    </Link>
  );
}
