import { useMutation } from '@tanstack/react-query';
import { ssoSignedInResponseSchema, type SsoBindBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { adoptToken } from './login';

/** POST /sso/bind: links the waiting identity to an existing account and signs in. Answers where to go. */
export async function bindIdentity(body: SsoBindBody): Promise<string> {
  const { token, redirect } = await post('/sso/bind', body, {
    headers: { isToken: false },
    silent: true,
    schema: ssoSignedInResponseSchema,
  });
  adoptToken(token);
  return redirect;
}

export function useBindIdentity() {
  return useMutation({ mutationFn: bindIdentity });
}
