import { useQueryClient } from '@tanstack/react-query';
import type { AirBoard, RealSeriesData } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { airBoardKey } from '../api/get-air-board';
import { applyAirReadings } from './air-state';

/** The board follows its sensors over the socket: each reading is laid over every cached air board. */
export function useLiveAirBoard(board: AirBoard | undefined) {
  const queryClient = useQueryClient();
  useDeviceSeries(
    (board?.sensors ?? []).map((s) => s.id),
    (data: RealSeriesData) => {
      const readings = new Map([[data.deviceId, data]]);
      queryClient.setQueriesData<AirBoard>({ queryKey: airBoardKey }, (old) =>
        old ? applyAirReadings(old, readings) : old,
      );
    },
  );
}
