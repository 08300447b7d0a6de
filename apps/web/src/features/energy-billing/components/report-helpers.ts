/**
 * What the report schedule and share link parts of /energy/reports have in common: how a failed call is
 * told, the link a share token opens, and the colours of their status tags.
 */

/** The text a failed call shows: the request client's message (already in the console's language). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The link a token opens: this console's /share page. */
export function shareUrl(token: string): string {
  return `${window.location.origin}/share/${token}`;
}

/** Solid dark shades with white text (WCAG AA, as the notification log's tags). */
export const TAG_COLORS = { good: '#237804', muted: '#595959', bad: '#a8071a' } as const;
