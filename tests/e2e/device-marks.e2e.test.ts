import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import {
  answered,
  choose,
  demoPlace,
  expectAccessibleSettled,
  runTag,
  type Api,
  type Place,
} from './support/devices.js';
import { serialsOf } from './support/device-models.js';
import { useFileBrowser } from './support/file-browser.js';

const baseUrl = inject('baseUrl');
const chromium = useFileBrowser('marks');

const tag = runTag();

interface Mark {
  id: number;
  markName: string;
  x: number;
  y: number;
  deviceId: number | null;
  deviceName: string | null;
}

async function marksOf(api: Api, floorId: number): Promise<Mark[]> {
  return api.call<Mark[]>('POST', '/sbuilding/mark/getList', { floorId });
}

/** /devPosition on Building A's first floor: its plan with the marks drawn over it. */
async function openFirstFloor(): Promise<{ page: Page; api: Api; place: Place; plan: Locator }> {
  const session = await chromium.asManager(baseUrl, '/devPosition');
  const { page, api } = session;
  await page.getByRole('heading', { name: 'DeviceMark', level: 1 }).waitFor();
  // The page opens on the project's first building; Building A is chosen as a person would.
  const place = await demoPlace(api, 'Building A');
  await choose(page, page.getByRole('combobox', { name: 'Building' }), 'Building A');
  const floor = place.floors[0];
  if (!floor) throw new Error('Building A has no floors');
  const plan = page.getByRole('group', { name: `Device marks on the floor plan of ${floor.name}` });
  await plan.getByRole('button').first().waitFor();
  return { page, api, place, plan };
}

