import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { UserResetPwdBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** The server ends the user's sessions, so the new password is needed at once. */
export function resetUserPassword({ id, body }: { id: number; body: UserResetPwdBody }): Promise<unknown> {
  return post(`/sbuilding/user/resetPwd/${id}`, body, { schema: z.unknown() });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
