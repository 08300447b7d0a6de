import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Overview } from '@sbuilding/shared';
import { useAlertChanges, useDeviceSeries } from '@/lib/socket';
import { useSession } from '@/lib/session';
import { overviewKey } from '../api/get-overview';

/**
 * How long after a change the figures are asked again: one call gathers a burst (a group switched, a meter's
 * channels reporting together), and the socket pushes a reading before the rollups it feeds are committed.
 */
export const LIVE_REFRESH_MS = 3_000;

/**
 * Keeps the overview live without polling: it follows the devices whose readings move the figures, alert
 * changes (a device going offline or coming back raises or resolves one) and the report count, and asks for
 * the figures again at most once per LIVE_REFRESH_MS.
 */
export function useLiveOverview(overview: Overview | undefined): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const schedule = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: overviewKey });
    }, LIVE_REFRESH_MS);
  }, [queryClient]);
  useDeviceSeries(overview?.watchIds ?? [], schedule);
  useAlertChanges(schedule);
  const reportCount = useSession((s) => s.reportCount);
  const firstCount = useRef(true);
  useEffect(() => {
    // The count as the page opens is what the figures already show.
    if (firstCount.current) {
      firstCount.current = false;
      return;
    }
    schedule();
  }, [reportCount, schedule]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
