import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { post } from '@/lib/request';
import { usersQueryKey } from './get-users';

/** Blacklisting ends the user's sessions at once and refuses its sign-in until lifted. */
export function blacklistUser({ id, blacklisted }: { id: number; blacklisted: boolean }): Promise<unknown> {
  return post(`/sbuilding/user/blacklist/${id}`, { blacklisted }, { schema: z.unknown() });
}

export function useBlacklistUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blacklistUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
