import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertDetailSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { alertsKey } from './list-alerts';

export function getAlert(id: number) {
  return get(`/sbuilding/alert/${id}`, { schema: alertDetailSchema });
}

export function alertQueryOptions(id: number) {
  return queryOptions({ queryKey: [...alertsKey, 'detail', id], queryFn: () => getAlert(id) });
}

export function useAlert(id: number | null) {
  return useQuery({ ...alertQueryOptions(id ?? 0), enabled: id !== null });
}
