import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, tenantSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

export interface TenantOption {
  value: number;
  label: string;
}

/** The departments an admin may put a user in: the tenants (admin only), the first 500 by the API's order. */
export async function getTenantOptions(): Promise<TenantOption[]> {
  const page = await post(
    '/sbuilding/tenant/getList',
    { pageNum: 1, pageSize: 500 },
    { schema: pageSchema(tenantSchema) },
  );
  return page.rows.map((t) => ({ value: t.id, label: t.name }));
}

export const tenantOptionsQueryOptions = queryOptions({
  queryKey: ['users', 'tenantOptions'],
  queryFn: getTenantOptions,
});

export function useTenantOptions(enabled: boolean) {
  return useQuery({ ...tenantOptionsQueryOptions, enabled });
}
