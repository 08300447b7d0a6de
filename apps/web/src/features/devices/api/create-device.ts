import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceSchema, type ModelId } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { devicesKey } from './list-devices';

/** The model-specific create calls of spec section 7; every other model uses device/create/{model}. */
const CREATE_PATHS: Partial<Record<ModelId, string>> = {
  ac20: '/sbuilding/device/create-ac20',
  cc10: '/sbuilding/device/create-cc10',
  gw4g: '/sbuilding/4G-device/create-gw',
  ammeter4g: '/sbuilding/4G-device/create-ammeter',
  sair4g: '/sbuilding/4G-device/create-sair',
};

export function createPathOf(model: ModelId): string {
  return CREATE_PATHS[model] ?? `/sbuilding/device/create/${model}`;
}

export function createDevice({ model, body }: { model: ModelId; body: Record<string, unknown> }) {
  return put(createPathOf(model), body, { schema: deviceSchema });
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}
