import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser } from '@sbuilding/shared';
import { get } from '@/lib/request';
import { usersQueryKey } from './get-users';

export function getUser(id: number): Promise<AdminUser> {
  return get(`/sbuilding/user/${id}`, { schema: adminUserSchema });
}

export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: [...usersQueryKey, 'one', id], queryFn: () => getUser(id) });
}

/** One user; `enabled` false skips the call (e.g. no signed-in user id yet). */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
