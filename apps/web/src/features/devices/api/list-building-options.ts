import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildingSchema, pageSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/**
 * The server's page limit: every building (floor, zone) of its parent on one page. The buildings
 * feature owns these calls; a feature cannot import another, so the small option lists are read here too.
 */
export const ALL_OPTIONS = { pageNum: 1, pageSize: 500 } as const;

export function buildingOptionsQueryOptions(projectId: number) {
  const filter = { projectId, ...ALL_OPTIONS };
  return queryOptions({
    queryKey: ['buildings', 'list', filter],
    queryFn: () => post('/sbuilding/hall/getList', filter, { schema: pageSchema(buildingSchema) }),
  });
}

export function useBuildingOptions(projectId: number | null) {
  return useQuery({ ...buildingOptionsQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
