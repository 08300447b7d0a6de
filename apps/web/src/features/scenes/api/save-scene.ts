import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sceneSchema, type SceneCreateBody, type SceneSaveBody } from '@sbuilding/shared';
import { post, put } from '@/lib/request';
import { scenesKey } from './scenes';

export function createScene(body: SceneCreateBody) {
  return put('/sbuilding/scene/create', body, { schema: sceneSchema });
}

export function saveScene({ id, body }: { id: number; body: SceneSaveBody }) {
  return post(`/sbuilding/scene/save/${id}`, body, { schema: sceneSchema });
}

export function useCreateScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScene,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scenesKey }),
  });
}

/** A stale version answers 409 (the request client shows its message); the scene reloads either way. */
export function useSaveScene() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScene,
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenesKey }),
  });
}
