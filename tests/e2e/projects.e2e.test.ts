import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser.js';
import { expectAccessible, signIn, signInAndWait } from './support/console.js';
import { choose } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

const baseUrl = inject('baseUrl');
const chromium = useFileBrowser('projects');

async function fresh() {
  return chromium.track(await openPage(chromium.browser())).page;
}

const visible = (locator: Locator) => expect.poll(() => locator.isVisible(), { timeout: 15_000 }).toBe(true);

async function typeTime(scope: Locator, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** The dictCode of a dictionary row, read through the API with the page's session. */
async function dictCodeOf(page: Page, type: string, value: string): Promise<number> {
  return page.evaluate(
    async ([dictType, dictValue]) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('Admin-Token='))
        ?.slice('Admin-Token='.length);
      const response = await fetch(`/system/dict/data/type/${dictType}`, {
        headers: { Authorization: `Bearer ${decodeURIComponent(token ?? '')}` },
      });
      const body = (await response.json()) as { data: { dictCode: number; dictValue: string }[] };
      const row = body.data.find((r) => r.dictValue === dictValue);
      if (!row) throw new Error(`no ${dictValue} in ${dictType}`);
      return row.dictCode;
    },
    [type, value] as const,
  );
}

async function closeDrawer(drawer: Locator) {
  await drawer.getByRole('button', { name: 'Close' }).first().click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Signs the project administrator in and picks Demo Campus on the guide. */
async function managerInDemoCampus(page: Page) {
  await page.goto(`${baseUrl}/login`);
  await signIn(page, 'manager');
  await page.waitForURL(`${baseUrl}/guide`);
  await page.getByRole('button', { name: 'Use this project: Demo Campus' }).click();
  await page.waitForURL(`${baseUrl}/board/index`);
}

describe('choosing a project', () => {
  it('lets a project administrator pick Demo Campus on the guide, and the navbar lists the projects', async () => {
    const page = await fresh();
    await page.goto(`${baseUrl}/login`);
    await signIn(page, 'manager');
    await page.waitForURL(`${baseUrl}/guide`);
    await visible(page.getByRole('button', { name: 'Use this project: Demo Campus' }));
    await expectAccessible(page, 'guide with projects');
    await screenshot(page, 'projects-guide');
    await page.getByRole('button', { name: 'Use this project: Demo Campus' }).click();
    await page.waitForURL(`${baseUrl}/board/index`);
    const stored = await page.evaluate(() => localStorage.getItem('projectId'));
    expect(stored).toMatch(/^\d+$/);

    const select = page.getByRole('combobox', { name: 'Project' });
    await visible(select);
    await visible(page.locator('.sb-project-select', { hasText: 'Demo Campus' }));
    await select.click();
    await visible(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Demo Campus' }),
    );
  });
});

describe('the projects page', () => {
  it('creates, edits, calendars, times and deletes a project', async () => {
    const page = await fresh();
    await managerInDemoCampus(page);
    await page.goto(`${baseUrl}/project`);
    await visible(page.getByRole('heading', { name: 'Projects', level: 1 }));
    await visible(page.getByRole('cell', { name: 'Demo Campus' }));
    await expectAccessible(page, 'projects page');
    await screenshot(page, 'projects-list');

    // Create, first with the section 5 messages.
    const name = `E2E project ${Date.now()}`;
    await page.getByRole('button', { name: 'Create project' }).click();
    const create = page.getByRole('dialog', { name: 'Create project' });
    await create.getByRole('button', { name: 'Save' }).click();
    await visible(create.getByText('Project name is required'));
    await visible(create.getByText('Address is required'));
    await expectAccessible(page, 'project form');
    await create.getByLabel('Project name').fill(name);
    await create.getByLabel('Address').fill('1 Test Road, Shanghai');
    await create.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await visible(row);
    await visible(row.getByText('New'));

    // Edit.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit project' });
    await visible(edit.getByLabel('Project name'));
    await choose(page, edit.getByLabel('Status', { exact: true }), 'Deploying');
    await edit.getByLabel('Description').fill('Edited in the browser');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(row.getByText('Edited in the browser'));
    await visible(row.getByText('Deploying'));

    // Calendar: 4 May is a Monday; a click makes it a holiday; Save; a reload keeps it.
    const year = new Date().getFullYear();
    const may4 = `${year}-05-04`;
    const openCalendar = async () => {
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('button', { name: 'Calendar & work times' })
        .click();
      const drawer = page.getByRole('dialog', { name: `Calendar & work times: ${name}` });
      await visible(drawer.locator(`button[data-date="${may4}"]`));
      return drawer;
    };
    let drawer = await openCalendar();
    await expectAccessible(page, 'calendar drawer');
    const day = drawer.locator(`button[data-date="${may4}"]`);
    expect(await day.getAttribute('aria-pressed')).toBe('false');
    await day.click();
    expect(await day.getAttribute('aria-label')).toMatch(/Holiday$/);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Calendar saved'));
    await screenshot(page, 'projects-calendar');
    await page.reload();
    drawer = await openCalendar();
    await expect
      .poll(() => drawer.locator(`button[data-date="${may4}"]`).getAttribute('aria-pressed'))
      .toBe('true');

    // Work times: the required messages, then one period.
    await drawer.getByRole('button', { name: 'Add work time' }).click();
    const timeForm = page.getByRole('dialog', { name: 'Add work time' });
    await timeForm.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Zone type is required',
      'Time type is required',
      'Start time is required',
      'End time is required',
    ])
      await visible(timeForm.getByText(message));
    await expectAccessible(page, 'work-time form');
    await timeForm.getByLabel('Name', { exact: true }).fill('Office hours');
    await choose(page, timeForm.getByLabel('Zone type', { exact: true }), 'Office');
    await choose(page, timeForm.getByLabel('Time type', { exact: true }), 'Work');
    await typeTime(timeForm, 'Start time', '09:00');
    await typeTime(timeForm, 'End time', '18:00');
    await timeForm.getByRole('button', { name: 'Save' }).click();
    const timeRow = drawer.getByRole('row', { name: /Office hours/ });
    await visible(timeRow);
    await visible(timeRow.getByText('09:00'));
    await visible(timeRow.getByText('18:00'));
    await closeDrawer(drawer);

    // Its calendar days and work times are its own records: the confirmation says they go with it, and they do
    // (what someone made there, a building, would block it: tested in the server's projects.test.ts).
    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: 'Delete' })
      .click();
    await visible(page.getByRole('tooltip').getByText(/work times and calendar are deleted with it/));
    await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => page.getByRole('row', { name: new RegExp(name) }).count(), { timeout: 15_000 })
      .toBe(0);
  });
});

