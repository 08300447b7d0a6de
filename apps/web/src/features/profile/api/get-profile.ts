import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponseSchema, type ProfileResponse } from '@sbuilding/shared';
import { get } from '@/lib/request';

export function getProfile(): Promise<ProfileResponse> {
  return get('/system/user/profile', { schema: profileResponseSchema });
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions);
}
