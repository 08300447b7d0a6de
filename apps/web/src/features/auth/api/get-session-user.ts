import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfoSchema, type User } from '@sbuilding/shared';
import { get } from '@/lib/request';

/**
 * GET /getInfo for a given session token rather than the browser's own: /auth-redirect compares the account
 * a provider signed in with the one this browser is signed in as. Null when the token has no live session.
 */
export async function getSessionUser(token: string): Promise<User | null> {
  try {
    const info = await get('/getInfo', {
      headers: { isToken: false, Authorization: `Bearer ${token}` },
      silent: true,
      schema: userInfoSchema,
    });
    return info.user;
  } catch {
    return null;
  }
}

/** The account this browser is signed in as (`current`, null without a live session) and the new one. */
export interface AccountSwitch {
  current: User | null;
  next: User | null;
}

export function accountSwitchQueryOptions(currentToken: string | undefined, nextToken: string | undefined) {
  return queryOptions({
    queryKey: ['sso', 'account-switch', currentToken ?? null, nextToken ?? null],
    queryFn: async (): Promise<AccountSwitch> => {
      const [current, next] = await Promise.all([
        currentToken ? getSessionUser(currentToken) : null,
        nextToken ? getSessionUser(nextToken) : null,
      ]);
      return { current, next };
    },
    enabled: currentToken !== undefined && nextToken !== undefined,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Who this browser is and who the provider signed in, once there is a new session and an old one. */
export function useAccountSwitch(currentToken: string | undefined, nextToken: string | undefined) {
  return useQuery(accountSwitchQueryOptions(currentToken, nextToken));
}