describe('the dictionary data page', () => {
  it('shows every entry of the dictionary one of its rows belongs to, read-only to a project administrator', async () => {
    const page = await fresh();
    await managerInDemoCampus(page);
    await page.goto(`${baseUrl}/dict/type/data/${await dictCodeOf(page, 'sb_zone_type', 'office')}`);
    await visible(page.getByRole('cell', { name: 'Meeting room' }));
    await visible(page.getByRole('cell', { name: 'Office', exact: true }));
    expect(await page.getByRole('button', { name: 'Add entry' }).count()).toBe(0);
    await expectAccessible(page, 'dictionary data page');
  });

  it('lets the platform administrator add an entry', async () => {
    const page = await fresh();
    await signInAndWait(page, baseUrl, 'admin');
    await page.goto(`${baseUrl}/dict/type/data/${await dictCodeOf(page, 'sb_zone_type', 'lobby')}`);
    await visible(page.getByRole('cell', { name: 'Meeting room' }));
    await page.getByRole('button', { name: 'Add entry' }).click();
    const form = page.getByRole('dialog', { name: 'Add dictionary entry' });
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(form.getByText('Label is required'));
    await visible(form.getByText('Value is required'));
    await form.getByLabel('Label', { exact: true }).fill('Laboratory');
    await form.getByLabel('Chinese label').fill('实验室');
    await form.getByLabel('Value', { exact: true }).fill(`lab${Date.now() % 100000}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('cell', { name: 'Laboratory' }));
    // The closing modal's fading mask would darken the rows under it.
    await form.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'dictionary data page (admin)');
  });
});
