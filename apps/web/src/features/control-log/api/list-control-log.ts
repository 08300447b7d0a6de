import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { controlLogEntrySchema, pageSchema, type ControlLogListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

const controlLogPageSchema = pageSchema(controlLogEntrySchema);

export function listControlLog(filter: ControlLogListBody) {
  return post('/sbuilding/control-log/getList', filter, { schema: controlLogPageSchema });
}

export const controlLogKey = ['control-log'] as const;

export function controlLogQueryOptions(filter: ControlLogListBody) {
  return queryOptions({
    queryKey: [...controlLogKey, filter],
    queryFn: () => listControlLog(filter),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useControlLog(filter: ControlLogListBody, enabled = true) {
  return useQuery({ ...controlLogQueryOptions(filter), enabled });
}