/** The mark drawn on the plan, by its name ("Mark L-101, bound to …"). */
function markOn(plan: Locator, markName: string): Locator {
  return plan.getByRole('button', { name: new RegExp(`^Mark ${markName}, `) });
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not drawn');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe('device marks on the floor plan', () => {
  it('moves a mark by dragging it and with the arrow keys; both moves are saved', async () => {
    const { page, api, place, plan } = await openFirstFloor();
    const floorId = place.floors[0]?.id ?? 0;
    const viewBox = ((await plan.getAttribute('viewBox')) ?? '').split(' ').map(Number);
    const [, , width = 0, height = 0] = viewBox;
    // A mark well inside the plan, so the drag does not end at its edge.
    const mark = (await marksOf(api, floorId)).find(
      (m) => m.x > width * 0.2 && m.x < width * 0.7 && m.y > height * 0.2 && m.y < height * 0.7,
    );
    if (!mark) throw new Error('no mark in the middle of the plan');
    const shape = markOn(plan, mark.markName);
    await shape.scrollIntoViewIfNeeded();
    const box = await plan.boundingBox();
    if (!box) throw new Error('no plan overlay');
    const scale = width / box.width;

    const from = await centreOf(shape);
    const [dx, dy] = [80, 40];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + dx / 2, from.y + dy / 2, { steps: 5 });
    await page.mouse.move(from.x + dx, from.y + dy, { steps: 5 });
    const moved = answered(page, 'POST', `/sbuilding/mark/move/${mark.id}`);
    await page.mouse.up();
    expect((await moved).status()).toBe(200);
    // The drop is a move, not a click: no drawer opens.
    expect(await page.getByRole('dialog', { name: `Mark ${mark.markName}` }).count()).toBe(0);

    const saved = (await marksOf(api, floorId)).find((m) => m.id === mark.id);
    expect(Math.abs((saved?.x ?? 0) - (mark.x + dx * scale))).toBeLessThan(width / 100);
    expect(Math.abs((saved?.y ?? 0) - (mark.y + dy * scale))).toBeLessThan(width / 100);

    // After a reload the mark is drawn where it was dropped.
    await page.reload();
    await choose(page, page.getByRole('combobox', { name: 'Building' }), 'Building A');
    await markOn(plan, mark.markName).waitFor();
    const after = await centreOf(markOn(plan, mark.markName));
    expect(Math.abs(after.x - (from.x + dx))).toBeLessThan(4);
    expect(Math.abs(after.y - (from.y + dy))).toBeLessThan(4);

    // The keyboard alternative: focused, ArrowLeft twice moves it left by two steps, saved once.
    const nudged = answered(page, 'POST', `/sbuilding/mark/move/${mark.id}`);
    await markOn(plan, mark.markName).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await nudged).status()).toBe(200);
    const back = (await marksOf(api, floorId)).find((m) => m.id === mark.id);
    expect(back?.x ?? 0).toBeLessThan(saved?.x ?? 0);
    expect(back?.y).toBe(saved?.y);
    await expect
      .poll(() => page.getByText(new RegExp(`^${mark.markName} moved to `)).textContent())
      .toBe(`${mark.markName} moved to ${back?.x}, ${back?.y}`);
  });

  it('adds a mark, binds it to a device in the drawer, and the building gets a mesh version saying so', async () => {
    const { page, api, place, plan } = await openFirstFloor();
    const floor = place.floors[0];
    if (!floor) throw new Error('no floor');
    // A device of the building that no mark holds yet, registered here so the file needs no other.
    const deviceName = `E2E ${tag} mark PIR`;
    const { mac, code } = serialsOf(tag, '3E');
    await api.call('PUT', '/sbuilding/device/create/pir10', {
      buildingId: place.buildingId,
      floorId: floor.id,
      name: deviceName,
      macAddr: mac(1),
      codeAddr: code(1),
    });
    const versionsBefore = await api.call<{ total: number }>('POST', '/sbuilding/mesh/getList', {
      buildingId: place.buildingId,
      pageNum: 1,
      pageSize: 10,
    });

    await page.getByRole('button', { name: 'Add mark', exact: true }).click();
    const newDrawer = page.getByRole('dialog', { name: 'New mark' });
    const markName = `E2E-${tag}`;
    await newDrawer.getByLabel('Mark name', { exact: true }).fill(markName);
    await newDrawer.getByRole('button', { name: 'Save' }).click();
    const drawer = page.getByRole('dialog', { name: `Mark ${markName}` });
    await drawer.getByText('Not bound to a device').waitFor();
    await expect
      .poll(() => markOn(plan, markName).getAttribute('aria-label'))
      .toBe(`Mark ${markName}, not bound`);

    const picker = drawer.getByRole('table', { name: 'Devices of this building to bind' });
    await drawer.getByLabel('Device name').fill(deviceName);
    await drawer.getByLabel('Device name').press('Enter');
    await picker.getByRole('cell', { name: deviceName, exact: true }).waitFor();
    const bound = answered(page, 'POST', /^\/sbuilding\/mark\/bind\//);
    // The radio follows the saved binding: it turns on once the mark is reloaded, not at the click.
    await picker.getByRole('radio', { name: `Select ${deviceName}` }).click();
    expect((await bound).status()).toBe(200);
    await expect
      .poll(() => drawer.getByText(`Bound to ${deviceName} (offline)`, { exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() => picker.getByRole('radio', { name: `Select ${deviceName}` }).isChecked())
      .toBe(true);
    await expect
      .poll(() => markOn(plan, markName).getAttribute('aria-label'))
      .toBe(`Mark ${markName}, bound to ${deviceName}, offline`);
    await expectAccessibleSettled(page, 'device marks with the mark drawer open');
    await screenshot(page, 'device-mark-bound');

    // /meshConfig: the building's versions now hold the mark's addition and its binding.
    await page.goto(`${baseUrl}/meshConfig`);
    await page.getByRole('heading', { name: 'Mesh management', level: 1 }).waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Building' }), 'Building A');
    const versions = await api.call<{ total: number; rows: { id: number; version: number; log: string }[] }>(
      'POST',
      '/sbuilding/mesh/getList',
      { buildingId: place.buildingId, pageNum: 1, pageSize: 10 },
    );
    expect(versions.total).toBeGreaterThan(versionsBefore.total);
    const binding = versions.rows.find((v) => v.log.includes(markName) && v.log.includes(deviceName));
    if (!binding) throw new Error(`no version records binding ${markName}: ${JSON.stringify(versions.rows)}`);
    const table = page.getByRole('table', { name: 'Mesh network versions of the building' });
    await table.getByRole('button', { name: `Details of version ${binding.version}` }).click();
    const detail = page.getByRole('dialog', { name: `Mesh version v${binding.version}` });
    await detail.getByRole('heading', { name: 'Changes' }).waitFor();
    await expect
      .poll(() => detail.getByRole('heading', { name: new RegExp(markName) }).isVisible())
      .toBe(true);
    const fields = detail.getByRole('table', { name: new RegExp(`^${markName}: `) });
    await expect.poll(() => fields.getByRole('cell', { name: 'Device', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => detail.locator('pre').textContent()).toContain(deviceName);
    await expectAccessibleSettled(page, 'mesh version detail');
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => detail.isVisible()).toBe(false);
    await expectAccessibleSettled(page, 'mesh versions');
    await screenshot(page, 'mesh-versions');
  });
});
