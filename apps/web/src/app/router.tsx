import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { STORAGE_KEYS } from '@sbuilding/shared';
import { loadSession } from '@/features/auth/load-session';
import { clearSession, pageNavigation } from '@/lib/logout';
import { getToken, setToken } from '@/lib/auth-token';
import { feedback } from '@/lib/feedback';
import { startLoading, stopLoading } from '@/lib/loading';
import { isGuideSkipped } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { getProjectId, isMiniProgram, miniProgramHome, writeStored } from '@/lib/storage';
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
    const content = document.getElementById('sb-main');
    if (content) content.scrollTop = 0;
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

const handledLoads = new WeakSet<Promise<unknown>>();
/** How long the reason stays on screen before the page reloads at '/'. */
const SESSION_FAILURE_RELOAD_MS = 1500;

/** Performs the side effects of a guard decision: loading the session, the mini-program entry. */
function useDecisionEffects(decision: GuardDecision) {
  const navigate = useNavigate();
  const action = decision.action;
  // Primitive dependencies: the decision object is new on every render.
  const entry = decision.action === 'miniprogram' ? decision : null;
  const [entryTo, entryToken, entryProject, entryHall] = [
    entry?.to,
    entry?.token,
    entry?.projectId,
    entry?.hallId,
  ];

  useEffect(() => {
    if (action !== 'load') return;
    const load = loadSession();
    // StrictMode runs this effect twice and both runs share the load: only the first reports on it.
    if (handledLoads.has(load)) return;
    handledLoads.add(load);
    startLoading();
    // Not cancelled on cleanup: a failed load clears the session (which already changes the decision),
    // and the user must still be told why and taken to / (spec section 8).
    void load.then((result) => {
      stopLoading();
      if (result.ok) return;
      if (isMiniProgram()) {
        // The token WeChat gave has ended: the mini-program page says to reopen it (no login page here).
        clearSession();
        pageNavigation.assign(miniProgramHome());
        return;
      }
      feedback().message.error(result.message);
      clearSession();
      // A full load of '/' starts from clean state (no half-loaded menu or cached queries); the guard
      // then sends the visitor to /login?redirect=/ (spec section 4). Let the message be read first.
      window.setTimeout(() => pageNavigation.assign('/'), SESSION_FAILURE_RELOAD_MS);
    });
  }, [action, navigate]);

  useEffect(() => {
    if (entryTo === undefined) return;
    if (entryToken) {
      setToken(entryToken);
      // A new token is a new session: whatever was loaded belonged to the previous one.
      useSession.getState().reset();
      useSession.getState().setToken(entryToken);
    }
    writeStored(STORAGE_KEYS.projectId, entryProject);
    writeStored(STORAGE_KEYS.selectHall, entryHall);
    writeStored(STORAGE_KEYS.miniprogram, 'true');
    navigate(entryTo, { replace: true });
  }, [entryTo, entryToken, entryProject, entryHall, navigate]);
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
    miniProgram: isMiniProgram(),
  });
  useDecisionEffects(decision);
  useScrollToTop(pathname);
  useDocumentTitle(pathname);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.action !== 'allow') return null;
  return <AppRoutes />;
}

// Loaded only when something has crashed: antd's Result is not on the login page's path.
const CrashPage = lazy(() => import('./pages/crash-page').then((m) => ({ default: m.CrashPage })));

export const ROOT_ROUTES = [
  {
    path: '*',
    element: <Root />,
    errorElement: (
      <Suspense fallback={null}>
        <CrashPage />
      </Suspense>
    ),
  },
];

export function createAppRouter() {
  return createBrowserRouter(ROOT_ROUTES);
}
