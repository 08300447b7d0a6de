import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSchema, type Mark, type MarkMoveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { marksKeyOf } from './list-marks';

export function moveMark({ id, body }: { id: number; body: MarkMoveBody }) {
  return post(`/sbuilding/mark/move/${id}`, body, { schema: markSchema });
}

/**
 * A drop shows the mark at its new place at once (optimistic); a refusal (409 stale, 400 out of range)
 * puts it back where it was, and the server's message is shown by the request client.
 */
export function useMoveMark(floorId: number) {
  const queryClient = useQueryClient();
  const key = marksKeyOf(floorId);
  return useMutation({
    mutationFn: moveMark,
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Mark[]>(key);
      queryClient.setQueryData<Mark[]>(key, (marks) =>
        marks?.map((m) => (m.id === id ? { ...m, x: body.x, y: body.y } : m)),
      );
      return { before };
    },
    onSuccess: (saved) => {
      // The new version is needed by the next move before the list reloads.
      queryClient.setQueryData<Mark[]>(key, (marks) => marks?.map((m) => (m.id === saved.id ? saved : m)));
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
