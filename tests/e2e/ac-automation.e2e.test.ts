import { describe, expect, inject, it } from 'vitest';
import { choose, expectAccessibleSettled } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * AC automation in the console: the manager opens /acAutomation, adds a config for one of the demo
 * campus's ACs through the form (every field labelled, checked by the shared schema), sees it listed,
 * asks what it would do now, makes it inactive after confirming, and deletes it. axe on the page and the form.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('ac-automation');

interface Config {
  id: number;
  targetName: string;
  active: boolean;
}

describe('AC automation', () => {
  it('adds a config through the form, lists it, makes it inactive after confirming and deletes it', async () => {
    const session = await chromium.asManager(baseUrl, '/acAutomation');
    const { page, api, projectId } = session;
    const acs = await api.call<{ rows: { id: number; name: string }[] }>(
      'POST',
      '/sbuilding/device/getList',
      {
        projectId,
        category: 'ac',
        pageNum: 1,
        pageSize: 50,
      },
    );
    const existing = await api.call<{ rows: Config[] }>('POST', '/sbuilding/acAutomation/getList', {
      projectId,
      pageSize: 50,
    });
    const taken = new Set(existing.rows.map((r) => r.targetName));
    const ac = acs.rows.find((r) => !taken.has(r.name));
    if (!ac) throw new Error('no free AC on the demo campus');

    await page.getByRole('heading', { name: 'ACAutomation' }).waitFor();
    const table = page.getByRole('table', { name: 'AC automations of the current project' });
    await table.waitFor();
    await expectAccessibleSettled(page, '/acAutomation');

    await page.getByRole('button', { name: 'Add AC automation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add AC automation' });
    await dialog.waitFor();
    await choose(page, dialog.getByRole('combobox', { name: 'AC or group' }), ac.name);
    const temp = dialog.getByRole('spinbutton', { name: 'Set temperature' });
    await temp.fill('31');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Target temperature must be between 16 and 30').waitFor();
    await temp.fill('25');
    await dialog.getByRole('switch', { name: 'Weather linkage' }).click();
    await dialog.getByRole('spinbutton', { name: 'No cooling below' }).waitFor();
    await expectAccessibleSettled(page, 'AC automation form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('AC automation added').waitFor();

    const row = table.getByRole('row').filter({ hasText: ac.name });
    await row.waitFor();
    await expect.poll(() => row.getByText('25 °C').isVisible()).toBe(true);
    await expect.poll(() => row.getByText('Weather linkage').isVisible()).toBe(true);

    await row.getByRole('button', { name: `What would it do now: ${ac.name}` }).click();
    const drawer = page.getByRole('dialog', { name: `What the AC automation of ${ac.name} would do now` });
    await drawer.getByText('Nothing is sent from here.', { exact: false }).waitFor();
    await drawer.getByText('Outdoor temperature').waitFor();
    await expectAccessibleSettled(page, 'AC automation explain drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('switch', { name: `Active: ${ac.name}` }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: `Deactivate the AC automation of ${ac.name}?` });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText(`The AC automation of ${ac.name} is inactive`).waitFor();
    const after = await api.call<{ rows: Config[] }>('POST', '/sbuilding/acAutomation/getList', {
      projectId,
      name: ac.name,
    });
    expect(after.rows.find((r) => r.targetName === ac.name)?.active).toBe(false);

    await row.getByRole('button', { name: `Delete the AC automation of ${ac.name}` }).click();
    const deleting = page.getByRole('dialog').filter({ hasText: 'What it did stays in the scheduling log.' });
    await deleting.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`The AC automation of ${ac.name} is deleted`).waitFor();
    await expect.poll(() => row.count()).toBe(0);
  });
});
