import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { alertSchema, pageSchema, type AlertListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const alertPageSchema = pageSchema(alertSchema);

export function listAlerts(filter: AlertListBody) {
  return post('/sbuilding/alert/getList', filter, { schema: alertPageSchema });
}

/** Every alert query starts with this key: a change invalidates the list, the counts and the details. */
export const alertsKey = ['alerts'] as const;

export function alertsQueryOptions(filter: AlertListBody) {
  return queryOptions({
    queryKey: [...alertsKey, 'list', filter],
    queryFn: () => listAlerts(filter),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useAlerts(filter: AlertListBody, enabled = true) {
  return useQuery({ ...alertsQueryOptions(filter), enabled });
}
