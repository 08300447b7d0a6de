import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser.js';
import { expectAccessible, expectNoProblems, signIn } from './support/console.js';

const captchaUrl = inject('captchaUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('shows a captcha that changes on click and refuses a wrong answer, staying on the sign-in page', async () => {
  const opened = await openPage(browser);
  const { page } = opened;
  await page.goto(`${captchaUrl}/login`);
  const image = page.getByRole('img', { name: 'captcha' });
  await image.waitFor();
  const first = await image.getAttribute('src');
  expect(first).toMatch(/^data:image\/svg\+xml/);
  await page.getByRole('button', { name: 'Show another captcha' }).click();
  await expect.poll(() => image.getAttribute('src')).not.toBe(first);
  await expectAccessible(page, 'login page with captcha');

  await page.getByLabel('Verification code').fill('zzzz');
  await signIn(page, 'customer');
  await expect.poll(() => page.getByText('Wrong verification code').first().isVisible()).toBe(true);
  expect(new URL(page.url()).pathname).toBe('/login');
  expectNoProblems(opened);
  await opened.context.close();
});
