import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, sceneRunSchema, type SceneRunListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const runPageSchema = pageSchema(sceneRunSchema);

export function listSceneRuns(filter: SceneRunListBody) {
  return post('/sbuilding/scene/runs', filter, { schema: runPageSchema });
}

export const sceneRunsKey = ['scene-runs'] as const;

export function useSceneRuns(filter: SceneRunListBody, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: [...sceneRunsKey, filter],
      queryFn: () => listSceneRuns(filter),
      // Paging keeps the previous rows on screen instead of flashing an empty table.
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}
