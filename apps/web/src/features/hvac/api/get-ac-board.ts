import { queryOptions, useQuery } from '@tanstack/react-query';
import { acBoardSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const acBoardKey = ['boards', 'ac'] as const;

export function acBoardQueryOptions(projectId: number, buildingId: number | null) {
  const params = buildingId === null ? { projectId } : { projectId, buildingId };
  return queryOptions({
    queryKey: [...acBoardKey, params],
    queryFn: () => get('/sbuilding/board/ac', { params, schema: acBoardSchema }),
  });
}

/** The project's (or a building's) AC units; kept live by the socket (use-live-ac-board), never polled. */
export function useAcBoard(projectId: number | null, buildingId: number | null) {
  return useQuery({ ...acBoardQueryOptions(projectId ?? 0, buildingId), enabled: projectId !== null });
}
