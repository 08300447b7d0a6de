import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buildingSchema, pageSchema, type BuildingListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const buildingPageSchema = pageSchema(buildingSchema);

export function listBuildings(filter: BuildingListBody) {
  return post('/sbuilding/hall/getList', filter, { schema: buildingPageSchema });
}

/** Every building list of every project; mutations invalidate this prefix. */
export const buildingsKey = ['buildings', 'list'] as const;

export function buildingsQueryOptions(filter: BuildingListBody) {
  return queryOptions({
    queryKey: [...buildingsKey, filter],
    queryFn: () => listBuildings(filter),
    placeholderData: keepPreviousData,
  });
}

export function useBuildings(filter: BuildingListBody, enabled = true) {
  return useQuery({ ...buildingsQueryOptions(filter), enabled });
}
