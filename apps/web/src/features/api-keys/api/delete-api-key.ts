import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { apiKeysKey } from './get-api-keys';

/** Revokes the key at once: its next call answers 401. */
export function deleteApiKey(id: number): Promise<null> {
  return del(`/sbuilding/api-key/del/${id}`, { schema: z.null() });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
