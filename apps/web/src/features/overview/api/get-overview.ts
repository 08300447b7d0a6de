import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { overviewSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const overviewKey = ['overview'] as const;

export function getOverview(projectId: number) {
  return get('/sbuilding/board/overview', { params: { projectId }, schema: overviewSchema });
}

export function overviewQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: [...overviewKey, projectId],
    queryFn: () => getOverview(projectId),
    // A live refresh keeps the figures on screen until the new ones arrive: a wall screen never blanks.
    placeholderData: keepPreviousData,
  });
}

export function useOverview(projectId: number | null) {
  return useQuery({ ...overviewQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
