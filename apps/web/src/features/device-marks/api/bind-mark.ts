import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markSchema, type MarkBindBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { marksKey } from './list-marks';

export function bindMark({ id, body }: { id: number; body: MarkBindBody }) {
  return post(`/sbuilding/mark/bind/${id}`, body, { schema: markSchema });
}

/** Binding moves a device off any other mark, so every floor's marks and the device lists reload. */
export function useBindMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindMark,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: marksKey });
      await queryClient.invalidateQueries({ queryKey: ['devices'] });
    },
  });
}
