import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { post } from '@/lib/request';
import { devicesKey } from './list-devices';

/** The same parameters for many indoor units (spec section 7: save-ac20/batch). */
export function saveAc20Batch(body: { ids: number[]; attributes: Record<string, unknown> }) {
  return post('/sbuilding/dev-client-attr/save-ac20/batch', body, { schema: z.unknown() });
}

export function useSaveAc20Batch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAc20Batch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...devicesKey, 'attributes'] }),
  });
}
