import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildingSchema, type BuildingCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { buildingsKey } from './list-buildings';

export function createBuilding(body: BuildingCreateBody) {
  return put('/sbuilding/hall/create', body, { schema: buildingSchema });
}

export function useCreateBuilding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBuilding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: buildingsKey }),
  });
}
