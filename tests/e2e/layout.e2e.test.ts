import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectAccessible, expectNoProblems, signInAndWait } from './support/console.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let opened: OpenedPage | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  if (opened) {
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

it('turns the tags view on from the layout settings, keeps it after a reload, and closes a visited tag', async () => {
  opened = await openPage(browser);
  const { page } = opened;
  await signInAndWait(page, baseUrl, 'customer');
  await page.getByRole('button', { name: /Account menu of/ }).click();
  await page.getByRole('menuitem', { name: 'Layout settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Layout settings' });
  await drawer.waitFor();
  // The account menu fades out while the drawer opens; axe would measure its half-transparent items.
  await page.getByRole('menuitem', { name: 'Layout settings' }).waitFor({ state: 'hidden' });
  await expectAccessible(page, 'settings drawer');
  await screenshot(page, 'settings-drawer');
  await drawer.getByRole('switch', { name: 'Show tags view' }).click();
  await drawer.getByRole('button', { name: 'Close' }).click();

  const tags = page.getByRole('navigation', { name: 'Visited pages' });
  await tags.waitFor();
  await page.goto(`${baseUrl}/board/air`);
  await expect.poll(() => tags.getByRole('link', { name: 'Air Quality' }).isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => page.getByRole('navigation', { name: 'Visited pages' }).isVisible()).toBe(true);
  await expectAccessible(page, 'tags view');

  await page.getByRole('button', { name: 'Close Air Quality' }).click();
  await expect.poll(() => tags.getByRole('link', { name: 'Air Quality' }).count()).toBe(0);
});

it('finds a page by a fuzzy title in the header search and goes there', async () => {
  opened = await openPage(browser);
  const { page } = opened;
  await signInAndWait(page, baseUrl, 'customer');
  const search = page.getByRole('combobox', { name: 'Search pages' });
  await search.click();
  await search.fill('enrgy');
  await page
    .getByRole('option', { name: /Energy/ })
    .first()
    .click();
  await page.waitForURL(`${baseUrl}/board/energy`);
});
