import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GlobalLoading } from '@/app/global-loading';
import { Providers } from '@/app/providers';
import { ROOT_ROUTES } from '@/app/router';
import { queryClient } from '@/lib/query-client';

/** The whole console (providers, guard, routes, layout) in a memory router at `path`. */
export function renderApp(path: string) {
  queryClient.clear();
  const router = createMemoryRouter(ROOT_ROUTES, { initialEntries: [path] });
  const view = render(
    <Providers>
      <RouterProvider router={router} />
      <GlobalLoading />
    </Providers>,
  );
  return { ...view, router, location: () => router.state.location.pathname + router.state.location.search };
}
