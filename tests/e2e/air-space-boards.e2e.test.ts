import { describe, expect, inject, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { expectAccessibleSettled } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * The air-quality board and the space board in Chromium, on the demo campus as its manager: the thresholds in
 * words, the zones (a corridor has no air sensor: 'Air device not found'), the trend with its summary; the
 * space board's zones with PIR sensors and the heatmap; axe on each, a screenshot kept as an artefact.
 */
const baseUrl = inject('baseUrl');
const liveUrl = inject('liveUrl');

const chromium = useFileBrowser('air-space-boards');

describe('the air-quality and space boards', () => {
  it('shows the air sensors banded, the thresholds and a trend, then the zones occupancy and heatmap', async () => {
    const session = await chromium.asManager(baseUrl, '/board/air');
    const { page } = session;
    await page.getByRole('heading', { name: 'Air Quality', level: 1 }).waitFor();
    await page.getByRole('cell', { name: '≤ 800 ppm' }).waitFor({ timeout: 15_000 });
    await page.getByText('Air device not found').first().waitFor();
    // The trend of the first zone with a CO2 sensor: a chart with its summary, or 'No Data' before any reading
    // (the shared server runs no simulator).
    const trend = page.locator('.ant-card').filter({ has: page.getByText('Trend', { exact: true }) });
    const chartOrEmpty = (summary: RegExp) =>
      trend
        .getByRole('img', { name: summary })
        .or(trend.getByText('No Data', { exact: true }))
        .first();
    await chartOrEmpty(/^CO2 of .+ over the last 24 hours/).waitFor();
    await trend.getByText('7 days', { exact: true }).click();
    await chartOrEmpty(/^CO2 of .+ over the last 7 days/).waitFor();
    await screenshot(page, 'board-air');
    await expectAccessibleSettled(page, 'air board');

    await page.goto(`${baseUrl}/board/space`);
    await page.getByRole('heading', { name: 'Space', level: 1 }).waitFor();
    const table = page.getByRole('table');
    // The demo campus has PIR sensors in meeting rooms and offices: each zone is listed with its state in words.
    await table.locator('tr.ant-table-row').first().waitFor({ timeout: 15_000 });
    await table
      .getByText(/^(Occupied|Vacant|No Data)$/)
      .first()
      .waitFor();
    const heatmap = page.locator('.ant-card').filter({ has: page.getByText('Utilisation by day and hour') });
    await heatmap
      .getByRole('img', { name: /^Utilisation of All zones over the last 7 days/ })
      .or(heatmap.getByText('No Data', { exact: true }))
      .first()
      .waitFor();
    await screenshot(page, 'board-space');
    await expectAccessibleSettled(page, 'space board');
  });

  it('bands the live readings of the simulated campus and draws its occupancy heatmap', async () => {
    // The shared live server, simulator on (as `npm start` runs it): the sensors report within seconds.
    const session = await chromium.asManager(liveUrl, '/board/air');
    const { page } = session;
    await page.getByRole('heading', { name: 'Air Quality', level: 1 }).waitFor();
    const sensors = page.locator('.ant-card').filter({ has: page.getByText('Sensors', { exact: true }) });
    // A reading arrives over the socket (or with a reload of the board) and is shown with its band in words.
    await sensors
      .getByText(/^(Good|Moderate|Unhealthy)$/)
      .first()
      .waitFor({ timeout: 45_000 });
    await expectAccessibleSettled(page, 'air board with live readings');

    await page.goto(`${liveUrl}/board/space`);
    await page.getByRole('heading', { name: 'Space', level: 1 }).waitFor();
    await page
      .getByRole('table')
      .getByText(/^(Occupied|Vacant)$/)
      .first()
      .waitFor({ timeout: 30_000 });
    // The current hour's rollups make the heatmap (the board reads them when it opens, as a user reloading
    // it would): ECharts draws it on a canvas in the labelled element.
    const chart = page.getByRole('img', { name: /^Utilisation of All zones over the last 7 days/ });
    await expect
      .poll(
        async () => {
          if (await chart.isVisible()) return true;
          await page.reload();
          await page.getByRole('heading', { name: 'Space', level: 1 }).waitFor();
          return chart.isVisible();
        },
        { timeout: 45_000, intervals: [3_000] },
      )
      .toBe(true);
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, 'board-space-live');
    await expectAccessibleSettled(page, 'space board with live readings');
  });
});
