import { queryOptions, useQuery } from '@tanstack/react-query';
import { airBoardSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const airBoardKey = ['boards', 'air'] as const;

export function airBoardQueryOptions(projectId: number, buildingId: number | null) {
  const params = buildingId === null ? { projectId } : { projectId, buildingId };
  return queryOptions({
    queryKey: [...airBoardKey, params],
    queryFn: () => get('/sbuilding/board/air', { params, schema: airBoardSchema }),
  });
}

/** The project's (or a building's) air sensors and zones; kept live by the socket (use-live-air-board), never polled. */
export function useAirBoard(projectId: number | null, buildingId: number | null) {
  return useQuery({ ...airBoardQueryOptions(projectId ?? 0, buildingId), enabled: projectId !== null });
}
