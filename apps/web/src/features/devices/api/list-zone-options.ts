import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, zoneSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { ALL_OPTIONS } from './list-building-options';

export function zoneOptionsQueryOptions(floorId: number) {
  const filter = { floorId, ...ALL_OPTIONS };
  return queryOptions({
    queryKey: ['zones', 'list', filter],
    queryFn: () => post('/sbuilding/sector/getList', filter, { schema: pageSchema(zoneSchema) }),
  });
}

export function useZoneOptions(floorId: number | null | undefined) {
  return useQuery({ ...zoneOptionsQueryOptions(floorId ?? 0), enabled: Boolean(floorId) });
}
