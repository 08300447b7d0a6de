import { useQueryClient } from '@tanstack/react-query';
import type { WxHallDetail } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { wxHallQueryOptions } from '../api/get-wx-hall';
import { applyReading, deviceIdsOf } from './hall-state';

/** Lays a device's new values over the cached building: the query cache stays the only store of state. */
export function usePatchHall(hallId: number) {
  const queryClient = useQueryClient();
  return (deviceId: number, values: Readonly<Record<string, unknown>>) => {
    queryClient.setQueryData(wxHallQueryOptions(hallId).queryKey, (old: WxHallDetail | undefined) =>
      old ? applyReading(old, deviceId, values) : old,
    );
  };
}

/** The page follows every light and AC it shows over the socket. */
export function useLiveHall(hallId: number, detail: WxHallDetail | undefined) {
  const patch = usePatchHall(hallId);
  useDeviceSeries(deviceIdsOf(detail), (data) => patch(data.deviceId, data));
}
