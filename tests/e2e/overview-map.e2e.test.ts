import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { expectAccessibleSettled, openAsManager } from './support/devices.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The overview map on a vector-tile style (MAP_STYLE_URL) in Chromium: a style served by a local test server
 * (another origin on 127.0.0.1, with CORS, as a tile server would be; what it draws is a GeoJSON source, its
 * vector tiles are missing and it has no glyphs), drawn by MapLibre GL under the dark rules, and the offline map with a notice when the style fails.
 * Headless Chromium here has WebGL (SwiftShader); a browser without it would take the fallback path.
 */

/** A white background the dark rules must repaint, a motorway, and a vector source whose tiles are missing. */
const STYLE = {
  version: 8,
  name: 'e2e-local',
  sources: {
    // Tiles named relative to the style (read against its URL, not the page's); the server has none (404).
    openmaptiles: { type: 'vector', tiles: ['tiles/{z}/{x}/{y}.pbf'], maxzoom: 14 },
    local: {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { class: 'motorway' },
            geometry: {
              type: 'LineString',
              coordinates: [
                [121.3, 31.1],
                [121.9, 31.3],
              ],
            },
          },
        ],
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#ffffff' } },
    {
      id: 'road_motorway',
      type: 'line',
      source: 'openmaptiles',
      'source-layer': 'transportation',
      filter: ['==', 'class', 'motorway'],
    },
    { id: 'road', type: 'line', source: 'local', paint: { 'line-color': '#ff0000', 'line-width': 4 } },
  ],
};

let styleServer: http.Server;
let styleOk = true;
const styleRequests: string[] = [];
let server: RunningServer;
let browser: Browser;
let opened: OpenedPage | undefined;

beforeAll(async () => {
  styleServer = http.createServer((req, res) => {
    styleRequests.push(req.url ?? '');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.url === '/style.json' && styleOk) {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(STYLE));
    } else {
      // No such tile (404), or the style switched off (503).
      res.statusCode = req.url?.startsWith('/tiles/') ? 404 : 503;
      res.end('unavailable');
    }
  });
  await new Promise<void>((resolve) => styleServer.listen(0, '127.0.0.1', resolve));
  const { port } = styleServer.address() as AddressInfo;
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ MAP_STYLE_URL: `http://127.0.0.1:${port}/style.json` }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => styleServer?.close(resolve));
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-overview-map');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

/** The colour of one pixel of an element's screenshot, read back in the page. */
async function pixel(page: Page, selector: string, x: number, y: number): Promise<number[]> {
  const png = (await page.locator(selector).screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, x, y }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.drawImage(img, 0, 0);
      return Array.from(context.getImageData(x, y, 1, 1).data.slice(0, 3));
    },
    { png, x, y },
  );
}

describe('the overview map with MAP_STYLE_URL', () => {
  it('draws the configured style with MapLibre, darkened, with the buildings named in text', async () => {
    styleOk = true;
    const session = await openAsManager(browser, server.url, '/board/index');
    opened = session.opened;
    const { page } = session;
    const figure = page.getByRole('figure', {
      name: /^Map of \d+ buildings: Building A, \d+ of \d+ devices online; Building B/,
    });
    await figure.waitFor();
    // Ready, or (a failure to explain) the fallback with MapLibre's reason.
    const outcome = await Promise.race([
      page
        .locator('[data-map="vector"][data-state="ready"]')
        .waitFor({ timeout: 20_000 })
        .then(() => 'ready'),
      page
        .locator('[data-reason]')
        .waitFor({ timeout: 20_000 })
        .then(async () => `fallback: ${await page.locator('[data-reason]').getAttribute('data-reason')}`),
    ]);
    expect(outcome).toBe('ready');
    expect(styleRequests).toContain('/style.json');
    // The relative tile URL was read against the style's origin; its missing tiles left the map usable.
    expect(styleRequests.some((url) => /^\/tiles\/\d+\/\d+\/\d+\.pbf$/.test(url))).toBe(true);
    // MapLibre came as its own chunk, its CSS bundled beside it (nothing from a CDN: see expectNoProblems).
    const chunks = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((path) => path.includes('vector-map')),
    );
    expect(chunks.some((path) => path.endsWith('.js'))).toBe(true);
    expect(chunks.some((path) => path.endsWith('.css'))).toBe(true);
    // MapLibre's canvas, named in the console's language, and its zoom buttons.
    const canvas = figure.locator('canvas.maplibregl-canvas');
    expect(await canvas.count()).toBe(1);
    expect((await canvas.boundingBox())?.height).toBeGreaterThan(300);
    await figure.getByRole('region', { name: 'Map: arrow keys move it, + and - zoom' }).waitFor();
    await figure.getByRole('button', { name: 'Zoom in' }).waitFor();
    // Not the offline map, no notice; the table still lists the buildings.
    expect(await page.getByRole('img', { name: /^Map of/ }).count()).toBe(0);
    expect(await page.getByText('The map style could not be loaded').count()).toBe(0);
    await page.getByRole('table', { name: /^Buildings of the project/ }).waitFor();
    // The style's white background is painted as the dark map's land (#17324f), top left, away from the pins.
    const [r = 255, g = 255, b = 255] = await pixel(page, '[data-map="vector"]', 8, 8);
    expect(Math.abs(r - 0x17) + Math.abs(g - 0x32) + Math.abs(b - 0x4f)).toBeLessThan(30);
    await screenshot(page, 'board-overview-vector-map');
    await expectAccessibleSettled(page, 'platform overview, vector map');
  });

  it('shows the offline map with a notice when the style cannot be loaded', async () => {
    styleOk = false;
    const session = await openAsManager(browser, server.url, '/board/index');
    opened = session.opened;
    const { page } = session;
    await page.getByText('The map style could not be loaded: the offline map is shown instead.').waitFor();
    const map = page.getByRole('img', { name: /^Map of \d+ buildings: Building A/ });
    await map.waitFor();
    expect(await map.locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByRole('figure').count()).toBe(0);
    await screenshot(page, 'board-overview-map-fallback');
    await expectAccessibleSettled(page, 'platform overview, map fallback');
  });
});
