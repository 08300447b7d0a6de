import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSchema, type MarkCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { marksKey } from './list-marks';

export function createMark(body: MarkCreateBody) {
  return put('/sbuilding/mark/create', body, { schema: markSchema });
}

export function useCreateMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marksKey }),
  });
}
