import { useQueryClient } from '@tanstack/react-query';
import type { AcBoard, RealSeriesData } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { acBoardKey } from '../api/get-ac-board';
import { applyAcReadings } from './ac-state';

/** Lays values over every cached AC board (project-wide and per building) holding the unit. */
export function usePatchAcBoards() {
  const queryClient = useQueryClient();
  return (deviceId: number, values: Readonly<Record<string, unknown>>) => {
    const readings = new Map([[deviceId, values]]);
    queryClient.setQueriesData<AcBoard>({ queryKey: acBoardKey }, (old) =>
      old ? applyAcReadings(old, readings) : old,
    );
  };
}

/** The board follows its units over the socket (subscribed 30 at a time by the client). */
export function useLiveAcBoard(board: AcBoard | undefined) {
  const patch = usePatchAcBoards();
  useDeviceSeries(
    (board?.units ?? []).map((u) => u.id),
    (data: RealSeriesData) => patch(data.deviceId, data),
  );
}
