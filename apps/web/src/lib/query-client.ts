import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the console. The request client already shows every failure to the user, so queries
 * retry once at most (a second identical notification helps nobody) and do not refetch on focus,
 * which would flash the loading state of tables every time the operator switches windows.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
