import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ssoProviderRowSchema, type SsoProviderCreateBody, type SsoProviderRow } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { providersQueryKey } from './get-providers';

/** PUT /sbuilding/sso/provider/create. */
export function createProvider(body: SsoProviderCreateBody): Promise<SsoProviderRow> {
  return put('/sbuilding/sso/provider/create', body, { schema: ssoProviderRowSchema });
}

export function useCreateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProvider,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
