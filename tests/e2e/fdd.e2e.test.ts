import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/console.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Fault findings (issue 38) in the built console: the page of a project with no finding yet says what will
 * appear there, and a rule's threshold saved on the Rules tab is the project's from then on (the server
 * keeps it; a reload shows it).
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('fdd');

describe('fault findings', () => {
  it("saves a rule's threshold for the project and shows it after a reload", async () => {
    const { page, api, projectId } = await chromium.asManager(baseUrl, '/fdd');
    await page.getByRole('heading', { name: 'Fault findings', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Findings' }).waitFor();
    await expectAccessible(page, 'fault findings');

    await page.getByRole('tab', { name: 'Rules' }).click();
    const lights = page.getByRole('group', { name: 'Lights on in an empty room' });
    const minutes = lights.getByRole('spinbutton', { name: 'Empty for (minutes)' });
    await minutes.fill('2');
    await lights.getByRole('button', { name: /Save/ }).click();
    // The shared rule refuses it beside the field, and nothing is sent.
    await lights.getByText('Empty for (minutes) is out of range').waitFor();
    await minutes.fill('45');
    await lights.getByRole('button', { name: /Save/ }).click();
    await page.getByText(/saved/i).first().waitFor();
    await expectAccessible(page, 'fault detection rules');

    const rules = await api.call<{ rule: string; params: Record<string, number> }[]>(
      'GET',
      `/sbuilding/fdd/rule/list?projectId=${projectId}`,
    );
    expect(rules.find((r) => r.rule === 'lightsOnVacant')?.params).toEqual({ vacantMinutes: 45 });
    await page.reload();
    await page.getByRole('tab', { name: 'Rules' }).click();
    await expect
      .poll(() => lights.getByRole('spinbutton', { name: 'Empty for (minutes)' }).inputValue())
      .toBe('45');
  });
});
