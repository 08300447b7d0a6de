import { queryOptions, useQuery } from '@tanstack/react-query';
import { spaceBoardSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const spaceBoardKey = ['boards', 'space'] as const;

export function spaceBoardQueryOptions(projectId: number, buildingId: number | null) {
  const params = buildingId === null ? { projectId } : { projectId, buildingId };
  return queryOptions({
    queryKey: [...spaceBoardKey, params],
    queryFn: () => get('/sbuilding/board/space', { params, schema: spaceBoardSchema }),
  });
}

/** The project's (or a building's) zones with PIR sensors; occupancy kept live by the socket. */
export function useSpaceBoard(projectId: number | null, buildingId: number | null) {
  return useQuery({ ...spaceBoardQueryOptions(projectId ?? 0, buildingId), enabled: projectId !== null });
}
