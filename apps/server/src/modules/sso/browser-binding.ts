import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The browser a sign-in or link flow belongs to. Starting a flow puts a random secret in an HttpOnly,
 * SameSite=Lax cookie and keeps only its SHA-256 with the flow; the callback is accepted only with that
 * cookie. A callback URL made in one browser and opened in another (login CSRF, link CSRF) has the state
 * and the code but not the cookie, and is refused.
 *
 * Hand-parsed rather than @fastify/cookie: one cookie, set and read in this file only, and no new dependency.
 */

/** How long the cookie lives: the flows' 10 minutes (FLOW_TTL_MS), renewed by every flow started. */
const COOKIE_MAX_AGE_S = 10 * 60;
/** 32 random bytes in base64url: what the server ever puts in the cookie. */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Over https the `__Host-` prefix: the browser keeps such a cookie only if it is Secure, host-only and for
 * path /, so a sibling subdomain cannot plant its own flow's cookie in the victim's browser. Plain http
 * (localhost, tests) cannot use the prefix.
 */
function cookieName(publicUrl: string): string {
  return publicUrl.startsWith('https:') ? '__Host-sb-sso-flow' : 'sb-sso-flow';
}

const hashOf = (secret: string) => crypto.createHash('sha256').update(secret).digest('base64url');

function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The secret of this browser's flow cookie, when it carries a well-formed one. */
function browserSecret(request: FastifyRequest, publicUrl: string): string | undefined {
  const value = readCookie(request, cookieName(publicUrl));
  return value !== undefined && SECRET_FORMAT.test(value) ? value : undefined;
}

/**
 * Binds a flow being started to this browser: reuses the browser's secret when it has one (two tabs may
 * each run a flow; a fresh secret would orphan the other tab's), else makes one, and (re)sets the cookie.
 * Returns the hash to keep with the flow.
 */
export function bindBrowser(request: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const secret = browserSecret(request, publicUrl) ?? crypto.randomBytes(32).toString('base64url');
  const attributes = [
    `${cookieName(publicUrl)}=${secret}`,
    'Path=/',
    `Max-Age=${COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    // Lax, not Strict: the console's /auth-redirect is reached by a navigation from the provider's site.
    // The cookie is read by the console's own request to /sso/callback, which is same-site either way.
    'SameSite=Lax',
    ...(publicUrl.startsWith('https:') ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', attributes.join('; '));
  return hashOf(secret);
}

/** The hash of this browser's flow secret, or null when it has none. */
export function browserHashOf(request: FastifyRequest, publicUrl: string): string | null {
  const secret = browserSecret(request, publicUrl);
  return secret === undefined ? null : hashOf(secret);
}

/** Whether a flow's stored hash is this browser's, compared in constant time. */
export function sameBrowser(stored: string | null, presented: string | null): boolean {
  if (stored === null || presented === null) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
