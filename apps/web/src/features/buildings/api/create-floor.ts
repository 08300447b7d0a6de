import { useMutation, useQueryClient } from '@tanstack/react-query';
import { floorSchema, type FloorCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { floorsKey } from './list-floors';

export function createFloor(body: FloorCreateBody) {
  return put('/sbuilding/floor/create', body, { schema: floorSchema });
}

export function useCreateFloor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFloor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: floorsKey }),
  });
}
