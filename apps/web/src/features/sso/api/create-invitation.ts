import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  invitationCreatedSchema,
  type InvitationCreateBody,
  type InvitationCreated,
} from '@sbuilding/shared';
import { put } from '@/lib/request';
import { invitationsQueryKey } from './get-invitations';

/** PUT /sbuilding/invitation/create: answers the token once (the link is built from it). */
export function createInvitation(body: InvitationCreateBody): Promise<InvitationCreated> {
  return put('/sbuilding/invitation/create', body, { schema: invitationCreatedSchema });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
