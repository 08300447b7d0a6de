/**
 * A `redirect` query value the console may follow: a path of this site only. `//evil.example` and
 * `/\evil.example` are protocol-relative to browsers, so they are refused like absolute URLs.
 */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/** Where the login page sends an unauthenticated visitor of `fullPath`. */
export function loginPathFor(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/** Set by the guide page's Continue: a project admin may use the console without a project for now. */
export const GUIDE_SKIPPED_KEY = 'guideSkipped';

export function isGuideSkipped(): boolean {
  try {
    return sessionStorage.getItem(GUIDE_SKIPPED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function skipGuide(): void {
  try {
    sessionStorage.setItem(GUIDE_SKIPPED_KEY, 'true');
  } catch {
    // Without storage the guide simply comes back on the next navigation.
  }
}
