import { describe, expect, inject, it } from 'vitest';
import { expectAccessibleSettled, runTag } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Time management (/timeMgmt) as the demo project's manager: a workdays-only schedule made through the API
 * shows in this week's runs (grid and table), the next week can be read, and the project's work times are
 * on the other tab. Axe checks both tabs.
 */
const baseUrl = inject('baseUrl');

const chromium = useFileBrowser('time-mgmt');

describe('time management', () => {
  it("shows a schedule's runs of the week and the project's work times, accessibly", async () => {
    const session = await chromium.asManager(baseUrl, '/timeMgmt');
    const { page, api, projectId } = session;
    const lights = await api.call<{ rows: { id: number }[] }>('POST', '/sbuilding/device/getList', {
      projectId,
      category: 'light',
      pageNum: 1,
      pageSize: 1,
    });
    const light = lights.rows[0];
    if (!light) throw new Error('no light on the demo campus');
    const name = `Morning lights ${runTag()}`;
    const scene = await api.call<{ id: number }>('PUT', '/sbuilding/scene/create', {
      projectId,
      name,
      triggerType: 'timing',
      category: 'light',
      executionTimes: ['07:45'],
      weekdays: [1, 2, 3, 4, 5],
      auxiliaryCondition: 'workdays',
      targets: [{ kind: 'device', id: light.id }],
      actions: [{ method: 'setOnOff', params: { onOff: true } }],
    });
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'TimeMGMT', level: 1 }).waitFor();
      const table = page.getByRole('table', { name: 'Timed scene runs of the week' });
      const rows = table.getByRole('row').filter({ hasText: name });
      await rows.first().waitFor();
      // Monday to Friday of a week without holidays in the demo calendar (none in the weeks this runs in
      // but the seeded 2026 ones): at least one run, each at 07:45, each drawn in the grid too.
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(5);
      await expect.poll(() => rows.first().textContent()).toContain('07:45');
      expect(await page.getByTestId('week-run').filter({ hasText: name }).count()).toBe(count);
      await expectAccessibleSettled(page, '/timeMgmt week');

      await page.getByRole('button', { name: 'Next week' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'This week' }).isEnabled()).toBe(true);
      await rows.first().waitFor();

      await page.getByRole('tab', { name: 'Work times and calendar' }).click();
      const workTimes = page.getByRole('table', { name: 'Work times' });
      await workTimes.getByRole('row').filter({ hasText: 'Office hours' }).waitFor();
      await page.getByRole('heading', { name: 'Holidays and extra working days' }).waitFor();
      await expectAccessibleSettled(page, '/timeMgmt work times and calendar');
    } finally {
      // Off, so the scheduler never runs it (a DELETE through this helper would send an empty JSON body).
      await api.call('POST', `/sbuilding/scene/enable/${scene.id}`, { enabled: false });
    }
  });
});
