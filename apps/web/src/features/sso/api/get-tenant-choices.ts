import { useQuery } from '@tanstack/react-query';
import { pageSchema, tenantSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The tenants a platform administrator adds providers and invitations to (the first 500). */
export async function getTenantChoices(): Promise<{ value: number; label: string }[]> {
  const page = await post(
    '/sbuilding/tenant/getList',
    { pageNum: 1, pageSize: 500 },
    { schema: pageSchema(tenantSchema) },
  );
  return page.rows.map((t) => ({ value: t.id, label: t.name }));
}

export function useTenantChoices(enabled: boolean) {
  return useQuery({ queryKey: ['sso', 'tenant-choices'], queryFn: getTenantChoices, enabled });
}
