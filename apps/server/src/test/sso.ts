import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.js';
import { signInAtIdp } from './oidc-provider.js';

/** The console's origin in API tests: the callback registered at the test provider is its /auth-redirect. */
export const CONSOLE_HOST = 'console.test';
export const REDIRECT_URI = `http://${CONSOLE_HOST}/auth-redirect`;
export const ENV_CLIENT = { client_id: 'sbuilding', client_secret: 'sbuilding-secret-0123456789' };

export interface SsoDriver {
  /** POST /sso/authorize (or /sso/link with a token): the provider's URL, or the refusal. */
  authorize(payload: object, token?: string): Promise<LightMyRequestResponse>;
  /** POST /sso/callback with the query the provider sent the browser back with. */
  callback(search: string): Promise<LightMyRequestResponse>;
  /** authorize, sign in at the provider as `login`, and return the callback's query (not yet posted). */
  roundTrip(login: string, payload?: object, token?: string): Promise<string>;
  /** The whole round trip: the callback's answer. */
  signIn(login: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
}

export function ssoDriver(t: TestApp): SsoDriver {
  const headers = (token?: string) => ({
    host: CONSOLE_HOST,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  const authorize = (payload: object, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: token ? '/sso/link' : '/sso/authorize',
      headers: headers(token),
      payload,
    });
  const callback = (search: string) =>
    t.app.inject({ method: 'POST', url: '/sso/callback', headers: headers(), payload: { search } });
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
    signIn: async (login, payload, token) => callback(await roundTrip(login, payload, token)),
  };
}
