import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertIgnoreAllResultSchema, type AlertFilterBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { alertsKey } from './list-alerts';

/** Ignores every alerting alert of the filter; answers how many. */
export function ignoreAllAlerts(filter: AlertFilterBody) {
  return post('/sbuilding/alert/ignoreAll', filter, { schema: alertIgnoreAllResultSchema });
}

export function useIgnoreAllAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ignoreAllAlerts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
