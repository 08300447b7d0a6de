import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantSchema, type Tenant, type TenantCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { tenantsQueryKey } from './get-tenants';

/** The tenant and its first tbAdmin are stored together or not at all. */
export function createTenant(body: TenantCreateBody): Promise<Tenant> {
  return put('/sbuilding/tenant/create', body, { schema: tenantSchema });
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
