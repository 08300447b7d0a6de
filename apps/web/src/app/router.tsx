import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { STORAGE_KEYS } from '@sbuilding/shared';
import { loadSession } from '@/features/auth/load-session';
import { getToken, setToken } from '@/lib/auth-token';
import { feedback } from '@/lib/feedback';
import { startLoading, stopLoading } from '@/lib/loading';
import { isGuideSkipped } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { getProjectId, writeStored } from '@/lib/storage';
import { decideRoute, type GuardDecision } from './route-guard';
import { findRoute } from './route-match';
import { buildRoutes, STATIC_TITLES } from './routes';

function AppRoutes() {
  const records = useSession((s) => s.routes);
  const routes = useMemo(() => buildRoutes(records), [records]);
  return useRoutes(routes);
}

/** Navigation scrolls to top (spec section 2): the window, and the layout's scrolling content. */
function useScrollToTop(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
    document.getElementById('sb-main')?.scrollTo(0, 0);
  }, [pathname]);
}

function useDocumentTitle(pathname: string) {
  const { t } = useTranslation();
  const routes = useSession((s) => s.routes);
  const key = STATIC_TITLES[pathname] ?? findRoute(routes, pathname)?.record.meta.title;
  const title = key ? `${t(`routes.${key}`)} - ${t('app.name')}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Performs the side effects of a guard decision: loading the session, the mini-program entry. */
function useDecisionEffects(decision: GuardDecision) {
  const navigate = useNavigate();
  const action = decision.action;
  const miniprogram = decision.action === 'miniprogram' ? decision : null;

  useEffect(() => {
    if (action !== 'load') return;
    let active = true;
    startLoading();
    void loadSession().then((result) => {
      stopLoading();
      if (!active || result.ok) return;
      feedback().message.error(result.message);
      navigate('/', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [action, navigate]);

  useEffect(() => {
    if (!miniprogram) return;
    if (miniprogram.token) {
      setToken(miniprogram.token);
      // A new token is a new session: whatever was loaded belonged to the previous one.
      useSession.getState().reset();
      useSession.getState().setToken(miniprogram.token);
    }
    writeStored(STORAGE_KEYS.projectId, miniprogram.projectId);
    writeStored(STORAGE_KEYS.selectHall, miniprogram.hallId);
    writeStored(STORAGE_KEYS.miniprogram, 'true');
    navigate(miniprogram.to, { replace: true });
  }, [miniprogram, navigate]);
}

/** Every navigation passes the routing rules of spec section 2 before anything renders. */
function Root() {
  const { pathname, search } = useLocation();
  const session = useSession(
    useShallow((s) => ({ loaded: s.loaded, roles: s.roles, permissions: s.permissions, routes: s.routes })),
  );
  const decision = decideRoute({
    pathname,
    search,
    hasToken: Boolean(getToken()),
    ...session,
    projectId: getProjectId(),
    guideSkipped: isGuideSkipped(),
  });
  useDecisionEffects(decision);
  useScrollToTop(pathname);
  useDocumentTitle(pathname);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action !== 'allow') return null;
  return <AppRoutes />;
}

export const ROOT_ROUTES = [{ path: '*', element: <Root /> }];

export function createAppRouter() {
  return createBrowserRouter(ROOT_ROUTES);
}
