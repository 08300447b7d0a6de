import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { providersQueryKey } from './get-providers';

/** DELETE /sbuilding/sso/provider/del/{id}: the identities linked through it go with it. */
export function deleteProvider(id: number): Promise<unknown> {
  return del(`/sbuilding/sso/provider/del/${id}`, { schema: z.unknown() });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
