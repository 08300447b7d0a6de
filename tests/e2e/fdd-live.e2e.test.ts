import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { apiAs, expectAccessibleSettled, type Api } from './support/devices.js';
import { useOwnCampus } from './support/own-campus.js';

/**
 * Fault detection against the simulated campus, where the truth is known (issue 38): the platform
 * administrator gives a simulated AC a wrong setpoint; the rules find it once it has held for their delay
 * (the server runs with TEST_CLOCK=1 and its rules' clock is moved on, not waited for); the project
 * administrator opens it in the console, fixes it in one click, and watches the AC take the policy's
 * setpoint and the finding close.
 */
const campus = useOwnCampus('fdd-live', { SIMULATOR: 'on', TEST_CLOCK: '1', FDD_TICK_SECONDS: '1' });

interface Row {
  id: number;
  name: string;
  online: boolean;
  zoneId: number | null;
  telemetry: Record<string, { value: unknown }>;
}

interface Finding {
  deviceId: number;
  status: string;
  wasteKwh: number;
}

const acOf = async (api: Api, id?: number) =>
  (
    await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', { model: 'ac20', pageSize: 100 })
  ).rows.find((r) => (id === undefined ? r.online && r.zoneId !== null : r.id === id));

describe('fault detection on the simulated campus', () => {
  it('finds a wrong setpoint given to a simulated AC, and one click fixes it and closes the finding', async () => {
    const live = campus.server();
    const admin = await apiAs(live.url, 'admin');
    const { page, api, projectId } = await campus.asManager(live.url, '/fdd');
    const ac = await acOf(api);
    if (!ac) throw new Error('no AC online in a room');
    await admin.call('POST', '/sbuilding/sim/fault', { deviceId: ac.id, kind: 'wrongSetpoint' });
    // The AC reports what its people set: 18 °C cooling or 28 °C heating.
    await expect
      .poll(async () => (await acOf(api, ac.id))?.telemetry.targetTemp?.value, { timeout: 30_000 })
      .toSatisfy((v) => v === 18 || v === 28);
    const heating = (await acOf(api, ac.id))?.telemetry.workMode?.value === 'hot';
    const policy = heating ? 22 : 24;

    // The rules' clock moves on five minutes at a time until the finding has held for its delay.
    const finding = async () =>
      (
        await api.call<{ rows: Finding[] }>('POST', '/sbuilding/fdd/finding/getList', {
          projectId,
          pageNum: 1,
          pageSize: 20,
          rule: 'setpointPolicy',
        })
      ).rows.find((r) => r.deviceId === ac.id);
    await expect
      .poll(
        async () => {
          await api.call('POST', '/test/clock', { advanceMs: 5 * 60_000 });
          return (await finding())?.status;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('open');
    expect((await finding())?.wasteKwh).toBeGreaterThan(0);

    await page.reload();
    const table = page.getByRole('table', { name: 'Fault findings of the current project' });
    // The AC's setpoint finding (the room emptied by the moved clock may give it an acOnVacant one too).
    const row = table
      .getByRole('row')
      .filter({ hasText: ac.name })
      .filter({ hasText: 'Setpoint outside the policy' });
    await row.waitFor();
    await row.getByRole('button', { name: /^Detail/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: `Set to ${policy} °C` }).click();
    // The AC takes the setpoint and the rule, checking at once, marks the finding fixed.
    await drawer.getByText('Fixed', { exact: true }).first().waitFor({ timeout: 60_000 });
    expect((await acOf(api, ac.id))?.telemetry.targetTemp?.value).toBe(policy);
    expect((await finding())?.status).toBe('fixed');
    await expectAccessibleSettled(page, 'a fixed fault finding');
    await screenshot(page, 'fdd-live-fixed');
    // It has left the list of active findings, which the page shows by default.
    await drawer.getByRole('button', { name: 'Close' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.call('DELETE', `/sbuilding/sim/fault/${ac.id}`);
  });
});
