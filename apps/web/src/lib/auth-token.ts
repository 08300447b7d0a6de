import Cookies from 'js-cookie';
import { COOKIE_KEYS } from '@sbuilding/shared';

/**
 * The session token lives in the `Admin-Token` cookie (spec section 6). It is a session cookie (no
 * expiry) so closing the browser ends the console session even before the server's idle limit.
 */
export function getToken(): string | undefined {
  return Cookies.get(COOKIE_KEYS.token) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(COOKIE_KEYS.token, token, {
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
  });
}

export function removeToken(): void {
  Cookies.remove(COOKIE_KEYS.token);
}
