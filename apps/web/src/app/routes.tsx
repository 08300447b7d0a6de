import { lazy, Suspense, type ReactNode } from 'react';
import Spin from 'antd/es/spin';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteRecord } from '@sbuilding/shared';
import { LoginPage } from '@/features/auth/pages/login-page';
import { catalogueReady } from '@/lib/i18n';
import { pageFor } from './page-registry';
import { RedirectPage } from './pages/redirect-page';
import { flattenRoutes } from './route-match';

/**
 * A lazy page's loader that also brings the rest of the language's catalogue (the login page carries only
 * its own part of it: lib/i18n.ts), so the page renders with every string.
 */
function withCatalogue<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), catalogueReady()]).then(([page]) => page);
}

// The signed-in shell (sidebar, navbar, tags, search) and the project guide load only when needed: the login
// page does not carry them (its JavaScript is measured by bench/login-page.bench.mjs).
const Layout = lazy(withCatalogue(() => import('./layout/layout').then((m) => ({ default: m.Layout }))));
const GuidePage = lazy(
  withCatalogue(() => import('./pages/guide-page').then((m) => ({ default: m.GuidePage }))),
);

// The error and placeholder pages (antd's Result, Empty) are not on the login page's path either.
const ComingSoonPage = lazy(
  withCatalogue(() => import('./pages/coming-soon-page').then((m) => ({ default: m.ComingSoonPage }))),
);
const NotFoundPage = lazy(
  withCatalogue(() => import('./pages/error-page').then((m) => ({ default: m.NotFoundPage }))),
);
const UnauthorizedPage = lazy(
  withCatalogue(() => import('./pages/error-page').then((m) => ({ default: m.UnauthorizedPage }))),
);

const WxProgramPage = lazy(
  withCatalogue(() => import('@/features/mini-program').then((m) => ({ default: m.WxProgramPage }))),
);

const AuthRedirectPage = lazy(
  withCatalogue(() =>
    import('@/features/auth/pages/auth-redirect-page').then((m) => ({ default: m.AuthRedirectPage })),
  ),
);
const BindPage = lazy(
  withCatalogue(() => import('@/features/auth/pages/bind-page').then((m) => ({ default: m.BindPage }))),
);
// A share link's read-only report or bill (issue 22): no session, no layout.
const SharePage = lazy(withCatalogue(() => import('@/features/energy-billing/pages/share-page')));
const RegisterPage = lazy(
  withCatalogue(() =>
    import('@/features/auth/pages/register-page').then((m) => ({ default: m.RegisterPage })),
  ),
);

/** Title keys (`routes.*`) of the pages outside the server's menu, for the document title. */
export const STATIC_TITLES: Readonly<Record<string, string>> = {
  '/login': 'login',
  '/404': 'notFound',
  '/401': 'unauthorized',
  '/index': 'home',
  '/user/profile': 'profile',
  '/guide': 'guide',
  '/wxProgram': 'wxProgram',
  '/register': 'register',
  '/bind': 'bind',
  '/auth-redirect': 'authRedirect',
};

function Loadable({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spin className="sb-page-spinner" />}>{children}</Suspense>;
}

function pageElement(component: string, titleKey: string, transition = false): ReactNode {
  const Page = pageFor(component);
  const page = <Loadable>{Page ? <Page /> : <ComingSoonPage titleKey={titleKey} />}</Loadable>;
  // Board pages (meta.transition), and only they, fade in when opened (spec section 2).
  return transition ? <div className="sb-page-transition">{page}</div> : page;
}

/** The menu records as routes inside the main layout: every page, and groups that land on a page. */
function menuRoutes(records: readonly RouteRecord[]): RouteObject[] {
  const all = flattenRoutes(records);
  const pages = all.filter((m) => !m.record.children?.length);
  const pagePaths = new Set(pages.map((m) => m.path));
  const landings = all.filter(
    (m) => m.record.children?.length && m.record.redirect && !pagePaths.has(m.path),
  );
  return [
    ...pages.map((m) => ({
      path: m.path,
      element: pageElement(m.record.component, m.record.meta.title, m.record.meta.transition === true),
    })),
    ...landings.map((m) => ({ path: m.path, element: <Navigate to={m.record.redirect ?? '/'} replace /> })),
  ];
}

/**
 * The route tree for the current menu. Access is decided by the guard (route-guard.ts) before this
 * renders; the catch-all here only covers a path that slipped past it.
 */
export function buildRoutes(records: readonly RouteRecord[]): RouteObject[] {
  return [
    {
      path: '/login',
      element: <LoginPage />,
    },
    {
      path: '/404',
      element: (
        <Loadable>
          <NotFoundPage />
        </Loadable>
      ),
    },
    {
      path: '/401',
      element: (
        <Loadable>
          <UnauthorizedPage />
        </Loadable>
      ),
    },
    {
      path: '/register',
      element: (
        <Loadable>
          <RegisterPage />
        </Loadable>
      ),
    },
    {
      path: '/share/:token',
      element: (
        <Loadable>
          <SharePage />
        </Loadable>
      ),
    },
    {
      path: '/bind',
      element: (
        <Loadable>
          <BindPage />
        </Loadable>
      ),
    },
    {
      path: '/auth-redirect',
      element: (
        <Loadable>
          <AuthRedirectPage />
        </Loadable>
      ),
    },
    {
      path: '/guide',
      element: (
        <Loadable>
          <GuidePage />
        </Loadable>
      ),
    },
    { path: '/redirect/*', element: <RedirectPage /> },
    // The mini-program page is a phone screen of its own: no sidebar, navbar or tag bar.
    {
      path: '/wxProgram',
      element: (
        <Loadable>
          <WxProgramPage />
        </Loadable>
      ),
    },
    {
      element: (
        <Loadable>
          <Layout />
        </Loadable>
      ),
      children: [
        { path: '/index', element: pageElement('index', 'home') },
        { path: '/user/profile', element: pageElement('user/profile', 'profile') },
        ...menuRoutes(records),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
