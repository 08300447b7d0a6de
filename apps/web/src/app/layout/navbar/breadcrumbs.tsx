import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { homePath } from '@sbuilding/shared';
import { useSession } from '@/lib/session';
import { pageCrumbs } from '../route-utils';

/** Home, then the titles of the groups above the current page, then the page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const roles = useSession((s) => s.roles);
  const items = useMemo(() => {
    const home = homePath(roles);
    const crumbs = pageCrumbs(routes, pathname) ?? [];
    const homeTitle = pageCrumbs(routes, home)?.at(-1)?.title ?? 'home';
    const all = pathname === home ? crumbs : [{ title: homeTitle, to: home }, ...crumbs];
    return all.map((crumb, index) => {
      const label = t(`routes.${crumb.title}`);
      const last = index === all.length - 1;
      return {
        key: `${index}:${crumb.title}`,
        title:
          crumb.to && !last ? (
            <Link to={crumb.to}>{label}</Link>
          ) : (
            <span aria-current={last ? 'page' : undefined}>{label}</span>
          ),
      };
    });
  }, [pathname, routes, roles, t]);
  return <Breadcrumb className="sb-breadcrumb" items={items} aria-label={t('navbar.breadcrumb')} />;
}
