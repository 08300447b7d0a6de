import { queryOptions, useQuery } from '@tanstack/react-query';
import { ssoIdentitiesResponseSchema, type SsoIdentitiesResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** GET /sso/identities: the signed-in user's linked identities and the providers it may link. */
export function getIdentities(): Promise<SsoIdentitiesResponse> {
  // Silent: the profile works without this card, which simply stays away when the call fails.
  return get('/sso/identities', { silent: true, schema: ssoIdentitiesResponseSchema });
}

export const identitiesQueryKey = ['sso', 'identities'] as const;

export const identitiesQueryOptions = queryOptions({ queryKey: identitiesQueryKey, queryFn: getIdentities });

export function useIdentities() {
  return useQuery(identitiesQueryOptions);
}
