import { queryOptions, useQuery } from '@tanstack/react-query';
import { lightBoardSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

export const lightBoardKey = ['boards', 'light'] as const;

export function lightBoardQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: [...lightBoardKey, buildingId],
    queryFn: () => get('/sbuilding/board/light', { params: { buildingId }, schema: lightBoardSchema }),
  });
}

/** The building's lights and panels; kept live by the socket (use-live-light-board), never polled. */
export function useLightBoard(buildingId: number | null) {
  return useQuery({ ...lightBoardQueryOptions(buildingId ?? 0), enabled: buildingId !== null });
}
