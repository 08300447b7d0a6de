import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorSchema, pageSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { ALL_OPTIONS } from './list-building-options';

export function floorOptionsQueryOptions(buildingId: number) {
  const filter = { buildingId, ...ALL_OPTIONS };
  return queryOptions({
    queryKey: ['floors', 'list', filter],
    queryFn: () => post('/sbuilding/floor/getList', filter, { schema: pageSchema(floorSchema) }),
  });
}

export function useFloorOptions(buildingId: number | null | undefined) {
  return useQuery({ ...floorOptionsQueryOptions(buildingId ?? 0), enabled: Boolean(buildingId) });
}
