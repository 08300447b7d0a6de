import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceInfoSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { devicesKey } from './list-devices';

export function getDeviceInfo(id: number) {
  return get(`/sbuilding/device/getDeviceInfoById/${id}`, { schema: deviceInfoSchema });
}

export function deviceInfoQueryOptions(id: number) {
  return queryOptions({ queryKey: [...devicesKey, 'info', id], queryFn: () => getDeviceInfo(id) });
}

export function useDeviceInfo(id: number | null) {
  return useQuery({ ...deviceInfoQueryOptions(id ?? 0), enabled: id !== null });
}
