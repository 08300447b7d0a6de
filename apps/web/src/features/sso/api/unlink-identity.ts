import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { del } from '@/lib/request';
import { identitiesQueryKey } from './get-identities';

/** DELETE /sso/identities/{id}: unlinks one of the caller's identities. */
export function unlinkIdentity(id: number): Promise<unknown> {
  return del(`/sso/identities/${id}`, { schema: z.unknown() });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkIdentity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesQueryKey }),
  });
}
