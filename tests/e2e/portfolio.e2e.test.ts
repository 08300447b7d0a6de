import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { answered, expectAccessibleSettled, openAsManager } from './support/devices.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 22 in Chromium on a server of its own: the demo tenant's manager opens /energy/portfolio, sees the
 * demo campus and its buildings ranked (their floors have areas, so kWh/m² ranks them), ranks them by cost
 * instead, sorts the table, picks another period, and the page passes axe in both states.
 */
let browser: Browser;
let server: RunningServer;
let opened: OpenedPage | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-portfolio');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

describe('the energy portfolio', () => {
  it("ranks the tenant's buildings and compares the period with the previous one", async () => {
    const session = await openAsManager(browser, server.url, '/energy/portfolio');
    opened = session.opened;
    const { page } = session;
    await page.getByRole('heading', { name: 'Energy portfolio' }).waitFor();
    await page.getByRole('row', { name: /Demo Campus/ }).waitFor();
    await page
      .getByRole('row', { name: /Building A/ })
      .first()
      .waitFor();
    await page
      .getByRole('img', { name: /^Buildings ranked by kWh\/m², highest first: .*Building A/ })
      .waitFor();
    await expectAccessibleSettled(page, 'portfolio page');
    await screenshot(page, 'energy-portfolio');

    await page
      .getByRole('radiogroup', { name: 'Rank buildings by' })
      .getByText('Cost', { exact: true })
      .click();
    await page.getByRole('img', { name: /^Buildings ranked by Cost, highest first/ }).waitFor();
    // The table sorts by a figure column: the header says which way.
    await page.getByRole('columnheader', { name: /Peak demand/ }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Peak demand/ }).getAttribute('aria-sort'))
      .toBe('ascending');

    const year = answered(page, 'GET', '/sbuilding/energy/portfolio');
    await page.getByRole('radiogroup', { name: 'Period' }).getByText('Year', { exact: true }).click();
    const response = await year;
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).searchParams.get('period')).toBe('YEAR');
    await page
      .getByTestId('portfolio-range')
      .filter({ hasText: /-01-01 – \d{4}-12-31/ })
      .waitFor();
    await expectAccessibleSettled(page, 'portfolio page, a year');
  });
});
