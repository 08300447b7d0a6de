import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { demoPlace, expectAccessibleSettled, openAsManager, type Api } from './support/devices.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * AC automation acting on the simulated campus (issue 8's done-when): a server as `npm start` runs it,
 * the simulator on and the automation's tick every 2 s. The manager's config opens a simulated AC on its
 * timing; the unit obeys over MQTT and reports it, and the scheduling log says what was done and why.
 */
let browser: Browser;
let live: RunningServer;
let opened: OpenedPage | undefined;

beforeAll(async () => {
  [browser, live] = await Promise.all([
    launchBrowser(),
    startServer({ SIMULATOR: 'on', SCENE_TICK_SECONDS: '2' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await live?.stop();
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-automation-live');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

interface Row {
  id: number;
  name: string;
  online: boolean;
  telemetry: Record<string, { value: unknown }>;
}

async function acRow(api: Api, id?: number): Promise<Row | undefined> {
  const page = await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
    model: 'ac20',
    pageSize: 100,
  });
  return id === undefined ? page.rows.find((r) => r.online) : page.rows.find((r) => r.id === id);
}

interface Run {
  sceneName: string;
  outcome: string;
  reason: string | null;
}

describe('AC automation on the simulated campus', () => {
  it('opens a simulated AC on its timing, the unit reports it, and the scheduling log says why', async () => {
    const session = await openAsManager(browser, live.url, '/job/log');
    opened = session.opened;
    const { page, api } = session;
    const { projectId } = await demoPlace(api, 'Building A');
    await expect.poll(async () => (await acRow(api)) !== undefined, { timeout: 30_000 }).toBe(true);
    const ac = await acRow(api);
    if (!ac) throw new Error('no simulated AC online');
    // Off first, by hand, so the automation has something to do.
    await api.call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setOnOff',
      params: { onOff: false },
      terminal: 'app',
    });
    await expect
      .poll(async () => (await acRow(api, ac.id))?.telemetry.onOff?.value, { timeout: 10_000 })
      .toBe(false);

    // Timing open all day, every day of the week (whatever today is on the project's clock).
    await api.call('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      workMode: 'cool',
      fanSpeed: 'mid',
      timingOpenClose: true,
      openTime: '00:00',
      closeTime: '23:59',
      allWorkdays: false,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    });
    // The unit obeys the automation and reports its new state over MQTT.
    await expect
      .poll(async () => (await acRow(api, ac.id))?.telemetry.onOff?.value, { timeout: 30_000 })
      .toBe(true);
    const unit = await acRow(api, ac.id);
    expect(unit?.telemetry.targetTemp?.value).toBe(24);

    const runs = async () =>
      (await api.call<{ rows: Run[] }>('POST', '/sbuilding/scene/runs', { projectId, pageSize: 50 })).rows;
    await expect
      .poll(async () => (await runs()).some((r) => r.reason === 'acTimingOpen' && r.outcome === 'ran'), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.reload();
    await page.getByText('AC automation: timing open').first().waitFor();
    await screenshot(page, 'job-log-ac-automation');
    await expectAccessibleSettled(page, 'scheduling log with an AC automation run');
  });
});
