import { useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceInfo, LatestTelemetry, PageResult, RealSeriesData } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { deviceInfoQueryOptions } from '../api/get-device-info';
import { devicesKey } from '../api/list-devices';

/** The telemetry with the changed keys of a reading (or of a command the device took) laid over it. */
export function withReading(
  telemetry: LatestTelemetry,
  values: Readonly<Record<string, unknown>>,
  ts: string,
): LatestTelemetry {
  const next = { ...telemetry };
  for (const [key, value] of Object.entries(values)) {
    if (key === 'deviceId' || key === 'ts') continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      next[key] = { value, ts };
  }
  return next;
}

/**
 * Lays values over the cached detail of a device, so every view of it re-renders; the query cache is the
 * only store of device state. A reading also means the device is online.
 */
export function usePatchDeviceInfo() {
  const queryClient = useQueryClient();
  return (deviceId: number, values: Readonly<Record<string, unknown>>, ts: string) => {
    queryClient.setQueryData(deviceInfoQueryOptions(deviceId).queryKey, (old: DeviceInfo | undefined) =>
      old
        ? { ...old, online: true, lastActivityTime: ts, telemetry: withReading(old.telemetry, values, ts) }
        : old,
    );
  };
}

/** The device of the open drawer follows the socket while the drawer is mounted. */
export function useLiveDeviceInfo(deviceId: number | null) {
  const patch = usePatchDeviceInfo();
  useDeviceSeries(deviceId === null ? [] : [deviceId], (data: RealSeriesData) =>
    patch(data.deviceId, data, data.ts),
  );
}

/** The rows of the list page follow the socket: a reading means the device is online. */
export function useLiveDeviceRows(rows: readonly Device[]) {
  const queryClient = useQueryClient();
  useDeviceSeries(
    rows.map((d) => d.id),
    (data: RealSeriesData) => {
      queryClient.setQueriesData<PageResult<Device>>({ queryKey: [...devicesKey, 'list'] }, (old) =>
        old
          ? {
              ...old,
              rows: old.rows.map((d) =>
                d.id === data.deviceId ? { ...d, online: true, lastActivityTime: data.ts } : d,
              ),
            }
          : old,
      );
    },
  );
}
