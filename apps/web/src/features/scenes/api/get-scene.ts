import { queryOptions, useQuery } from '@tanstack/react-query';
import { sceneSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { scenesKey } from './scenes';

export function getScene(id: number) {
  return get(`/sbuilding/scene/${id}`, { schema: sceneSchema });
}

export function sceneQueryOptions(id: number) {
  return queryOptions({ queryKey: [...scenesKey, 'one', id], queryFn: () => getScene(id) });
}

/** One scene with its targets named (the wizard's edit mode). */
export function useScene(id: number | null) {
  return useQuery({ ...sceneQueryOptions(id ?? 0), enabled: id !== null });
}
