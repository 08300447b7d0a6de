import { useMutation } from '@tanstack/react-query';
import { ssoAuthorizeResponseSchema } from '@sbuilding/shared';
import { post } from '@/lib/request';

/** POST /sso/link: the provider's page where the signed-in user proves another identity. */
export async function linkIdentity(provider: string): Promise<string> {
  const { url } = await post('/sso/link', { provider }, { schema: ssoAuthorizeResponseSchema });
  return url;
}

export function useLinkIdentity() {
  return useMutation({ mutationFn: linkIdentity });
}
