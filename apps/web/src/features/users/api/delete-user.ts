import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { usersQueryKey } from './get-users';

export function deleteUser(id: number): Promise<unknown> {
  return del(`/sbuilding/user/del/${id}`, { schema: z.unknown() });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
