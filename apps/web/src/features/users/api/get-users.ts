import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminUserSchema,
  pageSchema,
  type AdminUser,
  type PageResult,
  type UserListBody,
} from '@sbuilding/shared';
import { post } from '@/lib/request';

export function getUsers(filter: UserListBody): Promise<PageResult<AdminUser>> {
  return post('/sbuilding/user/getList', filter, { schema: pageSchema(adminUserSchema) });
}

/** Every user query (list pages and single rows) starts with this key; writes invalidate it. */
export const usersQueryKey = ['users'] as const;

export function usersQueryOptions(filter: UserListBody) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'list', filter],
    queryFn: () => getUsers(filter),
    // Paging keeps the previous rows on screen instead of flashing an empty table.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(filter: UserListBody) {
  return useQuery(usersQueryOptions(filter));
}
