import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestIdp, type TestIdp } from '../../apps/server/src/test/oidc-provider.js';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { DEMO_PASSWORDS, expectAccessible, expectNoProblems, signIn } from './support/console.js';
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
const pages: OpenedPage[] = [];

beforeAll(async () => {
  const idpPort = await freePort();
  server = await startServer({
    OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
    OIDC_CLIENT_ID: CLIENT.client_id,
    OIDC_CLIENT_SECRET: CLIENT.client_secret,
    OIDC_NAME: 'Campus ID',
  });
  // The provider needs the console's callback, the server the provider's address: the port comes first.
  idp = await startTestIdp({
    port: idpPort,
    clients: [{ ...CLIENT, redirect_uris: [`${server.url}/auth-redirect`] }],
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

const onConsole = (path: string) => (url: URL) => url.origin === server.url && url.pathname === path;

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
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('/board/energy')}`);
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
    await page.goto(`${server.url}/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('button', { name: 'Sign in with Campus ID' }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname.startsWith('/board'));
    expect(new URL(page.url()).origin).toBe(server.url);

    await page.goto(`${server.url}/user/profile`);
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
    await page.goto(`${server.url}/auth-redirect?code=stolen&state=forged-state-0123456789`);
    await page.getByRole('alert').filter({ hasText: 'state mismatch' }).waitFor();
    await expectAccessible(page, '/auth-redirect refused');
    await page.getByRole('link', { name: 'Back to the login page' }).click();
    await page.waitForURL(onConsole('/login'));
  });
});

describe("a tenant's identity providers", LONG, () => {
  it('lets the tenant administrator add one in the console, after which the login page offers it', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/login`);
    await signIn(page, 'manager');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await page.goto(`${server.url}/buildingUser`);
    await page.getByRole('button', { name: 'Identity providers' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Identity providers' });
    await drawer.getByRole('button', { name: 'Add identity provider' }).click();
    const form = page.getByRole('dialog').filter({ hasText: 'Register ' });
    await form.getByText(`${server.url}/auth-redirect`).waitFor();
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
    await drawer.getByRole('cell', { name: 'Demo Keycloak' }).waitFor();
    await expect.poll(() => form.isVisible()).toBe(false);
    await expectAccessible(page, 'identity providers drawer');

    const visitor = await fresh();
    await visitor.goto(`${server.url}/login`);
    await visitor.getByRole('button', { name: 'Sign in with Demo Keycloak' }).waitFor();
    await visitor.getByRole('button', { name: 'Sign in with Campus ID' }).waitFor();
    await expectAccessible(visitor, 'login page with identity providers');
  });
});

describe('invited registration', LONG, () => {
  it('creates an invitation with a link and a QR code, and registers through it end to end', async () => {
    const admin = await fresh();
    await admin.goto(`${server.url}/login`);
    await signIn(admin, 'manager');
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
    await admin.goto(`${server.url}/buildingUser`);
    await admin.getByRole('button', { name: 'Invitations' }).click();
    const drawer = admin.getByRole('dialog').filter({ hasText: 'Invitations' });
    await drawer.getByRole('button', { name: 'Create invitation' }).click();
    const link = drawer.locator('.sb-invitation-link');
    await link.waitFor();
    await expect.poll(() => drawer.locator('svg').count()).toBeGreaterThan(0);
    const invitation = (await link.innerText()).trim();
    expect(invitation).toMatch(new RegExp(`^${server.url}/register\\?invitation=[\\w-]+$`));
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
    await page.waitForURL((url) => url.origin === server.url && url.pathname.startsWith('/board'));

    // Used up: the link now says so plainly.
    const again = await fresh();
    await again.goto(invitation);
    await again.getByRole('alert').filter({ hasText: 'This invitation has already been used' }).waitFor();
    await again.getByRole('link', { name: 'Back to the login page' }).waitFor();
  });

  it('says that registration is by invitation only when there is none', async () => {
    const page = await fresh();
    await page.goto(`${server.url}/register`);
    await page.getByText('Registration is by invitation only').waitFor();
    await expectAccessible(page, '/register without invitation');
  });
});
