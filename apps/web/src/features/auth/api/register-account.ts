import { useMutation } from '@tanstack/react-query';
import { ssoSignedInResponseSchema, type RegisterBody } from '@sbuilding/shared';
import { post } from '@/lib/request';
import { adoptToken } from './login';

/** POST /register: creates the invited account (linking a provider's identity) and signs it in. */
export async function registerAccount(body: RegisterBody): Promise<string> {
  const { token, redirect } = await post('/register', body, {
    headers: { isToken: false },
    silent: true,
    schema: ssoSignedInResponseSchema,
  });
  adoptToken(token);
  return redirect;
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
