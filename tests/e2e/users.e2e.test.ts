import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectAccessible, expectNoProblems, signIn } from './support/console.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
const pages: OpenedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (context) => {
  for (const opened of pages.splice(0)) {
    if (context.task.result?.state === 'fail') {
      await screenshot(opened.page, `failed-users-${context.task.name.slice(0, 50).replace(/\W+/g, '-')}`);
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

/** Signs in and leaves the sign-in page; a project admin is let past the guide for this visit. */
async function signedIn(username: string, password?: string): Promise<Page> {
  const page = await fresh();
  await page.goto(`${baseUrl}/login`);
  await signIn(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
  return page;
}

async function openUsers(page: Page) {
  await page.goto(`${baseUrl}/buildingUser`);
  await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
  await page.getByRole('cell', { name: 'manager', exact: true }).waitFor();
}

/** axe once dialogs have finished opening: mid-animation their half-faded buttons read as low contrast. */
async function expectAccessibleNow(page: Page, where: string) {
  const moving = page.locator(
    '[class*="zoom-appear"], [class*="zoom-enter"], [class*="fade-appear"], [class*="fade-enter"]',
  );
  await expect.poll(() => moving.count()).toBe(0);
  await expectAccessible(page, where);
}

async function visible(page: Page, text: string) {
  await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
}

// Unique per run: usernames stay taken after deletion, and the e2e server's database lives for the run.
const suffix = Date.now().toString(36).slice(-5);
const customerName = `cust_${suffix}`;
const customerPassword = 'secret-123';

describe('user administration', () => {
  it('lets a project admin add a customer, with the section 5 messages next to the fields', async () => {
    const page = await signedIn('manager');
    await openUsers(page);
    await expectAccessible(page, 'users page');
    await screenshot(page, 'users-list');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Username').waitFor();
    await expectAccessibleNow(page, 'add user dialog');

    await dialog.getByLabel('Username').fill(customerName);
    await dialog.getByLabel('Nickname').fill('E2E Customer');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('123');
    await visible(page, 'Please enter a correct email address');
    await visible(page, 'Password length must be between 6 and 20 characters');
    await dialog.getByLabel('Password', { exact: true }).fill(customerPassword);
    await dialog.getByLabel('Confirm password').fill('secret-124');
    await visible(page, 'Passwords is different');
    await screenshot(page, 'users-create-errors');

    // Nothing is sent while the form is wrong.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await dialog.getByLabel('Email').fill('customer@example.com');
    await dialog.getByLabel('Confirm password').fill(customerPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'User added');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByRole('row').filter({ hasText: customerName });
    await expect.poll(() => row.getByText('Customer', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'users-created');

    // Sign out, and in as the new user: a customer lands on the board.
    await page.getByRole('button', { name: /Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, customerName, customerPassword);
    await page.waitForURL(`${baseUrl}/board/index`);
  });

  it('blacklists the customer behind a confirm, after which it cannot sign in', async () => {
    const page = await signedIn('manager');
    await openUsers(page);
    await page.getByRole('switch', { name: `Blacklist ${customerName}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Blacklist ${customerName}?` });
    await visible(
      page,
      "The user's sessions end at once and it cannot sign in until the blacklist is lifted.",
    );
    await expectAccessibleNow(page, 'blacklist confirm');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await visible(page, `${customerName} is blacklisted`);
    await expect
      .poll(() =>
        page.getByRole('switch', { name: `Blacklist ${customerName}` }).getAttribute('aria-checked'),
      )
      .toBe('true');

    const other = await fresh();
    await other.goto(`${baseUrl}/login`);
    await signIn(other, customerName, customerPassword);
    // The server answers 403 auth.userDisabled; the console shows section 8's text for 403.
    await visible(other, 'This account is disabled, please contact the administrator');
    expect(new URL(other.url()).pathname).toBe('/login');
  });

  it('opens the edit and reset-password dialogs with the username fixed and the password rules', async () => {
    const page = await signedIn('manager');
    await openUsers(page);
    await page.getByRole('button', { name: 'Edit customer', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await expect.poll(() => edit.getByLabel('Username').isEditable()).toBe(false);
    expect(await edit.getByLabel('Username').inputValue()).toBe('customer');
    await expectAccessibleNow(page, 'edit user dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Reset password of customer', exact: true }).click();
    const reset = page.getByRole('dialog', { name: 'Reset the password of customer' });
    await reset.getByLabel('Password', { exact: true }).waitFor();
    await expectAccessibleNow(page, 'reset password dialog');
    await reset.getByLabel('Password', { exact: true }).fill('secret-1');
    await reset.getByLabel('Confirm password').fill('secret-2');
    await visible(page, 'Passwords is different');
    await screenshot(page, 'users-reset-password');
    await reset.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => reset.isVisible()).toBe(false);
  });

  it('shows the server refusal when a project admin deletes its own account', async () => {
    const page = await signedIn('manager');
    await openUsers(page);
    await page.getByRole('button', { name: 'Delete manager', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await visible(page, 'You cannot delete your own account');
    await expect.poll(() => page.getByRole('cell', { name: 'manager', exact: true }).isVisible()).toBe(true);
  });

  it('sends a customer who opens /buildingUser to /401', async () => {
    const page = await signedIn('customer');
    await page.goto(`${baseUrl}/buildingUser`);
    await page.waitForURL(`${baseUrl}/401`);
    await expectAccessible(page, '401 page');
  });
});

describe('tenants', () => {
  const tenantName = `E2E Tenant ${suffix}`;
  const adminName = `tadmin_${suffix}`;

  it('lets the admin add a tenant with its first administrator, who then signs in to the guide', async () => {
    const page = await signedIn('admin');
    await page.goto(`${baseUrl}/tenant`);
    await page.getByRole('heading', { name: 'Tenants', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'Demo Tenant', exact: true }).waitFor();
    await expectAccessible(page, 'tenants page');
    await screenshot(page, 'tenants-list');

    await page.getByRole('button', { name: 'Add tenant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tenant' });
    await dialog.getByLabel('Tenant name').waitFor();
    await expectAccessibleNow(page, 'add tenant dialog');
    await dialog.getByLabel('Tenant name').fill(tenantName);
    await dialog.getByLabel('Contact name').fill('Zhang San');
    await dialog.getByLabel('Contact phone').fill('13800138000');
    await dialog.getByLabel('Username').fill(adminName);
    await dialog.getByLabel('Nickname').fill('Tenant Admin');
    await dialog.getByLabel('Password', { exact: true }).fill('tadmin-123');
    await dialog.getByLabel('Confirm password').fill('tadmin-124');
    await visible(page, 'Passwords is different');
    await dialog.getByLabel('Confirm password').fill('tadmin-123');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page, `Tenant ${tenantName} added`);
    const row = page.getByRole('row').filter({ hasText: tenantName });
    await expect.poll(() => row.getByText(adminName).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Active', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'tenants-created');

    // The admin sees every tenant's users and can narrow them to one department.
    await page.goto(`${baseUrl}/buildingUser`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await expectAccessible(page, 'users page as admin');
    const filters = page.getByRole('search', { name: 'Filter users' });
    await filters.getByLabel('Department').click();
    await filters.getByLabel('Department').fill(tenantName);
    await page.keyboard.press('Enter');
    await filters.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.getByRole('cell', { name: adminName, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'manager', exact: true }).count()).toBe(0);
    await screenshot(page, 'users-admin-filtered');

    const other = await fresh();
    await other.goto(`${baseUrl}/login`);
    await signIn(other, adminName, 'tadmin-123');
    await other.waitForURL(`${baseUrl}/guide`);
  });

  it('refuses to delete a tenant that holds users, with the server message', async () => {
    const page = await signedIn('admin');
    await page.goto(`${baseUrl}/tenant`);
    await page.getByRole('button', { name: 'Delete Demo Tenant', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() =>
        page
          .getByText(/still holds users, projects or files/)
          .first()
          .isVisible(),
      )
      .toBe(true);
  });

  it('asks before disabling a tenant, saying its users are signed out', async () => {
    const page = await signedIn('admin');
    await page.goto(`${baseUrl}/tenant`);
    await page.getByRole('button', { name: `Edit ${tenantName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit tenant' });
    await dialog.getByLabel('Disabled').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(
      page,
      'Every user of this tenant is signed out at once and cannot sign in until the tenant is active again.',
    );
    await expectAccessibleNow(page, 'disable tenant confirm');
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await visible(page, `Tenant ${tenantName} saved`);
    const row = page.getByRole('row').filter({ hasText: tenantName });
    await expect.poll(() => row.getByText('Disabled', { exact: true }).isVisible()).toBe(true);
  });
});
