import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import {
  readIdToken,
  signInAtIdp,
  startTestIdp,
  unsignedToken,
  type TestIdp,
} from '../../test/oidc-provider.js';
import { CONSOLE_URL, ENV_CLIENT, REDIRECT_URI, ssoDriver, type SsoDriver } from '../../test/sso.js';
import { sessions } from '../sessions/tables.js';
import { users } from '../users/tables.js';
import { sysConfig } from '../system/tables.js';
import { clearConfigCache } from '../system/config-cache.js';
import { ssoIdentities } from './tables.js';

let idp: TestIdp;
let t: TestApp;
let sso: SsoDriver;

beforeAll(async () => {
  idp = await startTestIdp({ clients: [{ ...ENV_CLIENT, redirect_uris: [REDIRECT_URI] }] });
  t = await createTestApp({
    captchaEnabled: false,
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: ENV_CLIENT.client_id,
      OIDC_CLIENT_SECRET: ENV_CLIENT.client_secret,
      OIDC_NAME: 'Campus ID',
      PUBLIC_URL: CONSOLE_URL,
    },
  });
  sso = ssoDriver(t);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const bind = (ticket: string, username: string, password: string) =>
  sso.inject({ method: 'POST', url: '/sso/bind', payload: { ticket, username, password } });
const sessionCount = async () => (await t.app.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
const userNameOf = async (token: string) =>
  (await as(t, token)('GET', '/getInfo')).json<{ data: { user: { userName: string } } }>().data.user.userName;

describe('signing in with the platform-wide OpenID provider', () => {
  it('lists the provider for the login page under its OIDC_NAME', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sso/providers' });
    expect(data(res)).toEqual({ providers: [{ key: 'env', name: 'Campus ID' }], registrationEnabled: true });
  });

  it('sends the browser to the provider with PKCE (S256), state, nonce and the console callback', async () => {
    const res = await sso.authorize({ provider: 'env' });
    const url = new URL(data<{ url: string }>(res).url);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(url.searchParams.get('scope')).toBe('openid profile email');
  });

  it('binds a new identity to an existing account once, then signs in with the provider alone, keeping the redirect', async () => {
    const first = await sso.signIn('alice', { provider: 'env', redirect: '/board/energy?x=1' });
    expect(first.statusCode, first.body).toBe(200);
    const { kind, ticket } = data<{ kind: string; ticket: string }>(first);
    expect(kind).toBe('bind');
    const info = await sso.inject({ method: 'GET', url: `/sso/ticket?ticket=${ticket}` });
    expect(data(info)).toEqual({
      providerName: 'Campus ID',
      identityLabel: 'alice@idp.example',
      canRegister: false,
    });

    // A wrong password links nothing and leaves the ticket usable.
    const wrong = await bind(ticket, 'customer', 'nope-nope');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Incorrect username or password');
    expect(await t.app.db.select().from(ssoIdentities)).toEqual([]);

    const bound = await bind(ticket, 'customer', 'customer123');
    expect(bound.statusCode, bound.body).toBe(200);
    const signedIn = data<{ token: string; redirect: string }>(bound);
    expect(signedIn.redirect).toBe('/board/energy?x=1');
    expect(await userNameOf(signedIn.token)).toBe('customer');
    // The ticket is used up.
    expect((await bind(ticket, 'customer', 'customer123')).json().msg).toMatch(/expired or was already used/);

    const again = await sso.signIn('alice', { provider: 'env', redirect: '/board/light' });
    const direct = data<{ kind: string; token: string; redirect: string }>(again);
    expect(direct.kind).toBe('signedIn');
    expect(direct.redirect).toBe('/board/light');
    expect(await userNameOf(direct.token)).toBe('customer');

    const identities = await as(t, direct.token)('GET', '/sso/identities');
    expect(data(identities)).toMatchObject({
      identities: [{ providerName: 'Campus ID', identityLabel: 'alice@idp.example' }],
      linkable: [{ key: 'env', name: 'Campus ID' }],
    });
  });

  it('honours only same-origin paths as the redirect', async () => {
    await sso.signIn('alice'); // linked above: signs in at once
    for (const redirect of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
    ]) {
      const res = await sso.signIn('alice', { provider: 'env', redirect });
      expect(data<{ redirect: string }>(res).redirect, redirect).toBe('/');
    }
  });

  it('refuses a blacklisted account even through its linked identity', async () => {
    await t.app.db.update(users).set({ blacklisted: true }).where(eq(users.username, 'customer'));
    try {
      const res = await sso.signIn('alice');
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('This account is disabled, please contact the administrator');
    } finally {
      await t.app.db.update(users).set({ blacklisted: false }).where(eq(users.username, 'customer'));
    }
  });

  it('links another identity from the profile and unlinks it', async () => {
    const token = await t.login('manager', 'manager123');
    const linked = await sso.signIn('bob', { provider: 'env' }, token);
    expect(data(linked)).toEqual({ kind: 'linked', providerName: 'Campus ID' });
    expect(await userNameOf(data<{ token: string }>(await sso.signIn('bob')).token)).toBe('manager');
    // bob is the manager's: another account cannot link it.
    const other = await t.login('display', 'display123');
    const taken = await sso.signIn('bob', { provider: 'env' }, other);
    expect(taken.json().msg).toBe('This identity is already linked to another account');

    const [identity] = data<{ identities: { id: number }[] }>(
      await as(t, token)('GET', '/sso/identities'),
    ).identities;
    // Nobody unlinks another account's identity.
    expect((await as(t, other)('DELETE', `/sso/identities/${identity?.id}`)).statusCode).toBe(404);
    expect((await as(t, token)('DELETE', `/sso/identities/${identity?.id}`)).statusCode).toBe(200);
    expect(data(await as(t, token)('GET', '/sso/identities'))).toMatchObject({ identities: [] });
    expect(data<{ kind: string }>(await sso.signIn('bob')).kind).toBe('bind');
  });
});

