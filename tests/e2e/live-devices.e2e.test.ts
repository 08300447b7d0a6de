import { describe, expect, it, inject } from 'vitest';
import { expectAccessibleSettled, type Api } from './support/devices.js';
import { useFileBrowser } from './support/file-browser.js';

/**
 * The live building: the shared live server, simulator on (as `npm start` runs it), so the demo
 * campus's devices are connected over MQTT. Switching a light in the console reaches the simulated light,
 * which answers and reports; and a change made elsewhere reaches the open page through the socket.
 */
const LIGHT = 'A-F1 corridor light 1';
const liveUrl = inject('liveUrl');

const chromium = useFileBrowser('live-devices');

interface Row {
  id: number;
  name: string;
  online: boolean;
  telemetry: Record<string, { value: unknown }>;
}

async function lightRow(api: Api): Promise<Row | undefined> {
  const page = await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
    name: LIGHT,
    pageSize: 5,
  });
  return page.rows.find((r) => r.name === LIGHT);
}

describe('a live device in the console', () => {
  it('switches a simulated light from its detail drawer and follows a change made elsewhere through the socket', async () => {
    const session = await chromium.asManager(liveUrl, '/device');
    const { page, api } = session;
    // The simulator connects the campus shortly after the server is ready.
    await expect.poll(async () => (await lightRow(api))?.online, { timeout: 30_000 }).toBe(true);
    const light = await lightRow(api);
    if (!light) throw new Error(`${LIGHT} is not in the demo campus`);

    await page.getByPlaceholder('Name, MAC or code').fill(LIGHT);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Detail of ${LIGHT}` }).click();
    const power = page.getByRole('switch', { name: `On/off of ${LIGHT}` });
    await power.waitFor();
    const before = (await power.getAttribute('aria-checked')) === 'true';

    await power.click();
    await page.getByText('Setting Success !').first().waitFor();
    // The simulated light obeyed and reported its new state.
    await expect
      .poll(async () => (await lightRow(api))?.telemetry.onOff?.value, { timeout: 10_000 })
      .toBe(!before);
    await expect.poll(() => power.getAttribute('aria-checked')).toBe(String(!before));

    // Someone else switches it back: the open drawer follows, without a reload.
    // (api.call refuses anything but 200.)
    await api.call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: light.id,
      method: 'setOnOff',
      params: { onOff: before },
      terminal: 'app',
    });
    await expect.poll(() => power.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(String(before));

    // Both switches are in the control log.
    const log = await api.call<{ rows: { terminal: string; method: string }[] }>(
      'POST',
      '/sbuilding/control-log/getList',
      {
        projectId: session.projectId,
        deviceId: light.id,
      },
    );
    const switches = log.rows.filter((r) => r.method === 'setOnOff');
    expect(switches.map((r) => r.terminal).slice(0, 2)).toEqual(['app', 'admin']);
  });

  it("pulls a simulated air sensor's plug from the console: its alert reaches the board and the badge, its return resolves it", async () => {
    const session = await chromium.asManager(liveUrl, '/device');
    const { page, api } = session;
    const airSensors = async () =>
      (
        await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
          projectId: session.projectId,
          model: 'sair4g',
          pageSize: 50,
        })
      ).rows;
    await expect.poll(async () => (await airSensors()).some((r) => r.online), { timeout: 30_000 }).toBe(true);
    const sensor = (await airSensors()).find((r) => r.online);
    if (!sensor) throw new Error('no simulated air sensor online');

    await page.getByPlaceholder('Name, MAC or code').fill(sensor.name);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: `Detail of ${sensor.name}` }).click();
    const simulator = page.getByRole('region', { name: 'Building simulator' });
    await simulator.getByRole('button', { name: 'Pull the plug' }).click();
    await page.getByText('Unplugged: the device dropped off').first().waitFor();
    await simulator.getByRole('button', { name: 'Plug back in' }).waitFor();

    // The sensor dropped its connection: the server took it offline and raised its alert.
    await page.goto(`${liveUrl}/board/alarm`);
    const table = page.getByRole('table', { name: 'Alerts of the current project' });
    const row = table.getByRole('row').filter({ hasText: sensor.name }).first();
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByText('Alerting').isVisible()).toBe(true);
    const badge = page.getByRole('button', { name: /^Notifications: \d+$/ });
    await expect
      .poll(async () => Number((await badge.getAttribute('aria-label'))?.replace(/\D+/g, '')))
      .toBeGreaterThanOrEqual(1);
    await expectAccessibleSettled(page, 'alarm board with an unplugged sensor');

    // Plugged back in: it reconnects and the alert resolves itself; the open board says so and updates.
    await api.call('POST', `/sbuilding/simulator/plug/${sensor.id}`, {});
    const notice = page.getByRole('alert').filter({ hasText: 'Alert status is changed, Please update now' });
    await notice.waitFor({ timeout: 20_000 });
    await notice.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => row.getByText('Processed').isVisible(), { timeout: 10_000 }).toBe(true);
  });
});
