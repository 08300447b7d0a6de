import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zoneSchema, type ZoneSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { zonesKey } from './list-zones';

export function saveZone({ id, body }: { id: number; body: ZoneSaveBody }) {
  return post(`/sbuilding/sector/save/${id}`, body, { schema: zoneSchema });
}

/** A stale copy answers 409 (shown by the request client); the list reloads either way. */
export function useSaveZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveZone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zonesKey }),
  });
}
