import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceSchema, pageSchema, type DeviceListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The registry's list call, for AC gateways (model cc10) and the indoor units behind one (parentId). */
export function listAcDevices(filter: DeviceListBody) {
  return post('/sbuilding/device/getList', filter, { schema: pageSchema(deviceSchema) });
}

/** Under the devices prefix, so device writes anywhere refresh these lists too. */
export const acDevicesKey = ['devices', 'ac-gateways'] as const;

export function acDevicesQueryOptions(filter: DeviceListBody) {
  return queryOptions({
    queryKey: [...acDevicesKey, filter],
    queryFn: () => listAcDevices(filter),
    placeholderData: keepPreviousData,
  });
}

export function useAcDevices(filter: DeviceListBody, enabled = true) {
  return useQuery({ ...acDevicesQueryOptions(filter), enabled });
}
