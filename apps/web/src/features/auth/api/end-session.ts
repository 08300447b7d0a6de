import { post } from '@/lib/request';

/**
 * POST /logout for a given session token (not the browser's own): the session a person declined on
 * /auth-redirect, or the one they left for another account. Its outcome changes nothing here, so it is
 * ignored (an ended session needs no second ending).
 */
export async function endSession(token: string): Promise<void> {
  try {
    await post('/logout', undefined, {
      headers: { isToken: false, Authorization: `Bearer ${token}` },
      silent: true,
    });
  } catch {
    // Ignored on purpose: see above.
  }
}
