import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { alertsKey } from './list-alerts';

/** Silent: a 409 (changed elsewhere) is answered by the page's own notice, not the generic toast. */
export function ignoreAlert(id: number, version: number) {
  return post(`/sbuilding/alert/ignore/${id}`, { version }, { schema: alertSchema, silent: true });
}

export function useIgnoreAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) => ignoreAlert(id, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
