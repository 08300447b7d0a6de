import { useMutation } from '@tanstack/react-query';
import { ssoAuthorizeResponseSchema, type SsoAuthorizeBody } from '@sbuilding/shared';
import { post } from '@/lib/request';

/**
 * POST /sso/authorize: the provider's authorization page for a sign-in (or, with an invitation, a
 * registration). The browser goes there next; the provider sends it back to /auth-redirect.
 */
export async function startSso(body: SsoAuthorizeBody): Promise<string> {
  const { url } = await post('/sso/authorize', body, {
    headers: { isToken: false },
    silent: true,
    schema: ssoAuthorizeResponseSchema,
  });
  return url;
}

export function useStartSso() {
  return useMutation({ mutationFn: startSso });
}
