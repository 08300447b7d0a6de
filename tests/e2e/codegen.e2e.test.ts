import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot } from './support/browser.js';
import { expectAccessible, signInAndWait } from './support/console.js';
import { answered, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

const baseUrl = inject('baseUrl');
const chromium = useFileBrowser('codegen');

const tag = runTag();
/** A table of the server's own database with no comment: its description must be given before saving. */
const TABLE = 'work_times';

describe('code generation', () => {
  it('imports a table, edits a column on /gen/edit/{tableId}, saves, and the preview shows the change', async () => {
    const opened = chromium.track(await openPage(chromium.browser()));
    const { page } = opened;
    await signInAndWait(page, baseUrl, 'admin');
    await page.goto(`${baseUrl}/tool/gen`);
    await page.getByRole('heading', { name: 'Code generation', level: 1 }).waitFor();

    // Import the table from the database.
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Import tables' });
    // Many tables: find it by name first.
    await dialog.getByLabel('Table name', { exact: true }).fill(TABLE);
    await dialog.getByRole('button', { name: 'Search' }).click();
    const candidates = dialog.getByRole('table', { name: 'Tables of the database' });
    await candidates.getByRole('row').filter({ hasText: TABLE }).getByRole('checkbox').check();
    const imported = answered(page, 'POST', '/tool/gen/importTable');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await imported).status()).toBe(200);
    const row = page
      .getByRole('table', { name: 'Imported tables' })
      .getByRole('row')
      .filter({ hasText: TABLE });
    await row.waitFor();
    await expectAccessible(page, 'code generation list');

    // Edit it: the column settings tab, one column's description.
    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/gen\/edit\/\d+$/);
    await page.getByRole('heading', { name: 'Edit generation config', level: 1 }).waitFor();
    await page.getByLabel('Table name', { exact: true }).waitFor();
    await expectAccessible(page, 'code generation edit, basic information');
    await page.getByRole('tab', { name: 'Column settings' }).click();
    const label = `Window name ${tag}`;
    const description = page.getByRole('textbox', { name: 'name: Description' });
    await description.fill(label);
    await expectAccessible(page, 'code generation edit, column settings');

    // The imported table has no comment: the save is refused, saying which field, on its tab.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Table description is required').waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Basic information' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByLabel('Table description', { exact: true }).fill(`Work times ${tag}`);
    const saved = answered(page, 'PUT', '/tool/gen');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(/\/tool\/gen$/);

    // The preview: the generated table and the console's labels carry the new description.
    await page
      .getByRole('table', { name: 'Imported tables' })
      .getByRole('row')
      .filter({ hasText: TABLE })
      .getByRole('button', { name: 'Preview' })
      .click();
    const preview = page.getByRole('dialog').filter({ hasText: 'Preview of the generated code' });
    // The first file shown once the code has arrived; then the table's file.
    await preview.getByRole('tabpanel').locator('code').waitFor();
    const tablesTab = preview.getByRole('tab', { name: 'tables.ts' });
    await tablesTab.click();
    await expect.poll(() => tablesTab.getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => preview.getByRole('tabpanel').locator('code').innerText())
      .toContain(`/** ${label} */`);
    await preview.getByRole('tab', { name: `INTEGRATE-${TABLE}.md` }).click();
    await expect.poll(() => preview.getByRole('tabpanel').locator('code').innerText()).toContain(label);
    await expectAccessible(page, 'code generation preview');
    await screenshot(page, 'codegen-preview');
  });
});
