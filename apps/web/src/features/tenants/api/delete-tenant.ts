import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { tenantsQueryKey } from './get-tenants';

/** Refused with 409 tenant.hasChildren while the tenant holds users, projects or files. */
export function deleteTenant(id: number): Promise<unknown> {
  return del(`/sbuilding/tenant/del/${id}`, { schema: z.unknown() });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
  });
}
