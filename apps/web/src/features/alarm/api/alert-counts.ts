import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertCountsSchema, type AlertFilterBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { alertsKey } from './list-alerts';

export function getAlertCounts(filter: AlertFilterBody) {
  return post('/sbuilding/alert/counts', filter, { schema: alertCountsSchema });
}

export function alertCountsQueryOptions(filter: AlertFilterBody) {
  return queryOptions({
    queryKey: [...alertsKey, 'counts', filter],
    queryFn: () => getAlertCounts(filter),
  });
}

export function useAlertCounts(filter: AlertFilterBody, enabled = true) {
  return useQuery({ ...alertCountsQueryOptions(filter), enabled });
}
