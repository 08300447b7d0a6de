import { removeToken } from './auth-token';
import { http } from './http';
import { useSession } from './session';

/** Forgets the session in this browser only (spec section 8: user info load fails → local logout). */
export function clearSession(): void {
  removeToken();
  useSession.getState().reset();
}

/**
 * Ends the session on the server, then locally. A failing /logout (expired token, server down) must
 * not keep the user signed in here, so its outcome is ignored.
 */
export async function logOut(): Promise<void> {
  try {
    await http.post('/logout');
  } catch {
    // Ignored on purpose: see above.
  }
  clearSession();
}

/** Page reloads, behind one seam so tests can observe them (jsdom cannot navigate). */
export const pageNavigation = {
  reload: (): void => window.location.reload(),
  assign: (url: string): void => window.location.assign(url),
};
