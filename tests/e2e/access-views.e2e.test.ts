import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser.js';
import { expectAccessible, expectNoProblems, signInAndWait } from './support/console.js';
import { openAsManager, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Issue 32 in Chromium: the console offers only what the server accepts. A customer opens a group read-only,
 * told why, with no Save; a page it may not see at all is the 401 page, not a refused call and an empty page.
 */

const baseUrl = inject('baseUrl');
const chromium = useFileBrowser('access');

/** The calls the server refused while the page was open. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(new URL(r.url()).pathname);
  });
  return refused;
}

describe('the console follows the access policy', () => {
  it('shows a customer a group read-only, saying why, with no Save and nothing serious for axe', async () => {
    // The project administrator makes a group of one light (the demo campus has no group of its own).
    const manager = await openAsManager(chromium.browser(), baseUrl, '/deviceGroup');
    const lights = await manager.api.call<{ rows: { id: number }[] }>('POST', '/sbuilding/device/getList', {
      projectId: manager.projectId,
      category: 'light',
      pageNum: 1,
      pageSize: 1,
    });
    const name = `E2E ${runTag()} read-only`;
    const group = await manager.api.call<{ id: number }>('PUT', '/sbuilding/group/create', {
      projectId: manager.projectId,
      name,
      status: '0',
      deviceIds: lights.rows.map((d) => d.id),
    });
    expectNoProblems(manager.opened);
    await manager.opened.context.close();

    const opened = chromium.track(await openPage(chromium.browser()));
    const { page } = opened;
    const refused = refusedCalls(page);
    await signInAndWait(page, baseUrl, 'customer');
    await page.goto(`${baseUrl}/group/edit?id=${group.id}`);
    await page.getByRole('heading', { name: 'GroupEdit', level: 1 }).waitFor();
    const field = page.getByLabel('Group name', { exact: true });
    await expect.poll(() => field.inputValue()).toBe(name);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        "You can look at this group but not change it: changing devices and groups is for the project's administrators.",
      );
    expect(await field.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(refused).toEqual([]);
    await screenshot(page, 'group-edit-read-only');
    await expectAccessible(page, 'group edit page read-only as customer');
  });

  it("shows a customer the 401 page for the code generator's edit page, and the server refuses nothing", async () => {
    const opened = chromium.track(await openPage(chromium.browser()));
    const { page } = opened;
    const refused = refusedCalls(page);
    await signInAndWait(page, baseUrl, 'customer');
    await page.goto(`${baseUrl}/gen/edit/1`);
    await page.getByRole('heading', { name: '401', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/401');
    expect(refused).toEqual([]);
  });
});
