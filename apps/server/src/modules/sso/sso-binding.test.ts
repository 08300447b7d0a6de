import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { signInAtIdp, startTestIdp, type TestIdp } from '../../test/oidc-provider.js';
import { CONSOLE_URL, ENV_CLIENT, REDIRECT_URI, ssoDriver } from '../../test/sso.js';
import { sessions } from '../sessions/tables.js';
import { users } from '../users/tables.js';
import { bindBrowser, browserHashOf } from './browser-binding.js';
import { ssoFlows, ssoIdentities } from './tables.js';

/*
 * Sign-in and link flows belong to the browser (and a link to the session) that started them: a callback
 * URL made elsewhere signs nobody in and links nothing (issue 32's login CSRF and link CSRF), and what
 * the provider or the request says cannot move the callback's address.
 */

let idp: TestIdp;
let t: TestApp;

const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;
const sessionCount = async () => (await t.app.db.select({ n: count() }).from(sessions))[0]?.n ?? 0;
const identitiesOf = async (username: string) =>
  (
    await t.app.db
      .select({ subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .where(eq(users.username, username))
  ).map((r) => r.subject);
const userNameOf = async (token: string) =>
  data<{ user: { userName: string } }>(await as(t, token)('GET', '/getInfo')).user.userName;

const OTHER_BROWSER =
  'This sign-in was not started in this browser, so nobody was signed in or linked. If you started it, start it again here';
const OTHER_SESSION =
  'This link was not started by your current sign-in, so nothing was linked. Start it again from your profile page';

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
  // mallory@idp is the customer's linked identity: a callback of hers that goes through signs in as customer.
  const mallory = ssoDriver(t);
  const { ticket } = data<{ ticket: string }>(await mallory.signIn('mallory'));
  const bound = await mallory.inject({
    method: 'POST',
    url: '/sso/bind',
    payload: { ticket, username: 'customer', password: 'customer123' },
  });
  expect(bound.statusCode, bound.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('a sign-in belongs to the browser that started it (login CSRF)', () => {
  it("refuses a callback without the flow's cookie, or with another browser's, signing nobody in", async () => {
    const attacker = ssoDriver(t);
    const search = await attacker.roundTrip('mallory');
    const before = await sessionCount();

    // The victim's browser has a cookie of its own flow, not the attacker's.
    const victim = ssoDriver(t);
    await victim.authorize({ provider: 'env' });
    const planted = await victim.callback(search);
    expect(planted.statusCode).toBe(400);
    expect(planted.json().msg).toBe(OTHER_BROWSER);
    // No cookie at all (a browser that never started a flow, or a script elsewhere).
    const bare = await t.app.inject({ method: 'POST', url: '/sso/callback', payload: { search } });
    expect(bare.json().msg).toBe(OTHER_BROWSER);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/sso/callback',
      headers: { lang: 'ZH' },
      payload: { search },
    });
    expect(zh.json().msg).toBe(
      '此次登录不是在本浏览器中发起的，未登录也未绑定任何账号。如果是您本人发起的，请在此浏览器中重新开始',
    );
    expect(await sessionCount()).toBe(before);

    // The refusals did not spend the flow: its own browser still completes it.
    const own = await attacker.callback(search);
    expect(own.statusCode, own.body).toBe(200);
    expect(await userNameOf(data<{ token: string }>(own).token)).toBe('customer');
  });

  it('refuses it to a browser signed in as another user, which keeps its session', async () => {
    const search = await ssoDriver(t).roundTrip('mallory');
    const victim = ssoDriver(t);
    const manager = await t.login('manager', 'manager123');
    const before = await sessionCount();
    const res = await victim.callback(search, manager);
    expect(res.json().msg).toBe(OTHER_BROWSER);
    expect(await sessionCount()).toBe(before);
    expect(await userNameOf(manager)).toBe('manager');
  });

  it('sets the cookie HttpOnly and SameSite=Lax, for the flow only', async () => {
    const browser = ssoDriver(t);
    const res = await browser.authorize({ provider: 'env' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sb-sso-flow=[\w-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // A second flow in the same browser (another tab) keeps the secret, so the first tab's flow still works.
    const first = browser.cookieHeader();
    await browser.authorize({ provider: 'env' });
    expect(browser.cookieHeader()).toBe(first);
    const [flow] = await t.app.db
      .select({ browserHash: ssoFlows.browserHash })
      .from(ssoFlows)
      .where(eq(ssoFlows.state, new URL(data<{ url: string }>(res).url).searchParams.get('state') ?? ''));
    // Only the hash is stored: the database alone cannot forge the cookie.
    expect(flow?.browserHash).toMatch(/^[\w-]{43}$/);
    expect(first).not.toContain(flow?.browserHash);
  });

  it('uses the __Host- prefix and Secure over https', () => {
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => (headers[name] = value) };
    const request = { headers: {} };
    const hash = bindBrowser(
      request as unknown as FastifyRequest,
      reply as unknown as FastifyReply,
      'https://sb.example.com',
    );
    expect(headers['set-cookie']).toMatch(
      /^__Host-sb-sso-flow=[\w-]{43}; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );
    const back = { headers: { cookie: `other=1; ${headers['set-cookie']?.split(';')[0] ?? ''}` } };
    expect(browserHashOf(back as unknown as FastifyRequest, 'https://sb.example.com')).toBe(hash);
    // The unprefixed name is not read over https: a sibling subdomain could have set it.
    const plain = { headers: { cookie: `sb-sso-flow=${'a'.repeat(43)}` } };
    expect(browserHashOf(plain as unknown as FastifyRequest, 'https://sb.example.com')).toBeNull();
  });

  it("refuses another browser's /bind ticket, so nobody links someone else's identity with their own password", async () => {
    const attacker = ssoDriver(t);
    const { ticket } = data<{ ticket: string }>(await attacker.signIn('oscar'));
    const victim = ssoDriver(t);
    const info = await victim.inject({ method: 'GET', url: `/sso/ticket?ticket=${ticket}` });
    expect(info.json().msg).toBe(OTHER_BROWSER);
    const bind = await victim.inject({
      method: 'POST',
      url: '/sso/bind',
      payload: { ticket, username: 'manager', password: 'manager123' },
    });
    expect(bind.json().msg).toBe(OTHER_BROWSER);
    expect(await identitiesOf('manager')).toEqual([]);
    // In its own browser the ticket still works.
    expect((await attacker.inject({ method: 'GET', url: `/sso/ticket?ticket=${ticket}` })).statusCode).toBe(
      200,
    );
  });
});

describe('a link belongs to the session that started it (link CSRF)', () => {
  it('refuses a link completed in another browser or session, links nothing, and leaves the identity free for its owner', async () => {
    // The attacker starts linking from their own account and sends the provider's page to the victim.
    const attackerBrowser = ssoDriver(t);
    const attacker = await t.login('manager', 'manager123');
    const search = await attackerBrowser.roundTrip('vera', { provider: 'env' }, attacker);

    // The victim, signed in as display in their own browser, completes it.
    const victimBrowser = ssoDriver(t);
    const victim = await t.login('display', 'display123');
    const res = await victimBrowser.callback(search, victim);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(OTHER_BROWSER);
    // Even the attacker's own browser needs the very session that started the link: not another session
    // of the same user, nor none (a signed-out or expired console).
    const otherSession = await t.login('manager', 'manager123');
    expect((await attackerBrowser.callback(search, otherSession)).json().msg).toBe(OTHER_SESSION);
    expect((await attackerBrowser.callback(search)).json().msg).toBe(OTHER_SESSION);
    expect(await identitiesOf('manager')).toEqual([]);

    // vera can still link her identity to her own account.
    const linked = await victimBrowser.signIn('vera', { provider: 'env' }, victim);
    expect(data(linked)).toEqual({ kind: 'linked', providerName: 'Campus ID' });
    expect(await identitiesOf('display')).toEqual(['vera']);

    // And the link works for the session that started it.
    const own = await attackerBrowser.signIn('walt', { provider: 'env' }, attacker);
    expect(data(own)).toEqual({ kind: 'linked', providerName: 'Campus ID' });
    expect(await identitiesOf('manager')).toEqual(['walt']);
  });

  it('never completes a link with an API key, even one of the same user', async () => {
    const browser = ssoDriver(t);
    const session = await t.login('manager', 'manager123');
    const search = await browser.roundTrip('kate', { provider: 'env' }, session);
    const created = await as(t, session)('PUT', '/sbuilding/api-key/create', {
      name: 'link test',
      access: 'readWrite',
    });
    expect(created.statusCode, created.body).toBe(200);
    const key = data<{ key: string }>(created).key;
    expect((await browser.callback(search, key)).json().msg).toBe(OTHER_SESSION);
    // Nor may a key start one: a link minted by a key would outlive the key.
    const flows = async () => (await t.app.db.select({ n: count() }).from(ssoFlows))[0]?.n ?? 0;
    const before = await flows();
    const started = await browser.authorize({ provider: 'env' }, key);
    expect(started.statusCode).toBe(403);
    expect(await flows()).toBe(before);
    expect(await identitiesOf('manager')).not.toContain('kate');
  });
});

describe("the provider's answer and the callback's address", () => {
  it("reports the provider's error, not a state mismatch, translated where known", async () => {
    const callback = (search: string, lang: 'EN' | 'ZH' = 'EN') =>
      t.app.inject({ method: 'POST', url: '/sso/callback', headers: { lang }, payload: { search } });
    expect((await callback('?error=access_denied')).json().msg).toBe(
      'You cancelled the sign-in at the provider',
    );
    expect((await callback('?error=access_denied', 'ZH')).json().msg).toBe('您已在身份提供方取消了登录');
    expect((await callback('?error=login_required&state=whatever')).json().msg).toBe(
      'The identity provider needs you to sign in there first, please try again',
    );
    expect((await callback('?error=temporarily_unavailable')).json().msg).toBe(
      'The identity provider cannot sign you in at the moment, please try again later',
    );
    // An unknown code is named; its description (anyone can write one into a URL) is never shown.
    const other = await callback('?error=invalid_scope&error_description=Call+555-0100+to+unlock');
    expect(other.json().msg).toBe('The identity provider did not sign you in (invalid_scope)');
    expect((await callback('?error=toString')).json().msg).toBe(
      'The identity provider did not sign you in (toString)',
    );
    expect((await callback('?error=%3Cscript%3E')).json().msg).toBe(
      'The identity provider did not sign you in (?)',
    );
  });

  it('builds the redirect URI from PUBLIC_URL whatever Host or X-Forwarded-* the request carries', async () => {
    const browser = ssoDriver(t);
    const res = await browser.inject({
      method: 'POST',
      url: '/sso/authorize',
      headers: {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
      payload: { provider: 'env' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(data<{ url: string }>(res).url);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    const [flow] = await t.app.db
      .select({ redirectUri: ssoFlows.redirectUri })
      .from(ssoFlows)
      .where(eq(ssoFlows.state, url.searchParams.get('state') ?? ''));
    expect(flow?.redirectUri).toBe(REDIRECT_URI);
  });

  it('tells a browser on another address than PUBLIC_URL where single sign-on works', async () => {
    const browser = ssoDriver(t);
    const elsewhere = await browser.inject({
      method: 'POST',
      url: '/sso/authorize',
      headers: { origin: 'http://10.0.0.7:3000' },
      payload: { provider: 'env' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().msg).toBe(
      `Single sign-on works only at ${CONSOLE_URL}: open the console there and sign in again`,
    );
    const here = await browser.inject({
      method: 'POST',
      url: '/sso/authorize',
      headers: { origin: CONSOLE_URL },
      payload: { provider: 'env' },
    });
    expect(here.statusCode).toBe(200);
    // The whole way round from the right address signs in.
    const back = await signInAtIdp(data<{ url: string }>(here).url, 'mallory');
    expect(data<{ kind: string }>(await browser.callback(back.search)).kind).toBe('signedIn');
  });
});
