import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { simulatorPlugResultSchema, simulatorStateSchema } from '@sbuilding/shared';
import { get, post } from '@/lib/request';
import { devicesKey } from './list-devices';

/** Whether the server runs the building simulator, and which of the caller's devices are unplugged. */
export function simulatorStateQueryOptions() {
  return queryOptions({
    queryKey: [...devicesKey, 'simulator'],
    // Silent: a server without the call (or a failing one) just hides the section.
    queryFn: () => get('/sbuilding/simulator/state', { schema: simulatorStateSchema, silent: true }),
  });
}

export function useSimulatorState(enabled: boolean) {
  return useQuery({ ...simulatorStateQueryOptions(), enabled });
}

/** Pulls a simulated device's plug, or powers it up again (the device really drops off the broker). */
export function useSimulatorPlug() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, unplug }: { deviceId: number; unplug: boolean }) =>
      post(`/sbuilding/simulator/${unplug ? 'unplug' : 'plug'}/${deviceId}`, undefined, {
        schema: simulatorPlugResultSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: simulatorStateQueryOptions().queryKey }),
  });
}
