import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { invitationsQueryKey } from './get-invitations';

/** DELETE /sbuilding/invitation/del/{id}: the invitation's link stops working. */
export function revokeInvitation(id: number): Promise<unknown> {
  return del(`/sbuilding/invitation/del/${id}`, { schema: z.unknown() });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
