import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser.js';
import { signInAndWait } from './support/console.js';
import { chooseDemoCampus, expectAccessibleSettled } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * The platform overview and the display dashboard in Chromium, on the demo campus: the figures, the buildings
 * pinned on the bundled dark map (drawn by ECharts on a canvas, no tile fetched), the dashboard's dark page and
 * its full screen; as the project manager and as a display screen; axe on each.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('overview');

/** The scripts and stylesheets this document loaded whose URL matches. */
function loadedChunks(page: Page, pattern: RegExp): Promise<string[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => new RegExp(source).test(name)),
    pattern.source,
  );
}

describe('the platform overview and the dashboard', () => {
  it('shows the demo campus on the map with its figures, then the dashboard full screen, as manager', async () => {
    const session = await chromium.asManager(baseUrl, '/board/index');
    const { page } = session;
    await page.getByRole('heading', { name: 'Platform overview' }).waitFor();
    await page.getByRole('list', { name: 'Figures at a glance' }).waitFor();
    const map = page.getByRole('img', {
      name: /^Map of \d+ buildings: Building A, \d+ of \d+ devices online; Building B/,
    });
    await map.waitFor();
    // ECharts draws the map on a canvas inside the labelled element.
    expect(await map.locator('canvas').count()).toBeGreaterThan(0);
    // Without MAP_STYLE_URL MapLibre's chunk (the vector map) is never loaded.
    expect(await loadedChunks(page, /vector-map/)).toEqual([]);
    await page
      .getByRole('table', { name: 'Buildings of the project with their devices online and offline' })
      .getByRole('cell', { name: 'Building B', exact: true })
      .waitFor();
    await screenshot(page, 'board-overview');
    await expectAccessibleSettled(page, 'platform overview');

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Figures at a glance' }).waitFor();
    const header = page.locator('.sb-header-dark');
    expect(await header.count()).toBe(1);
    await page.getByRole('button', { name: 'Dashboard full screen' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.className ?? ''))
      .toContain('sb-dashboard');
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    await screenshot(page, 'dashboard-fullscreen');
    await expectAccessibleSettled(page, 'dashboard full screen');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });

  it('shows both pages to a display screen, read-only', async () => {
    const opened = chromium.track(await openPage(chromium.browser()));
    const { page } = opened;
    await signInAndWait(page, baseUrl, 'display');
    await chooseDemoCampus(page, baseUrl);

    await page.goto(`${baseUrl}/board/index`);
    await page.getByRole('heading', { name: 'Platform overview' }).waitFor();
    await page.getByRole('img', { name: /^Map of \d+ buildings/ }).waitFor();
    await expectAccessibleSettled(page, 'platform overview as display');

    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('list', { name: 'Figures at a glance' }).waitFor();
    expect(await page.locator('.sb-dashboard').getByRole('switch').count()).toBe(0);
    await screenshot(page, 'dashboard-display');
    await expectAccessibleSettled(page, 'dashboard as display');
  });
});
