import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ssoProviderRowSchema, type SsoProviderRow, type SsoProviderSaveBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { providersQueryKey } from './get-providers';

/** POST /sbuilding/sso/provider/save/{id}: an empty client secret keeps the stored one. */
export function saveProvider({
  id,
  body,
}: {
  id: number;
  body: SsoProviderSaveBody;
}): Promise<SsoProviderRow> {
  return post(`/sbuilding/sso/provider/save/${id}`, body, { schema: ssoProviderRowSchema });
}

export function useSaveProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProvider,
    // A 409 (someone saved first) also reloads the rows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
