import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { devicesKey } from './list-devices';

export function deleteDevice(id: number) {
  return del(`/sbuilding/device/del/${id}`, { schema: z.unknown() });
}

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
