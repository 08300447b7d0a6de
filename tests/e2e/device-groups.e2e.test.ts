import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser.js';
import { answered, expectAccessibleSettled, runTag, type Api } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

const baseUrl = inject('baseUrl');
const chromium = useFileBrowser('groups');

const tag = runTag();

/** Names of the demo project's devices of one category (the demo campus has dozens of lights). */
async function namesOf(api: Api, projectId: number, category: string, count: number): Promise<string[]> {
  const page = await api.call<{ rows: { name: string }[] }>('POST', '/sbuilding/device/getList', {
    projectId,
    category,
    pageNum: 1,
    pageSize: 50,
  });
  // Names that are nobody else's prefix, so a search for one finds it alone or first.
  const names = [...new Set(page.rows.map((r) => r.name))].filter((n, _, all) =>
    all.every((other) => other === n || !other.includes(n)),
  );
  if (names.length < count) throw new Error(`not enough ${category} devices: ${names.join(', ')}`);
  return names.slice(0, count);
}

/** Finds a device in the picker by its name and ticks it. */
async function pick(form: Locator, name: string): Promise<void> {
  const search = form.getByLabel('Device name', { exact: true });
  await search.fill(name);
  await search.press('Enter');
  const picker = form.getByRole('table', { name: 'Devices to choose from' });
  await picker.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
}

async function visible(page: Page, text: string) {
  await expect
    .poll(() => page.getByText(text, { exact: true }).first().isVisible(), { message: text })
    .toBe(true);
}

describe('device groups', () => {
  it('refuses an empty group and a group of two categories, then saves a group of lights', async () => {
    const session = await chromium.asManager(baseUrl, '/group/add');
    const { page, api, projectId } = session;
    const [light1, light2] = await namesOf(api, projectId, 'light', 2);
    const [pir] = await namesOf(api, projectId, 'pirSensor', 1);
    if (!light1 || !light2 || !pir) throw new Error('demo devices missing');
    const groupName = `E2E ${tag} lights`;

    await page.getByRole('heading', { name: 'GroupAdd', level: 1 }).waitFor();
    const form = page.locator('form#group-form');
    const chosen = form.getByRole('table', { name: 'Devices in the group' });
    await form.getByRole('table', { name: 'Devices to choose from' }).getByRole('checkbox').first().waitFor();
    await expectAccessibleSettled(page, 'group add page');
    await screenshot(page, 'group-add');

    // Nothing chosen: section 5's 'Select Target!', and nothing is sent.
    await form.getByLabel('Group name', { exact: true }).fill(groupName);
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Select Target!');
    expect(new URL(page.url()).pathname).toBe('/group/add');

    // A light and a PIR sensor together: 'Select the same category device'.
    await pick(form, light1);
    await expect.poll(() => chosen.getByRole('cell', { name: light1, exact: true }).isVisible()).toBe(true);
    await pick(form, pir);
    await expect.poll(() => chosen.getByRole('cell', { name: pir, exact: true }).isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page, 'Select the same category device');
    expect(new URL(page.url()).pathname).toBe('/group/add');
    await expectAccessibleSettled(page, 'group add page with a refusal');
    await screenshot(page, 'group-add-mixed');

    // The sensor goes, a second light comes: the group saves and is listed.
    await chosen.getByRole('button', { name: `Remove ${pir} from the group` }).click();
    await pick(form, light2);
    await expect.poll(() => chosen.locator('tbody tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => page.getByText('Select the same category device').count()).toBe(0);
    const created = answered(page, 'PUT', /^\/sbuilding\/(device-)?group/);
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(`${baseUrl}/deviceGroup`);
    await visible(page, `Group ${groupName} saved`);

    const table = page.getByRole('table', { name: 'Device groups of the current project' });
    const row = table.getByRole('row').filter({ hasText: groupName });
    await expect.poll(() => row.getByRole('cell', { name: '2', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Normal', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Light', { exact: true }).isVisible()).toBe(true);
    await expectAccessibleSettled(page, 'device group list');
    await screenshot(page, 'device-groups');

    // Its edit page holds the two lights.
    await row.getByRole('button', { name: `Edit group ${groupName}` }).click();
    await page.getByRole('heading', { name: 'GroupEdit', level: 1 }).waitFor();
    const edited = page.getByRole('table', { name: 'Devices in the group' });
    await expect.poll(() => edited.getByRole('cell', { name: light1, exact: true }).isVisible()).toBe(true);
    await expect.poll(() => edited.getByRole('cell', { name: light2, exact: true }).isVisible()).toBe(true);
  });
});
