import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectAccessible, expectNoProblems, signInAndWait } from './support/console.js';
import { tinyPng } from './support/images.js';

const baseUrl = inject('baseUrl');
const IMAGE_REFUSAL = 'File format error, Please upload the picture type';
let browser: Browser;
let opened: OpenedPage | undefined;
let tmpDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-buildings-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') {
      await screenshot(opened.page, `failed-${context.task.name.slice(0, 60).replace(/\W+/g, '-')}`);
    }
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400" width="800" height="400">
  <rect x="0" y="0" width="800" height="400" fill="#f5f5f5" stroke="#333"/>
  <rect x="40" y="40" width="300" height="200" fill="#fff" stroke="#333"/>
  <text x="60" y="80" font-size="24">Room 1</text>
</svg>`;

async function demoCampusId(page: Page): Promise<number> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'Admin-Token')?.value;
  const response = await fetch(`${baseUrl}/sbuilding/project/getList`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 100, projectName: 'Demo Campus' }),
  });
  const body = (await response.json()) as { data: { rows: { id: number; projectName: string }[] } };
  const project = body.data.rows.find((p) => p.projectName === 'Demo Campus');
  if (!project) throw new Error('Demo Campus not found');
  return project.id;
}

/** Signs in as the project administrator with Demo Campus chosen and opens /building. */
async function openBuildings(): Promise<Page> {
  opened = await openPage(browser);
  const page = opened.page;
  await signInAndWait(page, baseUrl, 'manager');
  const id = await demoCampusId(page);
  await page.evaluate((projectId) => localStorage.setItem('projectId', String(projectId)), id);
  await page.goto(`${baseUrl}/building`);
  await page.getByRole('heading', { name: 'Buildings', level: 1 }).waitFor();
  return page;
}

/** axe reads colours as drawn: wait until antd's open animations (zoom, fade) have finished. */
async function checkAccessible(page: Page, where: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await expectAccessible(page, where);
}

async function imageLoaded(page: Page, alt: string): Promise<boolean> {
  return page
    .getByAltText(alt)
    .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
}

describe('buildings', () => {
  it("lists Demo Campus's buildings and creates one with a picture and a QR code that downloads", async () => {
    const page = await openBuildings();
    const table = page.getByRole('table', { name: 'Buildings of the current project' });
    await expect
      .poll(() => table.getByRole('cell', { name: 'Building A', exact: true }).isVisible())
      .toBe(true);
    await checkAccessible(page, 'building list');
    await screenshot(page, 'buildings-list');

    await page.getByRole('button', { name: 'Add building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add building' });
    await dialog.getByLabel('Name').fill('E2E Tower');
    await dialog.getByLabel('Longitude').fill('200');
    await dialog.getByLabel('Latitude').fill('31.2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => dialog.getByText('Longitude must be between -180 and 180').isVisible())
      .toBe(true);
    await dialog.getByLabel('Longitude').fill('121.5');
    await dialog.getByLabel('Address').fill('1 Test Road, Shanghai');

    const fileInput = dialog.locator('input[type=file]');
    // A GIF and an SVG named .png: the bytes decide, and the server says why.
    for (const [name, buffer] of [
      ['animated.png', GIF],
      ['drawing.png', Buffer.from(PLAN_SVG)],
    ] as const) {
      await fileInput.setInputFiles({ name, mimeType: 'image/png', buffer });
      await expect.poll(() => dialog.getByRole('alert').textContent()).toBe(IMAGE_REFUSAL);
    }
    await fileInput.setInputFiles({ name: 'tower.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect.poll(() => dialog.getByRole('alert').count()).toBe(0);
    await expect.poll(() => imageLoaded(page, 'Image preview')).toBe(true);
    await checkAccessible(page, 'building form');
    await screenshot(page, 'building-form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => table.getByRole('cell', { name: 'E2E Tower', exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => imageLoaded(page, 'Picture of E2E Tower')).toBe(true);

    await page.getByRole('button', { name: 'Mini-program QR code of E2E Tower' }).click();
    const qr = page.getByRole('dialog', { name: 'Mini-program of E2E Tower' });
    await expect.poll(() => imageLoaded(page, 'QR code that opens E2E Tower in the mini-program')).toBe(true);
    expect(await qr.getByTestId('qr-link').textContent()).toMatch(
      new RegExp(`^${baseUrl}/wxProgram\\?hallId=\\d+$`),
    );
    await checkAccessible(page, 'QR code');
    await screenshot(page, 'building-qr');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      qr.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^E2E_Tower-\d+-qrcode\.png$/);
    const saved = fs.readFileSync((await download.path()) ?? '');
    expect(saved.subarray(1, 4).toString()).toBe('PNG');
  });

  it('keeps a building that has floors, adds a floor with an SVG plan, draws a rectangle zone that survives a reload, then a polygon', async () => {
    const page = await openBuildings();
    // A building that holds floors (and the devices and marks on them) is refused naming them, and stays.
    await page.getByRole('button', { name: 'Delete Building B' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            /^This building still holds .*floors \(3\).*; delete or move them before deleting the building$/,
          )
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Building B', exact: true }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Floors of Building B' }).click();
    await page.getByRole('heading', { name: 'Floors of Building B' }).waitFor();
    await checkAccessible(page, 'floors of a demo building');
    await screenshot(page, 'building-floors');

    await page.getByRole('button', { name: 'Add floor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add floor' });
    await dialog.getByLabel('Name').fill('Roof garden');
    await dialog.getByLabel('Mark', { exact: true }).fill('RF');
    const planFile = path.join(tmpDir, 'roof.svg');
    fs.writeFileSync(planFile, PLAN_SVG);
    await dialog.locator('input[type=file][accept=".svg"]').setInputFiles(planFile);
    await expect.poll(() => imageLoaded(page, 'Floor plan preview')).toBe(true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.getByRole('tab', { name: 'RF · Roof garden' }).click();
    await expect.poll(() => imageLoaded(page, 'Floor plan of Roof garden')).toBe(true);
    await page.getByRole('button', { name: 'Draw rectangle' }).click();
    const canvas = page.getByRole('application', { name: 'Zones on the floor plan of Roof garden' });
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no plan canvas');
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 5 });
    await page.mouse.up();

    const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
    await zoneDialog.waitFor();
    expect(Number(await zoneDialog.getByLabel('X', { exact: true }).inputValue())).toBeCloseTo(80, -1);
    expect(Number(await zoneDialog.getByLabel('Width', { exact: true }).inputValue())).toBeCloseTo(240, -1);
    await zoneDialog.getByLabel('Name').fill('Greenhouse');
    await zoneDialog.getByRole('combobox', { name: 'Zone type' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Meeting room' }).click();
    // antd's open option list has no name of its own (an antd limitation); the form is checked once it closes.
    await expect
      .poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
      .toBe(0);
    await checkAccessible(page, 'zone form');
    await zoneDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => zoneDialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('table', { name: 'Zones of the floor' }).getByText('Greenhouse').isVisible())
      .toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Floors of Building B' }).click();
    await page.getByRole('tab', { name: 'RF · Roof garden' }).click();
    const zones = page.getByRole('table', { name: 'Zones of the floor' });
    await expect.poll(() => zones.getByText('Greenhouse').isVisible()).toBe(true);
    await expect.poll(() => canvas.locator('g.sb-zone').count()).toBe(1);
    await page.getByRole('button', { name: 'Show Greenhouse on the plan' }).click();
    await expect.poll(() => canvas.locator('g.sb-zone-selected').count()).toBe(1);
    await checkAccessible(page, 'floor plan with a zone');

    // A polygon: three corners clicked, closed with a double-click on the last.
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    await canvas.scrollIntoViewIfNeeded();
    const area = await canvas.boundingBox();
    if (!area) throw new Error('no plan canvas');
    const at = (fx: number, fy: number) => [area.x + area.width * fx, area.y + area.height * fy] as const;
    await page.mouse.click(...at(0.6, 0.2));
    await page.mouse.click(...at(0.9, 0.2));
    await page.mouse.dblclick(...at(0.75, 0.8));
    const polygonDialog = page.getByRole('dialog', { name: 'Add zone' });
    await polygonDialog.waitFor();
    expect((await polygonDialog.getByLabel('Points').inputValue()).split('\n')).toHaveLength(3);
    await polygonDialog.getByLabel('Name').fill('Terrace');
    await polygonDialog.getByRole('combobox', { name: 'Zone type' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Meeting room' }).last().click();
    await polygonDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => polygonDialog.isVisible()).toBe(false);
    await expect.poll(() => canvas.locator('g.sb-zone polygon').count()).toBe(1);
    await expect.poll(() => zones.getByText('Polygon (3 points)').isVisible()).toBe(true);
    await screenshot(page, 'building-floor-plan');
  });
});
