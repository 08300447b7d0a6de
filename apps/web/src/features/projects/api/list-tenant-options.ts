import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { pageSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** Only what the project form's tenant choice needs; the tenants feature owns the full row. */
const tenantOptionPage = pageSchema(z.object({ id: z.number().int(), name: z.string() }));
type TenantOptionPage = z.infer<typeof tenantOptionPage>;

/** The largest page the API serves: a platform has few tenants. */
const ALL_TENANTS = { pageNum: 1, pageSize: 500 } as const;

export function listTenantOptions(): Promise<TenantOptionPage> {
  return post('/sbuilding/tenant/getList', ALL_TENANTS, { schema: tenantOptionPage });
}

export const tenantOptionsQueryOptions = queryOptions({
  queryKey: ['projects', 'tenantOptions'],
  queryFn: listTenantOptions,
});

/** Admin only (the call is admin only): the platform administrator names a new project's tenant. */
export function useTenantOptions(enabled: boolean) {
  return useQuery({ ...tenantOptionsQueryOptions, enabled });
}
