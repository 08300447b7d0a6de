import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, workTimeSchema, type WorkTime } from '@sbuilding/shared';
import { get } from '@/lib/request';

const workTimePageSchema = pageSchema(workTimeSchema);

export function listWorkTimes(projectId: number): Promise<{ rows: WorkTime[]; total: number }> {
  return get('/sbuilding/work/rest/list', { params: { projectId }, schema: workTimePageSchema });
}

export const workTimesQueryKey = (projectId: number) => ['projects', 'workTimes', projectId] as const;

export function workTimesQueryOptions(projectId: number) {
  return queryOptions({ queryKey: workTimesQueryKey(projectId), queryFn: () => listWorkTimes(projectId) });
}

export function useWorkTimes(projectId: number) {
  return useQuery(workTimesQueryOptions(projectId));
}
