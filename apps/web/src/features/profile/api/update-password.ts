import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { passwordChangeBodySchema } from '@sbuilding/shared';
import { put } from '@/lib/request';

type PasswordChange = z.infer<typeof passwordChangeBodySchema>;

/** The server ends the user's other sessions; this one stays signed in. */
export function updatePassword(body: PasswordChange): Promise<null> {
  return put('/system/user/profile/updatePwd', body, { schema: z.null() });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
