import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bleGatewayCreatedSchema } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { devicesKey } from './list-devices';

/** A Bluetooth gateway is created on its floor and starts an initialisation job the console polls. */
export function createBleGateway({ floorId, body }: { floorId: number; body: Record<string, unknown> }) {
  return put(`/sbuilding/device/createBleGateway/${floorId}`, body, { schema: bleGatewayCreatedSchema });
}

export function useCreateBleGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBleGateway,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
