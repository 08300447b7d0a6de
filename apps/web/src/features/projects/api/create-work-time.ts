import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workTimeSchema, type WorkTime, type WorkTimeCreateBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { workTimesQueryKey } from './list-work-times';

export function createWorkTime(body: WorkTimeCreateBody): Promise<WorkTime> {
  return post('/sbuilding/work/rest', body, { schema: workTimeSchema });
}

export function useCreateWorkTime(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workTimesQueryKey(projectId) }),
  });
}
