import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSchema, type AdminUser, type UserSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { usersQueryKey } from './get-users';

/** `body.version` is the version read: a stale copy is refused with 409. */
export function saveUser({ id, body }: { id: number; body: UserSaveBody }): Promise<AdminUser> {
  return post(`/sbuilding/user/save/${id}`, body, { schema: adminUserSchema });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    // Also on failure: a 409 means the list shows a stale row.
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
