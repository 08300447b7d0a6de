import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { buildingsKey } from './list-buildings';

/** Refused with 409 and the server's message while the building still has floors. */
export function deleteBuilding(id: number) {
  return del(`/sbuilding/hall/del/${id}`, { schema: z.null() });
}

export function useDeleteBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBuilding,
    onSettled: () => queryClient.invalidateQueries({ queryKey: buildingsKey }),
  });
}
