import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoCallbackResponseSchema, type SsoCallbackResponse } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { getToken } from '@/lib/auth-token';

/**
 * POST /sso/callback with the query the provider sent the browser back to /auth-redirect with. The session's
 * token goes along (when there is one): a link completes only for the session that started it. The flow's
 * own secret is an HttpOnly cookie the browser sends by itself.
 */
export function completeSso(search: string): Promise<SsoCallbackResponse> {
  return post('/sso/callback', { search }, { silent: true, schema: ssoCallbackResponseSchema });
}

/**
 * A query, not a mutation: a callback is accepted once, and the query runs once per query string however
 * often the page renders (React's strict mode mounts it twice).
 */
export function completeSsoQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['sso', 'callback', search, Boolean(getToken())],
    queryFn: () => completeSso(search),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCompleteSso(search: string) {
  return useQuery(completeSsoQueryOptions(search));
}
