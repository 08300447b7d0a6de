import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workTimeSchema, type WorkTime, type WorkTimeUpdateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { workTimesQueryKey } from './list-work-times';

export function updateWorkTime(body: WorkTimeUpdateBody): Promise<WorkTime> {
  return put('/sbuilding/work/rest', body, { schema: workTimeSchema });
}

/** Refetches after a failure too, so a 409 shows the row someone else saved. */
export function useUpdateWorkTime(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkTime,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workTimesQueryKey(projectId) }),
  });
}
