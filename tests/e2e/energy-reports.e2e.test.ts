import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { answered, expectAccessibleSettled, openAsManager, runTag } from './support/devices.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 22, share links in Chromium: a manager creates a share link of last month's energy report on
 * /energy/reports and copies it; a fresh browser context with no session opens it and sees the report and
 * nothing else; revoked, the same link reads as gone.
 */
let browser: Browser;
let server: RunningServer;
const opened: OpenedPage[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startServer()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
afterEach(async (context) => {
  for (const o of opened.splice(0)) {
    if (context.task.result?.state === 'fail') await screenshot(o.page, 'failed-energy-reports');
    expectNoProblems(o);
    await o.context.close();
  }
});

describe('energy reports and share links', () => {
  it('creates a share link that opens without a session, and revokes it', async () => {
    const session = await openAsManager(browser, server.url, '/energy/reports');
    opened.push(session.opened);
    const { page } = session;
    await page.getByRole('heading', { name: 'Reports and sharing', level: 1 }).waitFor();
    // Empty states: nothing scheduled, nothing sent, nothing shared yet.
    await page.getByText('No scheduled reports yet.', { exact: false }).waitFor();
    await page.getByText('Nothing sent yet.').waitFor();
    await page.getByText('No share links yet.').waitFor();
    await expectAccessibleSettled(page, 'reports page, empty');

    const label = `E2E landlord ${runTag()}`;
    await page.getByRole('button', { name: 'Create share link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create share link' });
    await dialog.getByLabel('Label').fill(label);
    await expectAccessibleSettled(page, 'share link form');
    const created = answered(page, 'POST', '/sbuilding/energy/report/share');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    const shown = page.getByRole('dialog', { name: 'Share link created' });
    const url = await shown.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(url).toMatch(new RegExp(`^${server.url}/share/[A-Za-z0-9_-]{43}$`));
    await expectAccessibleSettled(page, 'share link created');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row', { name: new RegExp(label) });
    await row.getByText('Active').waitFor();
    await screenshot(page, 'energy-reports');

    // A fresh context: no token, no cookies.
    const visitor = await openPage(browser);
    opened.push(visitor);
    const view = answered(visitor.page, 'GET', /^\/sbuilding\/public\/share\//);
    await visitor.page.goto(url);
    expect((await view).status()).toBe(200);
    await visitor.page.getByRole('heading', { name: /^Energy report: /, level: 1 }).waitFor();
    await visitor.page.getByText(/Read-only view shared from sbuilding, valid until/).waitFor();
    await visitor.page.getByText('By building').waitFor();
    // Only the report: no menu, no navbar, no sign-in page.
    expect(visitor.page.url()).toBe(url);
    expect(await visitor.page.getByRole('menu').count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: /Log out/ }).count()).toBe(0);
    await expectAccessibleSettled(visitor.page, 'shared report');
    await screenshot(visitor.page, 'energy-report-shared');

    // Revoked: the same link is gone.
    await row.getByRole('button', { name: `Revoke ${label}` }).click();
    const revoked = answered(page, 'POST', /\/revoke$/);
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    expect((await revoked).status()).toBe(200);
    await row.getByText('Revoked').waitFor();
    const again = answered(visitor.page, 'GET', /^\/sbuilding\/public\/share\//);
    await visitor.page.reload();
    expect((await again).status()).toBe(404);
    await visitor.page.getByText('Link not available').waitFor();
    await expectAccessibleSettled(visitor.page, 'revoked link');
  });
});
