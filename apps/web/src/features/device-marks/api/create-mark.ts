import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSchema, type Mark, type MarkCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { marksKey, marksKeyOf } from './list-marks';

export function createMark(body: MarkCreateBody) {
  return put('/sbuilding/mark/create', body, { schema: markSchema });
}

export function useCreateMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMark,
    // In the floor's list at once, so the drawer can go on with the new mark before the list reloads.
    onSuccess: (created) =>
      queryClient.setQueryData<Mark[]>(marksKeyOf(created.floorId), (marks) => marks && [...marks, created]),
    onSettled: () => queryClient.invalidateQueries({ queryKey: marksKey }),
  });
}
