import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceGroupSchema, deviceSchema, floorSchema, pageSchema, zoneSchema } from '@sbuilding/shared';
import { get, post } from '@/lib/request';

/** The project's air conditioners; under the devices prefix, so device edits refresh it. */
export function acDevicesQuery(projectId: number) {
  const filter = { projectId, category: 'ac' as const, pageNum: 1, pageSize: 500 };
  return queryOptions({
    queryKey: ['devices', 'list', filter],
    queryFn: () => post('/sbuilding/device/getList', filter, { schema: pageSchema(deviceSchema) }),
  });
}

export function useAcDevices(projectId: number) {
  return useQuery(acDevicesQuery(projectId));
}

/** The project's device groups (those of air conditioners are offered); the device-groups feature's key. */
export function acGroupsQuery(projectId: number) {
  const filter = { projectId, pageNum: 1, pageSize: 500 };
  return queryOptions({
    queryKey: ['device-groups', 'list', filter],
    queryFn: () => post('/sbuilding/group/getList', filter, { schema: pageSchema(deviceGroupSchema) }),
  });
}

export function useAcGroups(projectId: number) {
  return useQuery(acGroupsQuery(projectId));
}

/** The zones of a floor; the buildings feature's key, so its edits refresh it. */
export function useFloorZones(floorId: number | null) {
  const filter = { floorId: floorId ?? 0, pageNum: 1, pageSize: 500 };
  return useQuery({
    queryKey: ['zones', 'list', filter],
    queryFn: () => post('/sbuilding/sector/getList', filter, { schema: pageSchema(zoneSchema) }),
    enabled: floorId !== null,
  });
}

/** Where a zone is (its floor and building): an edited config's zone is shown in its place. */
export function useZonePlace(zoneId: number | null) {
  return useQuery({
    queryKey: ['zones', 'place', zoneId],
    queryFn: async () => {
      const zone = await get(`/sbuilding/sector/${zoneId ?? 0}`, { schema: zoneSchema });
      const floor = await get(`/sbuilding/floor/${zone.floorId}`, { schema: floorSchema });
      return { zoneId: zone.id, floorId: floor.id, buildingId: floor.buildingId };
    },
    enabled: zoneId !== null,
    retry: false,
  });
}
