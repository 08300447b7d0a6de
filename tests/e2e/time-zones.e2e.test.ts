import { describe, expect, inject, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { answered, expectAccessibleSettled } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * Issue 18 in Chromium: a browser in New York looking at the demo campus (Asia/Shanghai) sees the campus's
 * time, on a 24-hour clock, labelled with the campus's zone, on the dashboard clock and in the projects
 * table; a browser in Shanghai sees the same times without a label.
 */
const baseUrl = inject('baseUrl');
const PROJECT_ZONE = 'Asia/Shanghai';

const chromium = useFileBrowser('time-zones');

/** The hour on Shanghai's 24-hour clock at an instant. */
function shanghaiHour(at: number): string {
  return new Intl.DateTimeFormat('en', { timeZone: PROJECT_ZONE, hour: '2-digit', hourCycle: 'h23' }).format(
    at,
  );
}

/** The dashboard's clock: 'Updated 14:05:09', then the zone when the browser's differs. */
const CLOCK = /^Updated (\d{2}):\d{2}:\d{2}( \(UTC\+08:00\))?$/;

describe("times in the project's zone", () => {
  it('shows a New York browser the campus time with its zone on the dashboard and in a table', async () => {
    const before = Date.now();
    const session = await chromium.asManager(baseUrl, '/dashboard', { timezoneId: 'America/New_York' });
    const { page, api } = session;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/New_York',
    );

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The label appears once the project's zone is read: wait for that state.
    const clock = page.getByText(/^Updated \d{2}:\d{2}:\d{2} \(UTC\+08:00\)$/);
    await clock.waitFor();
    const shown = CLOCK.exec((await clock.textContent()) ?? '');
    const after = Date.now();
    // Shanghai's hour (New York's is 13 hours behind), on a 24-hour clock (no AM/PM).
    expect([shanghaiHour(before), shanghaiHour(after)]).toContain(shown?.[1]);
    await expectAccessibleSettled(page, 'dashboard with the zone');
    await screenshot(page, 'dashboard-new-york-browser');

    const projects = await api.call<{ rows: { projectName: string; createTime: string }[] }>(
      'POST',
      '/sbuilding/project/getList',
      { pageNum: 1, pageSize: 100, projectName: 'Demo Campus' },
    );
    const campus = projects.rows.find((p) => p.projectName === 'Demo Campus');
    if (!campus) throw new Error('Demo Campus not found');
    // One order in every language, year first (issue 34): '2026-12-07 14:05' (Swedish writes it so).
    const created = new Intl.DateTimeFormat('sv-SE', {
      timeZone: PROJECT_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(campus.createTime));

    await page.goto(`${baseUrl}/project`);
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: 'Created (UTC+08:00)' }).waitFor();
    const row = page.getByRole('row', { name: /Demo Campus/ });
    await row.getByRole('cell', { name: created, exact: true }).waitFor();
    await expectAccessibleSettled(page, 'projects with the zone');
  });

  it('leaves the label out for a browser in the project zone', async () => {
    const session = await chromium.asManager(baseUrl, '/project', { timezoneId: PROJECT_ZONE });
    const { page, projectId } = session;
    // Once the layout has read the project (its zone), the times are written; none carries a label.
    const projectRead = () => answered(page, 'GET', `/sbuilding/project/${projectId}`);
    let zoneRead = projectRead();
    await page.reload();
    await zoneRead;
    await page.getByRole('cell', { name: 'Demo Campus' }).waitFor();
    expect(await page.getByRole('columnheader', { name: /^Created/ }).textContent()).toBe('Created');
    zoneRead = projectRead();
    await page.goto(`${baseUrl}/dashboard`);
    await zoneRead;
    const clock = page.getByText(/^Updated \d{2}:\d{2}:\d{2}/);
    await clock.waitFor();
    expect(await clock.textContent()).toMatch(/^Updated \d{2}:\d{2}:\d{2}$/);
  });
});
