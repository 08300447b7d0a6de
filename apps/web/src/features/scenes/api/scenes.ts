import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pageSchema,
  sceneExplanationSchema,
  sceneRunSchema,
  sceneSchema,
  type SceneListBody,
} from '@sbuilding/shared';
import { post } from '@/lib/request';
import { sceneRunsKey } from './list-scene-runs';

const scenePageSchema = pageSchema(sceneSchema);

export const scenesKey = ['scenes'] as const;

export function listScenes(filter: SceneListBody) {
  return post('/sbuilding/scene/getList', filter, { schema: scenePageSchema });
}

export function useScenes(filter: SceneListBody, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: [...scenesKey, filter],
      queryFn: () => listScenes(filter),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}

/** Enables or disables a scene (the page confirms first). */
export function useEnableScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      post(`/sbuilding/scene/enable/${id}`, { enabled }, { schema: sceneSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenesKey }),
  });
}

/** Runs a scene now; answers the run with each device's result. */
export function useExecuteScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post(`/sbuilding/scene/execute/${id}`, undefined, { schema: sceneRunSchema }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: scenesKey });
      await queryClient.invalidateQueries({ queryKey: sceneRunsKey });
    },
  });
}

/** What the scene would do now; sends nothing. */
export function useExplainScene(id: number | null) {
  return useQuery({
    queryKey: ['scene-explain', id],
    queryFn: () => post(`/sbuilding/scene/explain/${id ?? 0}`, undefined, { schema: sceneExplanationSchema }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
