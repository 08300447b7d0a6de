import { logOut } from '@/lib/logout';

/**
 * POST /logout, then forget the token and the session in this browser (spec section 4: logout clears
 * token, roles, permissions). Resolves even when the server cannot be reached.
 */
export function logout(): Promise<void> {
  return logOut();
}
