import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { devicesKey } from './list-devices';

/** The create body plus the version read; a stale version is refused with 409. */
export function saveDevice({ id, body }: { id: number; body: Record<string, unknown> }) {
  return post(`/sbuilding/device/save/${id}`, body, { schema: deviceSchema });
}

export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
