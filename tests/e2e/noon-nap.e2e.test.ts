import { describe, expect, inject, it } from 'vitest';
import { answered, expectAccessibleSettled, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * /noonNap as the project manager: the demo campus has a NAP work time (12:30-13:30), so a noon nap made
 * in the dialog is listed with that window; it is deleted after confirming. axe on the page and the dialog.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('noon-nap');

describe('noon nap', () => {
  it('adds a noon nap bound to the NAP work time, lists it, and deletes it after confirming', async () => {
    const session = await chromium.asManager(baseUrl, '/noonNap');
    const { page } = session;
    await page.getByRole('heading', { level: 1, name: 'NoonNap' }).waitFor();
    const table = page.getByRole('table', { name: 'Noon naps of the current project' });
    await table.waitFor();
    const add = page.getByRole('button', { name: 'Add noon nap' });
    // Enabled once the project's work times have loaded; checked before axe, which would otherwise catch the
    // button mid-way from its disabled grey to its colour.
    await expect.poll(() => add.isEnabled()).toBe(true);
    await expectAccessibleSettled(page, '/noonNap');

    const name = `Quiet floor ${runTag()}`;
    await add.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('combobox', { name: 'Zones' }).click();
    const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    await list.locator('.ant-select-item-option').first().click();
    await page.keyboard.press('Escape');
    await expectAccessibleSettled(page, 'noon nap dialog');
    const created = answered(page, 'PUT', '/sbuilding/noonNap/create');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);

    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await row.getByText('12:30–13:30').waitFor();
    await row.getByText('Sleep (low fan, 2 °C)').waitFor();
    await expectAccessibleSettled(page, '/noonNap with a noon nap');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: `Delete the noon nap ${name}?` });
    const deleted = answered(page, 'DELETE', /\/sbuilding\/noonNap\/\d+$/);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => row.count()).toBe(0);
  });
});
