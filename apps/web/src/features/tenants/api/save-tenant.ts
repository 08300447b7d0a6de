import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tenantSchema, type Tenant, type TenantSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { tenantsQueryKey } from './get-tenants';

/** Status '1' disables the tenant: its users' sessions end and they cannot sign in. */
export function saveTenant({ id, body }: { id: number; body: TenantSaveBody }): Promise<Tenant> {
  return post(`/sbuilding/tenant/save/${id}`, body, { schema: tenantSchema });
}

export function useSaveTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTenant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
