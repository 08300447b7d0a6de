import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { zonesKey } from './list-zones';

export function deleteZone(id: number) {
  return del(`/sbuilding/sector/del/${id}`, { schema: z.null() });
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zonesKey }),
  });
}
