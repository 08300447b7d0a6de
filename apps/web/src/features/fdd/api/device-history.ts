import { useQuery } from '@tanstack/react-query';
import { historySchema } from '@sbuilding/shared';
import { get } from '@/lib/request';

/** How far back the finding's drawer draws its device's readings. */
const HOURS = 24;

/**
 * The device's readings of `keys` over the last day (GET /sbuilding/telemetry/history, raw readings for a
 * day). Silent: the chart is an extra beside the evidence, so a device whose history cannot be read shows
 * the evidence alone. Outside the fault-detection key: a move on the finding does not change the history.
 */
export function useDeviceHistory(deviceId: number | null, keys: readonly string[]) {
  return useQuery({
    queryKey: ['fdd-device-history', deviceId, keys],
    queryFn: () => {
      const to = new Date();
      const from = new Date(to.getTime() - HOURS * 3_600_000);
      return get(`/sbuilding/telemetry/history/${deviceId}`, {
        params: { keys: keys.join(','), from: from.toISOString(), to: to.toISOString() },
        schema: historySchema,
        silent: true,
      });
    },
    enabled: deviceId !== null && keys.length > 0,
    staleTime: 60_000,
    retry: false,
  });
}