describe('refusals', () => {
  it('refuses a forged state, and a replayed callback, creating no session', async () => {
    const search = await sso.roundTrip('alice');
    const forged = new URLSearchParams(search);
    forged.set('state', 'forged-state-0123456789abcdef');
    const before = await sessionCount();
    const res = await sso.callback(`?${forged}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/state mismatch/);

    expect((await sso.callback(search)).statusCode).toBe(200);
    const replayed = await sso.callback(search);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().msg).toBe('This sign-in has already been completed, please sign in again');
    expect(await sessionCount()).toBe(before + 1);
  });

  it("refuses a code presented with another round trip's state (its PKCE verifier does not match)", async () => {
    const stolen = new URLSearchParams(await sso.roundTrip('alice'));
    const victim = new URLSearchParams(await sso.roundTrip('alice'));
    victim.set('code', stolen.get('code') ?? '');
    const res = await sso.callback(`?${victim}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/sign-in code was refused/);
  });

  const forgeries: [string, (idToken: string) => Promise<string>][] = [
    [
      'for another audience',
      async (tok) => idp.signWithProviderKey({ ...readIdToken(tok).claims, aud: 'someone-else' }),
    ],
    [
      'expired',
      async (tok) => {
        const now = Math.floor(Date.now() / 1000);
        return idp.signWithProviderKey({ ...readIdToken(tok).claims, iat: now - 7200, exp: now - 3600 });
      },
    ],
    ['unsigned (alg: none)', async (tok) => unsignedToken(readIdToken(tok).claims)],
    [
      'from another issuer',
      async (tok) => idp.signWithProviderKey({ ...readIdToken(tok).claims, iss: 'http://127.0.0.1:1/evil' }),
    ],
    ['with a broken signature', async (tok) => `${tok.slice(0, -6)}AAAAAA`],
  ];

  it.each(forgeries)('refuses an ID token %s, creating no session', async (_name, forge) => {
    const before = await sessionCount();
    const search = await sso.roundTrip('alice');
    idp.tamperNextIdToken(forge);
    const res = await sso.callback(search);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe(
      "The identity provider's answer failed its security checks, please sign in again",
    );
    expect(await sessionCount()).toBe(before);
  });

  it('says so when the person cancels at the provider, and the flow is used up', async () => {
    const url = data<{ url: string }>(await sso.authorize({ provider: 'env' })).url;
    const back = await signInAtIdp(url, 'alice', { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await sso.callback(back.search);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('You cancelled the sign-in at the provider');
    const again = new URLSearchParams(back.search);
    again.delete('error');
    again.delete('error_description');
    again.set('code', 'made-up');
    expect((await sso.callback(`?${again}`)).json().msg).toBe(
      'This sign-in has already been completed, please sign in again',
    );
  });

  it('refuses an unknown provider and a forged ticket', async () => {
    expect((await sso.authorize({ provider: '999' })).json().msg).toBe(
      'This identity provider does not exist or is switched off',
    );
    expect((await bind('forged-ticket', 'customer', 'customer123')).json().msg).toMatch(
      /expired or was already used/,
    );
  });

  it('switches single sign-on off with the system config key sys.account.ssoEnabled', async () => {
    await t.app.db
      .update(sysConfig)
      .set({ configValue: 'false' })
      .where(eq(sysConfig.configKey, 'sys.account.ssoEnabled'));
    clearConfigCache(t.app.db, 'sys.account.ssoEnabled');
    try {
      expect(
        data<{ providers: unknown[] }>(await t.app.inject({ method: 'GET', url: '/sso/providers' }))
          .providers,
      ).toEqual([]);
      const res = await sso.authorize({ provider: 'env' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Single sign-on is switched off');
    } finally {
      await t.app.db
        .update(sysConfig)
        .set({ configValue: 'true' })
        .where(eq(sysConfig.configKey, 'sys.account.ssoEnabled'));
      clearConfigCache(t.app.db, 'sys.account.ssoEnabled');
    }
  });

  it('answers in Chinese when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sso/callback',
      headers: { lang: 'ZH' },
      payload: { search: '?state=nope&code=x' },
    });
    expect(res.json().msg).toBe('此次登录并非由本站发起（state 不匹配），请重新登录');
  });
});
