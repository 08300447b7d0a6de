import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceGroupSchema } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { groupsKey } from './list-groups';

export function getGroup(id: number) {
  return get(`/sbuilding/group/${id}`, { schema: deviceGroupSchema });
}

export function groupQueryOptions(id: number) {
  return queryOptions({ queryKey: [...groupsKey, 'one', id], queryFn: () => getGroup(id) });
}

export function useGroup(id: number | null) {
  return useQuery({ ...groupQueryOptions(id ?? 0), enabled: id !== null });
}
