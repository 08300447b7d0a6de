import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildingSchema, type BuildingSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { buildingsKey } from './list-buildings';

export function saveBuilding({ id, body }: { id: number; body: BuildingSaveBody }) {
  return post(`/sbuilding/hall/save/${id}`, body, { schema: buildingSchema });
}

/** A stale copy answers 409 (shown by the request client); the list reloads either way. */
export function useSaveBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBuilding,
    onSettled: () => queryClient.invalidateQueries({ queryKey: buildingsKey }),
  });
}
