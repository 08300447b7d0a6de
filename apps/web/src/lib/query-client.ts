import { QueryClient } from '@tanstack/react-query';
import { RequestError } from './request';

/**
 * Retry once, and only when no answer arrived: a server that answered (any envelope code) will answer
 * the same again, and the request client has already shown the user its message. No refetch on window
 * focus, which would flash the loading state of tables every time the operator switches windows.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof RequestError && error.kind !== 'network' && error.kind !== 'timeout') return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
