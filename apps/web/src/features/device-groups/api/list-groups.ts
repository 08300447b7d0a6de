import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deviceGroupSchema, pageSchema, type GroupListBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

export function listGroups(filter: GroupListBody) {
  return post('/sbuilding/group/getList', filter, { schema: pageSchema(deviceGroupSchema) });
}

/** Every group query (lists and single groups) starts with this key; writes invalidate it. */
export const groupsKey = ['device-groups'] as const;

export function groupsQueryOptions(filter: GroupListBody) {
  return queryOptions({
    queryKey: [...groupsKey, 'list', filter],
    queryFn: () => listGroups(filter),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useGroups(filter: GroupListBody, enabled = true) {
  return useQuery({ ...groupsQueryOptions(filter), enabled });
}
