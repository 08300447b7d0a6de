import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoProvidersResponseSchema, type SsoProvidersResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /sso/providers: the identity providers the login page offers (none while SSO is off). */
export function getSsoProviders(): Promise<SsoProvidersResponse> {
  return get('/sso/providers', {
    headers: { isToken: false },
    silent: true,
    schema: ssoProvidersResponseSchema,
  });
}

export const ssoProvidersQueryOptions = queryOptions({
  queryKey: ['sso', 'providers'],
  queryFn: getSsoProviders,
  staleTime: 60_000,
  retry: false,
});

export function useSsoProviders() {
  return useQuery(ssoProvidersQueryOptions);
}
