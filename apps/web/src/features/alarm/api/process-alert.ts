import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema, type AlertProcessBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { alertsKey } from './list-alerts';

/** Silent: a 409 (changed elsewhere) is answered by the page's own notice, not the generic toast. */
export function processAlert(id: number, body: AlertProcessBody) {
  return post(`/sbuilding/alert/process/${id}`, body, { schema: alertSchema, silent: true });
}

export function useProcessAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AlertProcessBody }) => processAlert(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
