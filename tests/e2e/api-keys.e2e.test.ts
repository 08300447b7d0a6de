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
      await screenshot(opened.page, `failed-api-keys-${context.task.name.slice(0, 50).replace(/\W+/g, '-')}`);
    }
    expectNoProblems(opened);
    await opened.context.close();
  }
});

async function signedIn(username: string): Promise<Page> {
  const opened = await openPage(browser);
  pages.push(opened);
  const { page } = opened;
  await page.goto(`${baseUrl}/login`);
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.evaluate(() => sessionStorage.setItem('guideSkipped', 'true'));
  return page;
}

/** axe once dialogs have finished opening: mid-animation their half-faded buttons read as low contrast. */
async function expectAccessibleNow(page: Page, where: string) {
  const moving = page.locator(
    '[class*="zoom-appear"], [class*="zoom-enter"], [class*="fade-appear"], [class*="fade-enter"]',
  );
  await expect.poll(() => moving.count()).toBe(0);
  await expectAccessible(page, where);
}

/** What a machine does with the key: a call with nothing but the key. */
async function callWith(key: string): Promise<number> {
  const res = await fetch(`${baseUrl}/sbuilding/project/getList`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status;
}

const keyName = `e2e-${Date.now().toString(36).slice(-5)}`;

describe('API keys on the profile page', () => {
  it('creates a key shown once that works without a session, lists its last use, and revokes it at once', async () => {
    const page = await signedIn('manager');
    await page.goto(`${baseUrl}/user/profile`);
    await page.getByRole('tab', { name: 'API keys' }).click();
    await page.getByRole('button', { name: 'New API key' }).click();
    const form = page.getByRole('dialog', { name: 'New API key' });
    await form.getByLabel('Name').fill(keyName);
    await expectAccessibleNow(page, 'new API key dialog');
    await form.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = (await shown.locator('code').innerText()).trim();
    expect(key).toMatch(/^sbk_/);
    await expectAccessibleNow(page, 'new key dialog');
    await screenshot(page, 'api-key-created');
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    expect(await callWith(key)).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'API keys' }).click();
    const row = page.getByRole('row').filter({ hasText: keyName });
    await expect.poll(() => row.getByText(/127\.0\.0\.1|::1/).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'API keys tab');

    await row.getByRole('button', { name: `Revoke ${keyName}` }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await callWith(key)).toBe(401);
  });
});
