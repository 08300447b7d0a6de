import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenedPage } from './browser.js';
import { seriousA11yViolations } from './browser.js';

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'admin123',
  manager: 'manager123',
  customer: 'customer123',
  display: 'display123',
};

/** Fills and submits the sign-in form as a person would (captcha off on the main test server). */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORDS[username] ?? '') {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Signs in from the login page and waits until the console has left it. */
export async function signInAndWait(page: Page, baseUrl: string, username: string) {
  await page.goto(`${baseUrl}/login`);
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** The names of the top-level entries of the sidebar menu, in order. */
export async function topLevelMenu(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' }).first();
  await menu.getByRole('menuitem').first().waitFor();
  const top = menu.locator('ul[role="menu"]').first();
  const items = top.locator(':scope > li > [role="menuitem"], :scope > li[role="menuitem"]');
  return (await items.allInnerTexts()).map((s) => s.trim()).filter(Boolean);
}

/** No serious or critical axe finding on the page as it is now. */
export async function expectAccessible(page: Page, where: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Nothing left localhost, no CSP violation, no uncaught error in the page. */
export function expectNoProblems(opened: OpenedPage) {
  expect(opened.problems.outsideRequests, 'requests outside localhost').toEqual([]);
  expect(opened.problems.cspViolations, 'CSP violations').toEqual([]);
  expect(opened.problems.pageErrors, 'uncaught page errors').toEqual([]);
}
