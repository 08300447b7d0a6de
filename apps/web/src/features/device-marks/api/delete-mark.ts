import { useMutation, useQueryClient } from '@tanstack/react-query';
import { del } from '@/lib/request';
import { marksKey } from './list-marks';

export function deleteMark(id: number) {
  return del<unknown>(`/sbuilding/mark/del/${id}`);
}

export function useDeleteMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMark,
    onSettled: () => queryClient.invalidateQueries({ queryKey: marksKey }),
  });
}
