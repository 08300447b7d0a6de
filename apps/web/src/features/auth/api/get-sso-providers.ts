import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoProvidersResponseSchema, type SsoProvidersResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

/**
 * GET /sso/providers: the identity providers the login page offers (none while SSO is off). Without a
 * session that is the platform's provider, plus the tenant provider a login link names (`/login?sso=<key>`,
 * handed out by the tenant's administrator): the list never tells a visitor which tenants exist.
 */
export function getSsoProviders(loginKey: string | undefined): Promise<SsoProvidersResponse> {
  return get('/sso/providers', {
    params: loginKey ? { sso: loginKey } : {},
    headers: { isToken: false },
    silent: true,
    schema: ssoProvidersResponseSchema,
  });
}

export const ssoProvidersQueryOptions = (loginKey: string | undefined) =>
  queryOptions({
    queryKey: ['sso', 'providers', loginKey ?? null],
    queryFn: () => getSsoProviders(loginKey),
    staleTime: 60_000,
    retry: false,
  });

export function useSsoProviders(loginKey: string | undefined) {
  return useQuery(ssoProvidersQueryOptions(loginKey));
}
