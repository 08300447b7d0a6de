import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser, type UserCreateBody } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { usersQueryKey } from './get-users';

export function createUser(body: UserCreateBody): Promise<AdminUser> {
  return put('/sbuilding/user/create', body, { schema: adminUserSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
