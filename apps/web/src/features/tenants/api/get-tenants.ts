import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  pageSchema,
  tenantSchema,
  type PageResult,
  type Tenant,
  type TenantListBody,
} from '@sbuilding/shared';
import { post } from '@/lib/request';

export function getTenants(filter: TenantListBody): Promise<PageResult<Tenant>> {
  return post('/sbuilding/tenant/getList', filter, { schema: pageSchema(tenantSchema) });
}

/** Every tenant query starts with this key; writes invalidate it. */
export const tenantsQueryKey = ['tenants'] as const;

export function tenantsQueryOptions(filter: TenantListBody) {
  return queryOptions({
    queryKey: [...tenantsQueryKey, 'list', filter],
    queryFn: () => getTenants(filter),
    placeholderData: keepPreviousData,
  });
}

export function useTenants(filter: TenantListBody) {
  return useQuery(tenantsQueryOptions(filter));
}
