import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, zoneSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The zones of a floor (the zone a scene affects); the buildings feature's key, so its edits refresh it. */
export function zoneOptionsQuery(floorId: number) {
  const filter = { floorId, pageNum: 1, pageSize: 500 };
  return queryOptions({
    queryKey: ['zones', 'list', filter],
    queryFn: () => post('/sbuilding/sector/getList', filter, { schema: pageSchema(zoneSchema) }),
  });
}

export function useFloorZones(floorId: number | null) {
  return useQuery({ ...zoneOptionsQuery(floorId ?? 0), enabled: floorId !== null });
}
