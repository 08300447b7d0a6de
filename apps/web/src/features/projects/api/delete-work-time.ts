import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { workTimesQueryKey } from './list-work-times';

export function deleteWorkTime(id: number): Promise<null> {
  return del(`/sbuilding/work/rest/${id}`, { schema: z.null() });
}

export function useDeleteWorkTime(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workTimesQueryKey(projectId) }),
  });
}
