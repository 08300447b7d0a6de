import { describe, inject, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { answered, choose, expectAccessibleSettled, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Issue 22, the meter tree in Chromium: the demo campus's tree (areas, a tenant unit that is the floor's
 * meter minus the common areas) is there at once; a manager adds a tenant unit as a virtual meter, the form
 * refuses an area out of range before sending, and the server refuses a move that would make a cycle.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('energy-meters');

describe('the meter tree', () => {
  it('shows the demo tree, adds a virtual tenant unit and refuses a cycle', async () => {
    const session = await chromium.asManager(baseUrl, '/energy/meters');
    const { page, api } = session;
    await page.getByRole('heading', { name: 'Meter tree', level: 1 }).waitFor();
    // The demo campus comes with its tree: tenant A = the floor's meter − the common areas.
    const tenantA = page.getByRole('row').filter({ has: page.getByText('Tenant A', { exact: true }) });
    await tenantA.getByText('Virtual meter').waitFor();
    await tenantA.getByText(/− Common areas/).waitFor();
    await page.getByRole('columnheader', { name: 'Unmetered remainder' }).waitFor();
    await page.getByRole('img', { name: /^kWh per node of the meter tree: / }).waitFor();
    await expectAccessibleSettled(page, 'meter tree page');
    await screenshot(page, 'energy-meters');

    const name = `E2E unit ${runTag()}`;
    await page
      .getByRole('button', { name: /Add node/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await choose(page, dialog.getByRole('combobox', { name: 'Node kind' }), 'Tenant unit');
    await dialog.getByLabel('Area (m²)').fill('20000000');
    await dialog.getByRole('radio', { name: /A virtual meter/ }).check();
    await dialog.getByRole('button', { name: /Add term/ }).click();
    await choose(page, dialog.getByRole('combobox', { name: 'Meter of term 1' }), 'Tenant B');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Checked by the shared schema before anything is sent.
    await dialog.getByText('Area must be between 0.1 and 10,000,000 m²').waitFor();
    await expectAccessibleSettled(page, 'meter node form');
    await dialog.getByLabel('Area (m²)').fill('120');
    const saved = answered(page, 'POST', '/sbuilding/energy/meter-node');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const created = (await (await saved).json()) as { data: { id: number } };
    await page.getByText('Node saved').waitFor();
    const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    await row.getByText('Virtual meter').waitFor();
    await row.getByText('Tenant B', { exact: true }).waitFor();

    // Building A under its own tenant unit: the server refuses the cycle and says why.
    const building = page.getByRole('row').filter({ has: page.getByText('Building A', { exact: true }) });
    await building.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await choose(page, edit.getByRole('combobox', { name: 'Parent node' }), 'Tenant A');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(/the tree would have a cycle/).waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await api.call('DELETE', `/sbuilding/energy/meter-node/${created.data.id}`);
  });
});
