import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { floorsKey } from './list-floors';

/** Refused with 409 and the server's message while the floor still has zones. */
export function deleteFloor(id: number) {
  return del(`/sbuilding/floor/del/${id}`, { schema: z.null() });
}

export function useDeleteFloor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFloor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorsKey }),
  });
}
