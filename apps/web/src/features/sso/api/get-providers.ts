import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, ssoProviderRowSchema, type PageResult, type SsoProviderRow } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** POST /sbuilding/sso/provider/getList: the tenant's identity providers (every tenant's for admin). */
export function getProviders(page: {
  pageNum: number;
  pageSize: number;
}): Promise<PageResult<SsoProviderRow>> {
  return post('/sbuilding/sso/provider/getList', page, { schema: pageSchema(ssoProviderRowSchema) });
}

export const providersQueryKey = ['sso', 'admin-providers'] as const;

export function useProviders(page: { pageNum: number; pageSize: number }) {
  return useQuery(
    queryOptions({
      queryKey: [...providersQueryKey, page],
      queryFn: () => getProviders(page),
      placeholderData: keepPreviousData,
    }),
  );
}
