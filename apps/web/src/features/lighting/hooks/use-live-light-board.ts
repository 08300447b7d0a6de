import { useQueryClient } from '@tanstack/react-query';
import type { LightBoard, RealSeriesData } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { lightBoardQueryOptions } from '../api/get-light-board';
import { applyLightReadings } from './light-state';

/** Lays values over the cached board of a building: the query cache stays the only store of state. */
export function usePatchLightBoard(buildingId: number) {
  const queryClient = useQueryClient();
  return (deviceIds: readonly number[], values: Readonly<Record<string, unknown>>) => {
    const readings = new Map(deviceIds.map((id) => [id, values]));
    queryClient.setQueryData(lightBoardQueryOptions(buildingId).queryKey, (old: LightBoard | undefined) =>
      old ? applyLightReadings(old, readings) : old,
    );
  };
}

/** The board follows every device it shows over the socket (subscribed 30 at a time by the client). */
export function useLiveLightBoard(buildingId: number, board: LightBoard | undefined) {
  const patch = usePatchLightBoard(buildingId);
  useDeviceSeries(
    (board?.devices ?? []).map((d) => d.id),
    (data: RealSeriesData) => patch([data.deviceId], data),
  );
}
