import { queryOptions, useQuery } from '@tanstack/react-query';
import { bleGatewayInitSchema, type BleGatewayInit } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { devicesKey } from './list-devices';

export const BLE_INIT_POLL_MS = 1000;

export function getBleInitStatus(deviceId: number) {
  return get(`/sbuilding/device/queryInitBleGatewayStatus/${deviceId}`, { schema: bleGatewayInitSchema });
}

const finished = (init: BleGatewayInit | undefined) => init?.status === 'ready' || init?.status === 'failed';

/** The next poll after this status: none once the job is ready or failed. */
export const bleInitPollMs = (init: BleGatewayInit | undefined) =>
  finished(init) ? false : BLE_INIT_POLL_MS;

/** Polled every second until the job is ready or failed. */
export function bleInitStatusQueryOptions(deviceId: number) {
  return queryOptions({
    queryKey: [...devicesKey, 'ble-init', deviceId],
    queryFn: () => getBleInitStatus(deviceId),
    refetchInterval: (query) => bleInitPollMs(query.state.data),
  });
}

export function useBleInitStatus(deviceId: number | null) {
  return useQuery({ ...bleInitStatusQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
}
