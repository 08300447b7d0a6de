import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EnergyBoard } from '@sbuilding/shared';
import { useDeviceSeries } from '@/lib/socket';
import { energyKey } from '../api/get-energy-board';

/**
 * How long after a channel's counter reading the board reloads: one reload gathers the readings of a meter's
 * round (its channels report together), and the socket pushes a reading as it arrives, before the rollups that
 * the board reads are committed.
 */
export const LIVE_REFRESH_MS = 3_000;

const COUNTER = /^energy[1-4]?$/;

/**
 * Keeps the board live without polling: it follows the channels on screen over the socket and reloads the
 * figures (at most once per LIVE_REFRESH_MS) when one of them reports its energy counter.
 */
export function useLiveEnergy(board: EnergyBoard | undefined): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ids = board?.meters.flatMap((m) => m.channels.map((c) => c.deviceId)) ?? [];
  useDeviceSeries(ids, (data) => {
    if (timer.current !== null || !Object.keys(data).some((k) => COUNTER.test(k))) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: energyKey });
    }, LIVE_REFRESH_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}
