import { i18n } from '@/lib/i18n';
import { RequestError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { getInfo } from './api/get-info';
import { getRouters } from './api/get-routers';
import { chooseViewerProject, isProjectViewer } from './api/viewer-project';

export type LoadSessionResult = { ok: true } | { ok: false; message: string };

async function run(): Promise<LoadSessionResult> {
  try {
    const info = await getInfo();
    useSession.getState().setUserInfo(info);
    useSession.getState().setRoutes(await getRouters());
    if (isProjectViewer(info.roles)) await chooseViewerProject();
    return { ok: true };
  } catch (error) {
    const message = error instanceof RequestError ? error.message : i18n.t('session.loadFailed');
    return { ok: false, message };
  }
}

let inFlight: Promise<LoadSessionResult> | null = null;

/**
 * The session transition of spec section 4: user info loaded, roles and permissions set, routes
 * added. On failure the result carries the message to show; the caller forgets the session locally
 * (spec section 8) in the same tick as it navigates, so one render decides where the user goes. Concurrent callers (StrictMode, quick navigations) share one load.
 */
export function loadSession(): Promise<LoadSessionResult> {
  inFlight ??= run().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
