import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { sceneWeekSchema, type SceneWeekBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

export function getSceneWeek(body: SceneWeekBody) {
  return post('/sbuilding/scene/week', body, { schema: sceneWeekSchema });
}

/** Every week of every project: what a change of scenes, work times or the calendar makes stale. */
export const sceneWeekKey = ['scene-week'] as const;

export function sceneWeekQueryOptions(body: SceneWeekBody) {
  return queryOptions({ queryKey: [...sceneWeekKey, body], queryFn: () => getSceneWeek(body) });
}

export function useSceneWeek(body: SceneWeekBody, enabled = true) {
  // Moving between weeks keeps the last week on screen until the next one arrives.
  return useQuery({ ...sceneWeekQueryOptions(body), placeholderData: keepPreviousData, enabled });
}
