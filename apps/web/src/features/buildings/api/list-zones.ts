import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageSchema, zoneSchema, type ZoneListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const zonePageSchema = pageSchema(zoneSchema);

/** The plan shows every zone of its floor at once; the server's page limit is 500. */
export const ZONES_PAGE_SIZE = 500;

export function listZones(filter: ZoneListBody) {
  return post('/sbuilding/sector/getList', filter, { schema: zonePageSchema });
}

export const zonesKey = ['zones', 'list'] as const;

export function zonesQueryOptions(floorId: number) {
  const filter = { floorId, pageNum: 1, pageSize: ZONES_PAGE_SIZE };
  return queryOptions({ queryKey: [...zonesKey, filter], queryFn: () => listZones(filter) });
}

export function useZones(floorId: number | null) {
  return useQuery({ ...zonesQueryOptions(floorId ?? 0), enabled: floorId !== null });
}
