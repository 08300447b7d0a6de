import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSchema, type MarkSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { marksKey } from './list-marks';

export function saveMark({ id, body }: { id: number; body: MarkSaveBody }) {
  return post(`/sbuilding/mark/save/${id}`, body, { schema: markSchema });
}

/** A stale copy answers 409 (shown by the request client); the floor's marks reload either way. */
export function useSaveMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marksKey }),
  });
}
