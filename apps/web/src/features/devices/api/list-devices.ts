import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSchema, pageSchema, type DeviceListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const devicePageSchema = pageSchema(deviceSchema);

export function listDevices(filter: DeviceListBody) {
  return post('/sbuilding/device/getList', filter, { schema: devicePageSchema });
}

/** Every device query (lists, detail, attributes, credentials) starts with this key; writes invalidate it. */
export const devicesKey = ['devices'] as const;

export function devicesQueryOptions(filter: DeviceListBody) {
  return queryOptions({
    queryKey: [...devicesKey, 'list', filter],
    queryFn: () => listDevices(filter),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useDevices(filter: DeviceListBody, enabled = true) {
  return useQuery({ ...devicesQueryOptions(filter), enabled });
}
