import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { routesForUser, type RouteRecord } from '@sbuilding/shared';
import '@/lib/i18n';
import { useSession } from '@/lib/session';

// jsdom has no ResizeObserver; antd's popups (dropdowns, pickers) observe their trigger with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** Sets the session store as a signed-in user with the menu the server would send for these roles. */
export function signIn(
  roles: string[],
  options: { permissions?: string[]; reportCount?: number; routes?: RouteRecord[] } = {},
) {
  const permissions = options.permissions ?? [];
  useSession.setState({
    token: 'test-token',
    name: 'manager',
    nickName: 'Manager',
    roles,
    permissions,
    reportCount: options.reportCount ?? 0,
    routes: options.routes ?? routesForUser(roles, permissions),
    loaded: true,
  });
}

/** Shows the router's current location, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `ui` inside antd's App, a query client and a memory router at `path`. */
export function renderShell(
  ui: ReactNode,
  { path = '/', routePath = '*' }: { path?: string; routePath?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={routePath} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}
