import { useMutation, useQueryClient } from '@tanstack/react-query';
import { floorSchema, type FloorSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { floorsKey } from './list-floors';

export function saveFloor({ id, body }: { id: number; body: FloorSaveBody }) {
  return post(`/sbuilding/floor/save/${id}`, body, { schema: floorSchema });
}

/** A stale copy answers 409 (shown by the request client); the list reloads either way. */
export function useSaveFloor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFloor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorsKey }),
  });
}
