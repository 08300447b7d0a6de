import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKeyCreatedSchema, type ApiKeyCreateBody, type ApiKeyCreated } from '@sbuilding/shared';
import { put } from '@/lib/request';
import { apiKeysKey } from './get-api-keys';

/** The answer holds the key itself, this once: the server keeps only its hash. */
export function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  return put('/sbuilding/api-key/create', body, { schema: apiKeyCreatedSchema });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
