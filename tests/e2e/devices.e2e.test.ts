import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import {
  answered,
  choose,
  expectAccessibleSettled,
  openAsManager,
  runTag,
  type Api,
} from './support/devices.js';
import { addFormOf, modelsToAdd, serialsOf } from './support/device-models.js';

const baseUrl = inject('baseUrl');
let browser: Browser;
let opened: OpenedPage | undefined;
let tmpDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-devices-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') {
      await screenshot(opened.page, `failed-devices-${context.task.name.slice(0, 50).replace(/\W+/g, '-')}`);
    }
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

const tag = runTag();
const serials = serialsOf(tag, '2E');
const { mac, code, host, nameOf } = serials;
const MODELS = modelsToAdd(serials);

async function open(path: string): Promise<{ page: Page; api: Api; projectId: number }> {
  const session = await openAsManager(browser, baseUrl, path);
  opened = session.opened;
  return { page: session.opened.page, api: session.api, projectId: session.projectId };
}

describe('device registry screens', () => {
  it('adds one device of each model through /device/add, and each is in the device list', async () => {
    const { page } = await open('/device/add');
    const heading = page.getByRole('heading', { name: 'DeviceAdd', level: 1 });
    await heading.waitFor();
    await page.getByText('Choose the category, then the model: its fields follow.').waitFor();

    for (const { model, category, fill } of MODELS) {
      if (model !== MODELS[0]?.model) {
        await page.goto(`${baseUrl}/device/add`);
        await heading.waitFor();
      }
      const form = addFormOf(page);
      // The model is asked for first; a category of one model chooses it at once.
      await form.pick('Category', category);
      if (category === 'Light')
        await form.pick('Model', model === 's2' ? 'Bluetooth mesh dimmable light' : 'Sensor dimmer node');
      await page.getByLabel('Name', { exact: true }).fill(nameOf(model));
      await fill(form);
      await form.pick('Building', 'Building A');
      if (model === 'cc10') {
        await expectAccessibleSettled(page, 'device add form (AC gateway)');
        await screenshot(page, 'device-add-cc10');
        // A malformed server address is refused next to the field, with the spec's words, and nothing is sent.
        await form.fill('Server address', 'not a host!');
        await page.getByRole('button', { name: 'Create', exact: true }).click();
        await expect
          .poll(() => page.getByText('Server Addr format error', { exact: true }).isVisible())
          .toBe(true);
        await form.fill('Server address', host);
        await expect.poll(() => page.getByText('Server Addr format error', { exact: true }).count()).toBe(0);
      }
      const created = answered(page, 'PUT', /^\/sbuilding\/(device|4G-device)\/create/);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      expect((await created).status(), model).toBe(200);
      await page.waitForURL(`${baseUrl}/device`);
    }

    // The Bluetooth gateway is created on its floor and initialised: the console follows the job to Ready.
    await page.goto(`${baseUrl}/device/add?model=ba`);
    const form = addFormOf(page);
    await page.getByLabel('Name', { exact: true }).fill(nameOf('ba'));
    await form.fill('MAC address', mac(30));
    await form.fill('Code address', code(30));
    await form.fill('Server address', host);
    await form.fill('Port', '1883');
    await form.pick('Building', 'Building A');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => page.getByText('Floor is required', { exact: true }).isVisible()).toBe(true);
    await form.pick('Floor', '2nd floor');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Initialisation progress' });
    await expect.poll(() => progress.getAttribute('aria-valuenow'), { timeout: 20_000 }).toBe('100');
    await expect.poll(() => page.getByText('Ready', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to the device list' }).click();
    await page.waitForURL(`${baseUrl}/device`);

    const filters = page.getByRole('search', { name: 'Filter devices' });
    await filters.getByLabel('Name', { exact: true }).fill(`E2E ${tag}`);
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Devices of the current project' });
    for (const model of [...MODELS.map((m) => m.model), 'ba']) {
      await expect
        .poll(() => table.getByRole('cell', { name: nameOf(model), exact: true }).isVisible(), {
          message: model,
        })
        .toBe(true);
    }
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(MODELS.length + 1);
    await screenshot(page, 'device-list-e2e-models');
  }, 180_000);

  it('shows a device in the detail drawer with its fields and its access token', async () => {
    const { page, api, projectId } = await open('/device');
    await page.getByRole('heading', { name: 'DeviceList', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Devices of the current project' });
    await table
      .getByRole('button', { name: /^Detail of / })
      .first()
      .waitFor();
    await expectAccessibleSettled(page, 'device list');

    const filters = page.getByRole('search', { name: 'Filter devices' });
    await choose(page, filters.getByRole('combobox', { name: 'Category' }), 'Temperature/humidity sensor');
    await filters.getByRole('button', { name: 'Search' }).click();
    const detail = table.getByRole('button', { name: /^Detail of .*temperature sensor$/ }).first();
    await detail.waitFor();
    const name = ((await detail.getAttribute('aria-label')) ?? '').replace(/^Detail of /, '');
    const devices = await api.call<{ rows: { id: number; name: string; props: Record<string, unknown> }[] }>(
      'POST',
      '/sbuilding/device/getList',
      { projectId, name, pageNum: 1, pageSize: 10 },
    );
    const device = devices.rows.find((d) => d.name === name);
    if (!device) throw new Error(`${name} not found through the API`);
    await detail.click();

    const drawer = page.getByRole('dialog', { name: `Device ${name}` });
    await drawer.getByRole('heading', { name: 'Credentials' }).waitFor();
    await expect
      .poll(() => drawer.getByText('Temperature/humidity sensor', { exact: true }).first().isVisible())
      .toBe(true);
    await expect
      .poll(() => drawer.getByText(String(device.props.macAddr), { exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() => drawer.getByText(String(device.props.codeAddr), { exact: true }).isVisible())
      .toBe(true);
    const { accessToken } = await api.call<{ accessToken: string }>(
      'GET',
      `/sbuilding/device/credentials/${device.id}`,
    );
    const token = drawer.getByLabel('Access token');
    await expect.poll(() => token.inputValue()).toBe(accessToken);
    expect(accessToken.length).toBeGreaterThanOrEqual(16);
    await expectAccessibleSettled(page, 'device detail drawer');
    await screenshot(page, 'device-drawer');
  });

  it('imports a file with one bad row: the row is named with its reason, and only the valid rows go in', async () => {
    const file = path.join(tmpDir, 'devices.csv');
    const place = 'Building A,1st floor,,';
    fs.writeFileSync(
      file,
      [
        'model,name,building,floor,zone,position,gateway,macAddr,codeAddr',
        `pir10,E2E ${tag} import 1,${place},,${mac(101)},${code(101)}`,
        `th10,E2E ${tag} import 2,${place},,${mac(102)},${code(102)}`,
        `th10,E2E ${tag} import bad,${place},,0E:2E:00:00:00:ZZ,${code(103)}`,
      ].join('\n') + '\n',
    );
    const { page } = await open('/device');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import devices' });
    await dialog.getByRole('button', { name: 'Upload and check' }).waitFor();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByText('File: devices.csv').waitFor();
    await expectAccessibleSettled(page, 'import dialog');
    const checked = answered(page, 'POST', '/sbuilding/device/import/check');
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    expect((await checked).status()).toBe(200);

    await expect.poll(() => dialog.getByText('Valid rows: 2. Invalid rows: 1.').isVisible()).toBe(true);
    const rejected = dialog.getByRole('table', { name: 'Rejected rows' });
    await expect.poll(() => rejected.locator('tbody tr.ant-table-row').count()).toBe(1);
    const row = rejected.locator('tbody tr.ant-table-row').first();
    expect(await row.getByRole('cell').first().textContent()).toBe('4');
    await expect.poll(() => row.getByText(`E2E ${tag} import bad`).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('MAC address: MAC address format error').isVisible()).toBe(true);
    // "All rows or none" cannot be chosen while a row is bad; "only the valid rows" is.
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Import all rows or none' }).isDisabled())
      .toBe(true);
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Import only the valid rows' }).isChecked())
      .toBe(true);
    await expectAccessibleSettled(page, 'import dialog after the check');
    await screenshot(page, 'device-import-checked');

    const imported = answered(page, 'PUT', '/sbuilding/device/import');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await imported).status()).toBe(200);
    await expect
      .poll(() => dialog.getByText('Devices imported: 2. Rows rejected: 1.').isVisible())
      .toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const filters = page.getByRole('search', { name: 'Filter devices' });
    await filters.getByLabel('Name', { exact: true }).fill(`E2E ${tag} import`);
    await filters.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Devices of the current project' });
    await expect
      .poll(() => table.getByRole('cell', { name: `E2E ${tag} import 1`, exact: true }).isVisible())
      .toBe(true);
    await expect
      .poll(() => table.getByRole('cell', { name: `E2E ${tag} import 2`, exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(2);
  });

  it('lists the AC gateways with their AC units (/zhGateway)', async () => {
    const { page } = await open('/zhGateway');
    await page.getByRole('heading', { name: 'AC management', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'AC gateways of the current project' });
    const expand = table.getByRole('button', { name: /^Show the AC units of / }).first();
    await expand.waitFor();
    await expand.click();
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: /^AC units of / })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expectAccessibleSettled(page, 'AC gateways with units');
  });
});
