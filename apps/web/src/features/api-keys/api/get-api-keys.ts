import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeySchema, pageSchema, type ApiKey, type PageResult } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** Every API key query starts with this key: creating or revoking a key refreshes them all. */
export const apiKeysKey = ['apiKeys'] as const;

/** The caller's keys, or (administrators) those of `userId`. */
export function getApiKeys(userId?: number): Promise<PageResult<ApiKey>> {
  return post(
    '/sbuilding/api-key/getList',
    { pageSize: 100, ...(userId === undefined ? {} : { userId }) },
    { schema: pageSchema(apiKeySchema) },
  );
}

export const apiKeysQueryOptions = (userId?: number) =>
  queryOptions({ queryKey: [...apiKeysKey, userId ?? 'mine'], queryFn: () => getApiKeys(userId) });

export function useApiKeys(userId?: number) {
  return useQuery(apiKeysQueryOptions(userId));
}
