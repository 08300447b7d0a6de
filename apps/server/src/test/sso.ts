import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { signInAtIdp } from './oidc-provider.js';

/** The console's address in API tests (PUBLIC_URL): the callback registered at the test provider is its /auth-redirect. */
export const CONSOLE_HOST = 'console.test';
export const CONSOLE_URL = `http://${CONSOLE_HOST}`;
export const REDIRECT_URI = `${CONSOLE_URL}/auth-redirect`;
export const ENV_CLIENT = { client_id: 'sbuilding', client_secret: 'sbuilding-secret-0123456789' };

/**
 * One browser of the console: it keeps the cookies the server sets (the flows' HttpOnly cookie) and sends
 * them back, as a browser does. Two drivers are two browsers.
 */
export interface SsoDriver {
  /** POST /sso/authorize (or /sso/link with a token): the provider's URL, or the refusal. */
  authorize(payload: object, token?: string): Promise<LightMyRequestResponse>;
  /** POST /sso/callback with the query the provider sent the browser back with (and a session's token). */
  callback(search: string, token?: string): Promise<LightMyRequestResponse>;
  /** authorize, sign in at the provider as `login`, and return the callback's query (not yet posted). */
  roundTrip(login: string, payload?: object, token?: string): Promise<string>;
  /** The whole round trip: the callback's answer (a link's callback carries the same token). */
  signIn(login: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  /** Any request from this browser (its cookies, the console's Host). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** This browser's cookies, as its Cookie header would carry them. */
  cookieHeader(): string;
}

export function ssoDriver(t: TestApp): SsoDriver {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const inject = async (options: InjectOptions) => {
    const res = await t.app.inject({
      ...options,
      headers: {
        host: CONSOLE_HOST,
        ...(cookies.size > 0 ? { cookie: cookieHeader() } : {}),
        ...options.headers,
      },
    });
    const set = res.headers['set-cookie'];
    for (const line of [set ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };
  const bearer = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const authorize = (payload: object, token?: string) =>
    inject({ method: 'POST', url: token ? '/sso/link' : '/sso/authorize', headers: bearer(token), payload });
  const callback = (search: string, token?: string) =>
    inject({ method: 'POST', url: '/sso/callback', headers: bearer(token), payload: { search } });
  const roundTrip = async (login: string, payload: object = { provider: 'env' }, token?: string) => {
    const res = await authorize(payload, token);
    if (res.statusCode !== 200) throw new Error(`authorize: ${res.statusCode} ${res.body}`);
    const back = await signInAtIdp(res.json<{ data: { url: string } }>().data.url, login);
    if (back.origin + back.pathname !== REDIRECT_URI) throw new Error(`came back to ${back.href}`);
    return back.search;
  };
  return {
    authorize,
    callback,
    roundTrip,
    signIn: async (login, payload, token) => callback(await roundTrip(login, payload, token), token),
    inject,
    cookieHeader,
  };
}
