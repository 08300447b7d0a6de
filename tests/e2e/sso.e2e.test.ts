import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { signInAtIdp, startTestIdp, type TestIdp } from '../../apps/server/src/test/oidc-provider.js';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import {
  DEMO_PASSWORDS,
  expectAccessible,
  expectNoProblems,
  signIn,
  signInAndWait,
} from './support/console.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

/**
 * Single sign-on in Chromium against a real OpenID provider (oidc-provider) started here on a free
 * loopback port: the server gets it as its platform-wide provider (OIDC_*), and the browser goes through
 * the provider's own sign-in page and back to /auth-redirect.
 */

const CLIENT = { client_id: 'sbuilding-e2e', client_secret: 'sbuilding-e2e-secret-0123456789' };
let browser: Browser;
let server: RunningServer;
let idp: TestIdp;
/** The console's address: PUBLIC_URL, where the provider sends the browser back. */
let site: string;
const pages: OpenedPage[] = [];

beforeAll(async () => {
  const idpPort = await freePort();
  // The callback is PUBLIC_URL's /auth-redirect, and the flow's cookie lives on the address the browser
  // started from: the two must be the one address the browser uses, so the port is chosen here.
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  server = await startServer({
    PORT: String(port),
    PUBLIC_URL: site,
    OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_NAME: 'Campus ID',
  });
  // The provider needs the console's callback, the server the provider's address: the port comes first.
  idp = await startTestIdp({
    port: idpPort,
    clients: [{ ...CLIENT, redirect_uris: [`${site}/auth-redirect`] }],
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await idp?.close();
  await server?.stop();
});
afterEach(async (context) => {
  for (const opened of pages.splice(0)) {
    if (context.task.result?.state === 'fail') {
      await screenshot(opened.page, `failed-sso-${context.task.name.slice(0, 50).replace(/\W+/g, '-')}`);
    }
    expectNoProblems(opened);
    await opened.context.close();
  }
});

async function fresh(): Promise<Page> {
  const opened = await openPage(browser);
  pages.push(opened);
  return opened.page;
}

const onConsole = (path: string) => (url: URL) => url.origin === site && url.pathname === path;

/** At the provider's own page: sign in there as `login`. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.getByLabel('Username').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.waitForURL(onConsole('/login'));
}

// Each test goes through two sites and several pages; on the busy two-core machine that took up to 50 s.
const LONG = { timeout: 150_000 };

describe('single sign-on', LONG, () => {
  it('signs in with the provider, binds to an existing user, signs out, signs in again directly, and unlinks', async () => {
    const page = await fresh();
    await page.goto(`${site}/login?redirect=${encodeURIComponent('/board/energy')}`);
    await page.getByRole('button', { name: 'Sign in with Campus ID' }).click();
    await signInAtProvider(page, 'alice');

    // A new identity: /bind asks for an existing account once.
    await page.waitForURL(onConsole('/bind'));
    await page.getByText('Your Campus ID identity alice@idp.example is not linked').waitFor();
    await expectAccessible(page, '/bind');
    await page.getByRole('textbox', { name: 'Username' }).fill('customer');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORDS.customer ?? '');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    // The redirect the login page was given survives the round trip.
    await page.waitForURL(onConsole('/board/energy'));
    await screenshot(page, 'sso-bound');

    await logOut(page);
    // The provider alone signs the customer in now, and a redirect to another origin is not followed.
    await page.goto(`${site}/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('button', { name: 'Sign in with Campus ID' }).click();
    await page.waitForURL((url) => url.origin === site && url.pathname.startsWith('/board'));
    expect(new URL(page.url()).origin).toBe(site);

    await page.goto(`${site}/user/profile`);
    const card = page.getByRole('heading', { name: 'Linked sign-in identities' });
    await card.waitFor();
    await page.getByText('alice@idp.example').waitFor();
    await expectAccessible(page, 'profile with a linked identity');
    await page.getByRole('button', { name: 'Unlink Campus ID' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click();
    await page.getByText('No identity provider is linked to your account').waitFor();
  });

  it('refuses a forged callback on /auth-redirect, saying so with a way back to the login page', async () => {
    const page = await fresh();
    await page.goto(`${site}/auth-redirect?code=stolen&state=forged-state-0123456789`);
    await page.getByRole('alert').filter({ hasText: 'state mismatch' }).waitFor();
    await expectAccessible(page, '/auth-redirect refused');
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await page.waitForURL(onConsole('/login'));
  });
});

describe("a tenant's identity providers", LONG, () => {
  it('lets the tenant administrator add one in the console, after which the login page offers it', async () => {
    const page = await fresh();
    await page.goto(`${site}/login`);
    await signIn(page, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await page.goto(`${site}/buildingUser`);
    await page.getByRole('button', { name: 'Identity providers' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Identity providers' });
    await drawer.getByRole('button', { name: 'Add identity provider' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Register ' });
    await form.getByText(`${site}/auth-redirect`).waitFor();
    await form.getByLabel('Name').fill('Demo Keycloak');
    await form.getByLabel('Issuer').fill('http://idp.example.com');
    await form.getByLabel('Client ID').fill(CLIENT.client_id);
    await form.getByLabel('Client secret').fill(CLIENT.client_secret);
    await form.getByRole('button', { name: 'Save' }).click();
    // An http:// issuer off this machine is refused beside the field.
    await form.getByText('The address must start with https:// (http:// only for localhost)').waitFor();
    await form.getByLabel('Issuer').fill(idp.issuer);
    await expect.poll(() => form.getByText('The address must start with').count()).toBe(0);
    await expectAccessible(page, 'identity provider form');
    await form.getByRole('button', { name: 'Save' }).click();
    await drawer.getByRole('cell', { name: 'Demo Keycloak', exact: true }).waitFor();
    await expect.poll(() => form.isVisible()).toBe(false);
    await expectAccessible(page, 'identity providers drawer');

    // The login page names no tenant's provider to a visitor; the administrator hands out its sign-in link.
    await drawer.getByRole('button', { name: 'Sign-in link for Demo Keycloak' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Sign-in link for Demo Keycloak' });
    const shown = linkDialog.locator('.sb-provider-login-link');
    await shown.waitFor();
    await expect.poll(() => linkDialog.locator('svg').count()).toBeGreaterThan(0);
    const loginLink = (await shown.innerText()).trim();
    expect(loginLink).toMatch(new RegExp(`^${site}/login\\?sso=\\d+\\.[\\w-]{16}$`));
    await expectAccessible(page, 'sign-in link dialog');
    await linkDialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    const visitor = await fresh();
    await visitor.goto(`${site}/login`);
    await visitor.getByRole('button', { name: 'Sign in with Campus ID' }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Sign in with Demo Keycloak' }).count()).toBe(0);
    await visitor.goto(loginLink);
    await visitor.getByRole('button', { name: 'Sign in with Demo Keycloak' }).waitFor();
    await visitor.getByRole('button', { name: 'Sign in with Campus ID' }).waitFor();
    await expectAccessible(visitor, 'login page with identity providers');
  });
});

describe('invited registration', LONG, () => {
  it('creates an invitation with a link and a QR code, and registers through it end to end', async () => {
    const admin = await fresh();
    await admin.goto(`${site}/login`);
    await signIn(admin, 'manager');
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await admin.goto(`${site}/buildingUser`);
    await admin.getByRole('button', { name: 'Invitations' }).click();
    const drawer = admin.getByRole('dialog').filter({ hasText: 'Invitations' });
    await drawer.getByRole('button', { name: 'Create invitation' }).click();
    const link = drawer.locator('.sb-invitation-link');
    await link.waitFor();
    await expect.poll(() => drawer.locator('svg').count()).toBeGreaterThan(0);
    const invitation = (await link.innerText()).trim();
    expect(invitation).toMatch(new RegExp(`^${site}/register\\?invitation=[\\w-]+$`));
    await drawer.getByRole('cell', { name: 'Pending' }).waitFor();
    await screenshot(admin, 'sso-invitation');

    const page = await fresh();
    await page.goto(invitation);
    await page.getByText('You are invited to Demo Tenant as Customer.').waitFor();
    await expectAccessible(page, '/register');
    await page.getByRole('textbox', { name: 'Username' }).fill('invitee');
    await page.getByLabel('Password', { exact: true }).fill('invitee123');
    await page.getByLabel('Confirm password').fill('invitee124');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Passwords is different').waitFor();
    await page.getByLabel('Confirm password').fill('invitee123');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL((url) => url.origin === site && url.pathname.startsWith('/board'));

    // Used up: the link now says so plainly.
    const again = await fresh();
    await again.goto(invitation);
    await again.getByRole('alert').filter({ hasText: 'This invitation has already been used' }).waitFor();
    await again.getByRole('link', { name: 'Back to the login page' }).waitFor();
  });

  it('says that registration is by invitation only when there is none', async () => {
    const page = await fresh();
    await page.goto(`${site}/register`);
    await page.getByText('Registration is by invitation only').waitFor();
    await expectAccessible(page, '/register without invitation');
  });
});

/** A call of the API as a script makes it, outside any browser (the server has the captcha off). */
async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${site}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

const tokenOf = async (username: string, password: string) =>
  (await api<{ token: string }>('POST', '/login', { username, password })).token;

/** Who the browser of `page` is signed in as: its session cookie's user, '' without one. */
async function signedInAs(page: Page): Promise<string> {
  const token = (await page.context().cookies(site)).find((c) => c.name === 'Admin-Token')?.value;
  if (!token) return '';
  return (await api<{ user: { userName: string } }>('GET', '/getInfo', undefined, token)).user.userName;
}

const identityLabels = async (token: string) =>
  (
    await api<{ identities: { identityLabel: string }[] }>('GET', '/sso/identities', undefined, token)
  ).identities.map((i) => i.identityLabel);

/**
 * Links `login` at the provider to the account of `token` the way the console does, without a browser:
 * the link's flow cookie and the session go along to the callback.
 */
async function linkWithoutBrowser(token: string, login: string) {
  const started = await fetch(`${site}/sso/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ provider: 'env' }),
  });
  const [cookie = ''] = started.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const { data } = (await started.json()) as { data: { url: string } };
  const back = await signInAtIdp(data.url, login);
  const done = await fetch(`${site}/sso/callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, cookie },
    body: JSON.stringify({ search: back.search }),
  });
  expect(((await done.json()) as { data: unknown }).data).toEqual({
    kind: 'linked',
    providerName: 'Campus ID',
  });
}

