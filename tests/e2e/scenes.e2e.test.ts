import { describe, expect, inject, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { answered, choose, expectAccessibleSettled, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Scenes in the console: a scene made through the API is listed on /scene, explained ("what would happen
 * now") and executed; its run is in the scheduling log at /job/log. A device-triggered scene made through
 * the wizard (/linkage/add) is listed too.
 * The main test server has no simulator: the light does not answer, so the run is recorded as failed.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('scenes');

describe('scenes', () => {
  it('lists, explains and executes a scene, and its run is in the scheduling log', async () => {
    const session = await chromium.asManager(baseUrl, '/scene');
    const { page, api, projectId } = session;
    const lights = await api.call<{ rows: { id: number; name: string }[] }>(
      'POST',
      '/sbuilding/device/getList',
      {
        projectId,
        category: 'light',
        pageNum: 1,
        pageSize: 1,
      },
    );
    const light = lights.rows[0];
    if (!light) throw new Error('no light on the demo campus');
    const name = `Lights off ${runTag()}`;
    await api.call('PUT', '/sbuilding/scene/create', {
      projectId,
      name,
      triggerType: 'manual',
      category: 'light',
      targets: [{ kind: 'device', id: light.id }],
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
    });
    await page.reload();

    const table = page.getByRole('table', { name: 'Scenes of the current project' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => row.getByText('Not run yet').isVisible()).toBe(true);
    // The savings column, fetched beside the list: a scene that never ran saved nothing.
    await table.getByRole('columnheader', { name: 'Saved (30 days)' }).waitFor();
    await expect.poll(() => row.getByText('0 kWh', { exact: true }).isVisible()).toBe(true);
    await expectAccessibleSettled(page, '/scene');

    await row.getByRole('button', { name: 'What would happen now' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('It would run now').waitFor();
    await drawer.getByText(`${light.name}: Switch on/off`, { exact: false }).waitFor();
    await expectAccessibleSettled(page, 'explain drawer');
    await drawer.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Execute now' }).click();
    await page.getByText(`Scene ${name} ran: Some devices were not set`).waitFor();
    await expect.poll(() => row.getByText('Failed – Some devices were not set').isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Scheduling log' }).first().click();
    const log = page.getByRole('table', { name: 'Scheduling log of the current project' });
    const entry = log.getByRole('row').filter({ hasText: name });
    await entry.waitFor();
    await expect.poll(() => entry.getByText('Executed by hand').isVisible()).toBe(true);
    await expectAccessibleSettled(page, '/job/log');
  });

  it('creates a device-triggered scene through the wizard: a PIR reporting nobody switches a light off', async () => {
    const session = await chromium.asManager(baseUrl, '/scene');
    const { page, api, projectId } = session;
    const first = async (category: string) => {
      const found = await api.call<{ rows: { id: number; name: string }[] }>(
        'POST',
        '/sbuilding/device/getList',
        {
          projectId,
          category,
          pageNum: 1,
          pageSize: 1,
        },
      );
      const device = found.rows[0];
      if (!device) throw new Error(`no ${category} on the demo campus`);
      return device;
    };
    const pir = await first('pirSensor');
    const light = await first('light');
    const name = `Empty room ${runTag()}`;

    await page.getByRole('button', { name: 'Add linkage' }).click();
    await page.getByRole('heading', { name: 'Linkage setting', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await expectAccessibleSettled(page, 'wizard: basic info');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByText('Step 2 of 4: Trigger').waitFor();
    expect(await page.getByRole('radio', { name: 'Device' }).isChecked()).toBe(true);
    // Next without a filled condition: the step stays and says what is missing.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Property is required').waitFor();
    const condition = page.getByRole('group', { name: 'Condition 1' });
    // The project has many devices: the sensor is searched by name, then chosen.
    await condition.getByLabel('Device', { exact: true }).fill(pir.name);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${pir.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first()
      .click();
    await choose(page, condition.getByLabel('Property', { exact: true }), 'PIR');
    await choose(page, condition.getByLabel('Operator', { exact: true }), 'equal to');
    await condition.getByLabel('Value', { exact: true }).fill('0');
    await page.getByLabel('Pre-delay time', { exact: true }).fill('300');
    await expectAccessibleSettled(page, 'wizard: trigger');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByText('Step 3 of 4: Execute action').waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByText('Select Target!').waitFor();
    await page.getByText('Execute Action is required!').waitFor();
    const search = page.getByLabel('Device name', { exact: true });
    await search.fill(light.name);
    await search.press('Enter');
    await page
      .getByRole('table', { name: 'Devices to choose from' })
      .getByRole('checkbox', { name: `Select ${light.name}`, exact: true })
      .check();
    await page.getByRole('button', { name: 'Add action' }).click();
    await choose(page, page.getByLabel('Action', { exact: true }), 'Switch on/off');
    await expectAccessibleSettled(page, 'wizard: execute action');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByText('Step 4 of 4: Done').waitFor();
    await expectAccessibleSettled(page, 'wizard: done');
    const created = answered(page, 'PUT', '/sbuilding/scene/create');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(200);
    await page.getByRole('heading', { name: `Scene ${name} saved` }).waitFor();
    await screenshot(page, 'scene-wizard-saved');
    await page.getByRole('link', { name: 'Back to the scene list' }).click();

    const table = page.getByRole('table', { name: 'Scenes of the current project' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => row.getByText('Device', { exact: true }).isVisible()).toBe(true);
    await expectAccessibleSettled(page, '/scene with the new scene');
  });
});
