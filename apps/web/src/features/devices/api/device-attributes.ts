import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deviceAttributesSchema, type ModelId } from '@sbuilding/shared';
import { get, post } from '@/lib/request';
import { devicesKey } from './list-devices';

export function getDeviceAttributes(id: number) {
  return get(`/sbuilding/dev-client-attr/get/${id}`, { schema: deviceAttributesSchema });
}

export function deviceAttributesQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...devicesKey, 'attributes', id],
    queryFn: () => getDeviceAttributes(id),
  });
}

export function useDeviceAttributes(id: number) {
  return useQuery(deviceAttributesQueryOptions(id));
}

/** The model-specific save calls of spec section 7; other models share dev-client-attr/save/{id}. */
const SAVE_PATHS: Partial<Record<ModelId, string>> = {
  s2: 'save-s2',
  e90: 'save-e90',
  kxx: 'save-kxx/v2',
};

export function attributesSavePath(model: ModelId, id: number): string {
  return `/sbuilding/dev-client-attr/${SAVE_PATHS[model] ?? 'save'}/${id}`;
}

export function saveDeviceAttributes({
  id,
  model,
  attributes,
}: {
  id: number;
  model: ModelId;
  attributes: Record<string, unknown>;
}) {
  return post(attributesSavePath(model, id), attributes, { schema: z.unknown() });
}

export function useSaveDeviceAttributes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeviceAttributes,
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: deviceAttributesQueryOptions(id).queryKey }),
  });
}
