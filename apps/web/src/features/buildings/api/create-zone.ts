import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zoneSchema, type ZoneCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { zonesKey } from './list-zones';

export function createZone(body: ZoneCreateBody) {
  return put('/sbuilding/sector/create', body, { schema: zoneSchema });
}

export function useCreateZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zonesKey }),
  });
}
