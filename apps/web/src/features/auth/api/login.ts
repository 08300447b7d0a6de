import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginBody } from '@sbuilding/shared';
import { setToken } from '@/lib/auth-token';
import { post } from '@/lib/request';
import { useSession } from '@/lib/session';

/**
 * POST /login. Silent: the login form shows the refusal next to the fields (wrong captcha, wrong
 * password, locked account) instead of a notification in the corner.
 */
export async function login(body: LoginBody): Promise<string> {
  const { token } = await post('/login', body, {
    headers: { isToken: false },
    silent: true,
    schema: loginResponseSchema,
  });
  adoptToken(token);
  return token;
}

/** Keeps a new session's token (password sign-in, a provider, /bind, /register): the route guard loads its user. */
export function adoptToken(token: string): void {
  // Whatever this browser still knew belonged to an earlier session: the new token loads its own user.
  useSession.getState().reset();
  setToken(token);
  useSession.getState().setToken(token);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
