import { useQueryClient } from '@tanstack/react-query';
import type { RealSeriesData, SpaceBoard } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { spaceBoardKey } from '../api/get-space-board';
import { applyPresence } from './space-state';

/** Occupancy now follows the PIR sensors over the socket; the 7-day utilisation stays as loaded. */
export function useLiveSpaceBoard(board: SpaceBoard | undefined) {
  const queryClient = useQueryClient();
  useDeviceSeries(
    (board?.zones ?? []).flatMap((z) => z.sensorIds),
    (data: RealSeriesData) => {
      const readings = new Map([[data.deviceId, data]]);
      queryClient.setQueriesData<SpaceBoard>({ queryKey: spaceBoardKey }, (old) =>
        old ? applyPresence(old, readings) : old,
      );
    },
  );
}
