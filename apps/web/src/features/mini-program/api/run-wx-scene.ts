import { useMutation } from '@tanstack/react-query';
import { wxSceneRunSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** Runs an offered scene now; answers how many device commands it sent and how many failed. */
export function useRunWxScene() {
  return useMutation({
    mutationFn: (sceneId: number) =>
      post(`/sbuilding/wx/scene/${sceneId}/run`, undefined, { schema: wxSceneRunSchema }),
  });
}