/**
 * Keeps the URL a page is about to open and shows a blank page instead: someone stopping to share it. Only
 * for a navigation the page starts itself (redirects are followed by the browser, unseen by the route).
 */
async function keepNextUrl(page: Page, matches: (url: URL) => boolean): Promise<() => string> {
  let kept = '';
  await page.route(matches, (route) => {
    kept = route.request().url();
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Kept</title>' });
  });
  return () => kept;
}

const NOT_THIS_BROWSER = 'This sign-in was not started in this browser';

describe('sign-in flows bound to the browser that started them', LONG, () => {
  let mallory: string;

  beforeAll(async () => {
    // Mallory administers another tenant, and her provider identity signs her in there.
    const admin = await tokenOf('admin', DEMO_PASSWORDS.admin ?? '');
    await api(
      'PUT',
      '/sbuilding/tenant/create',
      { name: 'Other Tenant', admin: { userName: 'mallory', nickName: 'Mallory', password: 'mallory123' } },
      admin,
    );
    mallory = await tokenOf('mallory', 'mallory123');
    await linkWithoutBrowser(mallory, 'mallory');
  });

  it("keeps a browser signed in as manager when it opens a sign-in made in someone else's browser (login CSRF)", async () => {
    // Mallory starts a sign-in from her own machine, signs in at the provider, and keeps the callback URL
    // the provider sends her back with instead of opening it.
    const started = await fetch(`${site}/sso/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'env' }),
    });
    const { data } = (await started.json()) as { data: { url: string } };
    const planted = await signInAtIdp(data.url, 'mallory');
    expect(planted.href).toMatch(new RegExp(`^${site}/auth-redirect\\?.*code=`));

    const victim = await fresh();
    await signInAndWait(victim, site, 'manager');
    await victim.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await victim.goto(planted.href);
    await victim.getByRole('alert').filter({ hasText: NOT_THIS_BROWSER }).waitFor();
    await expectAccessible(victim, "/auth-redirect refusing another browser's sign-in");
    expect(await signedInAs(victim)).toBe('manager');
    await victim.getByRole('link', { name: 'Back to your profile' }).click();
    await victim.waitForURL(onConsole('/user/profile'));
    expect(await signedInAs(victim)).toBe('manager');
  });

  it('asks a signed-in browser before its own sign-in switches it to another account, and stays on "Stay"', async () => {
    // One tab goes to the provider; meanwhile another tab of the same browser signs in as manager.
    const providerTab = await fresh();
    await providerTab.goto(`${site}/login`);
    await providerTab.getByRole('button', { name: 'Sign in with Campus ID' }).click();
    await providerTab.waitForURL((url) => url.origin === idp.issuer);
    const consoleTab = await providerTab.context().newPage();
    await signInAndWait(consoleTab, site, 'manager');
    await consoleTab.close();

    await signInAtProvider(providerTab, 'mallory');
    await providerTab.getByRole('heading', { name: 'Switch account?' }).waitFor();
    await providerTab
      .getByText('You are signed in as Manager (manager). Sign in as Mallory (mallory) instead?')
      .waitFor();
    await expectAccessible(providerTab, 'the question before switching accounts');
    await screenshot(providerTab, 'sso-switch-question');
    await providerTab.getByRole('button', { name: 'Stay signed in as Manager (manager)' }).click();
    await providerTab.waitForURL((url) => url.origin === site && url.pathname !== '/auth-redirect');
    expect(await signedInAs(providerTab)).toBe('manager');
  });

  it('links nothing when someone completes a link another person started, and the identity stays free for its owner (link CSRF)', async () => {
    // Mallory starts linking from her profile and keeps the provider's address to send to someone.
    const attacker = await fresh();
    await attacker.goto(`${site}/login`);
    await signIn(attacker, 'mallory', 'mallory123');
    await attacker.waitForURL((url) => !url.pathname.startsWith('/login'));
    await attacker.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await attacker.goto(`${site}/user/profile`);
    const providerPage = await keepNextUrl(attacker, (url) => url.origin === idp.issuer);
    await attacker.getByRole('button', { name: 'Link Campus ID', exact: true }).click();
    await expect.poll(providerPage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\?/);

    // Vera, signed in as manager, follows it and signs in at the provider as herself.
    const victim = await fresh();
    await signInAndWait(victim, site, 'manager');
    await victim.goto(providerPage());
    await signInAtProvider(victim, 'vera');
    await victim.waitForURL(onConsole('/auth-redirect'));
    await victim.getByRole('alert').filter({ hasText: NOT_THIS_BROWSER }).waitFor();
    expect(await identityLabels(mallory)).toEqual(['mallory@idp.example']);

    // Her identity is still hers to link, from her own profile.
    await victim.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await victim.goto(`${site}/user/profile`);
    await victim.getByRole('button', { name: 'Link Campus ID', exact: true }).click();
    // The provider remembers her and may send her straight back, or ask again.
    await victim.waitForURL((url) => url.origin === idp.issuer || url.pathname === '/auth-redirect');
    if (new URL(victim.url()).origin === idp.issuer) await signInAtProvider(victim, 'vera');
    await victim.getByText('vera@idp.example').waitFor();
    expect(await signedInAs(victim)).toBe('manager');
    expect(await identityLabels(mallory)).toEqual(['mallory@idp.example']);
  });
});
