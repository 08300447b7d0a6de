import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorSchema, zoneSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** Where a zone is (its floor and building): an edited scene's zone is shown in its place. */
export async function getZonePlace(zoneId: number) {
  const zone = await get(`/sbuilding/sector/${zoneId}`, { schema: zoneSchema });
  const floor = await get(`/sbuilding/floor/${zone.floorId}`, { schema: floorSchema });
  return { zoneId: zone.id, floorId: floor.id, buildingId: floor.buildingId };
}

export function zonePlaceQuery(zoneId: number) {
  return queryOptions({ queryKey: ['zones', 'place', zoneId], queryFn: () => getZonePlace(zoneId) });
}

export function useZonePlace(zoneId: number | null) {
  return useQuery({ ...zonePlaceQuery(zoneId ?? 0), enabled: zoneId !== null, retry: false });
}
