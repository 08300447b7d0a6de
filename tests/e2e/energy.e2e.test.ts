import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import mqtt, { type MqttClient } from 'mqtt';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { serialsOf } from './support/device-models.js';
import { demoPlace, expectAccessibleSettled, openAsManager, runTag } from './support/devices.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

/**
 * The energy board on a server of its own: a new ammeter channel reports its counter over MQTT (a real client
 * on the embedded broker), the rollups take its consumption at ingest, and the board shows it in the KPIs, the
 * channel table and the largest consumers, and follows its next reading live.
 */
let browser: Browser;
let server: RunningServer;
let mqttPort: number;
let opened: OpenedPage | undefined;
let client: MqttClient | undefined;

beforeAll(async () => {
  mqttPort = await freePort();
  [browser, server] = await Promise.all([launchBrowser(), startServer({ MQTT_PORT: String(mqttPort) })]);
});
afterAll(async () => {
  if (client?.connected) await client.endAsync(true);
  await browser?.close();
  await server?.stop();
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-energy');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

function connect(token: string): Promise<MqttClient> {
  const c = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    username: token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  client = c;
  return new Promise((resolve, reject) => {
    c.once('connect', () => resolve(c));
    c.once('error', reject);
  });
}

describe('the energy board', () => {
  it("shows a channel's consumption of today in the KPIs, the table and the largest consumers", async () => {
    const session = await openAsManager(browser, server.url, '/board/energy');
    opened = session.opened;
    const { page, api } = session;
    await page.getByRole('heading', { name: 'Energy' }).waitFor();

    const tag = runTag();
    const { code } = serialsOf(tag, 'M5');
    const name = `E2E ${tag} meter ch1`;
    const place = await demoPlace(api, 'Building A');
    const gateways = await api.call<{ rows: { id: number; name: string }[] }>(
      'POST',
      '/sbuilding/device/getList/v2',
      {
        name: 'Building A 4G gateway',
        pageNum: 1,
        pageSize: 5,
      },
    );
    const gateway = gateways.rows.find((g) => g.name === 'Building A 4G gateway');
    if (!gateway) throw new Error('no 4G gateway in Building A');
    const device = await api.call<{ id: number }>('PUT', '/sbuilding/device/create/ammeter4g', {
      buildingId: place.buildingId,
      floorId: place.floors[0]?.id,
      name,
      gatewayId: gateway.id,
      codeAddr: code(1),
      channel: 1,
      ratio: 1,
      transformerRatio: 1,
    });
    const { accessToken } = await api.call<{ accessToken: string }>(
      'GET',
      `/sbuilding/device/credentials/${device.id}`,
    );

    // Two counter readings a minute apart: 12.5 kWh used (the first reading of a new meter is its baseline).
    const meter = await connect(accessToken);
    const now = Date.now();
    await meter.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify([
        { ts: now - 120_000, values: { energy1: 1000 } },
        { ts: now - 60_000, values: { energy1: 1012.5 } },
      ]),
      { qos: 1 },
    );
    const today = async () => {
      const board = await api.call<{ meters: { channels: { deviceId: number; energy: number }[] }[] }>(
        'GET',
        `/sbuilding/board/energy/summary?projectId=${place.projectId}&period=DAY`,
      );
      return board.meters.flatMap((m) => m.channels).find((c) => c.deviceId === device.id)?.energy;
    };
    await expect.poll(today, { timeout: 15_000 }).toBe(12.5);

    await page.reload();
    const table = page.getByRole('table', {
      name: 'Consumption of every ammeter channel, this period and the previous one',
    });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByRole('cell', { name: '12.5', exact: true }).count()).toBe(1);
    await page.getByText('This period', { exact: true }).first().waitFor();
    await page.getByText('Previous period', { exact: true }).first().waitFor();
    await page.getByText('Saved by automation', { exact: true }).waitFor();
    // What it saved, split by kind, or on a campus with nothing saved yet in the period, why (issue 34).
    await page
      .getByText(/^Scenes [\d.,]+ kWh, noon naps [\d.,]+ kWh, AC automations [\d.,]+ kWh$/)
      .or(page.getByText(/^Nothing saved yet in this period\. A saving counts against/))
      .waitFor();
    // Issue 23: the estimate beside the meters, per building (the agreement in words, never colour alone).
    const check = page.getByTestId('savings-check');
    await check.getByText('Savings checked against the meters', { exact: true }).waitFor();
    await check.getByRole('columnheader', { name: 'Metered difference' }).waitFor();
    await page.getByText(`${name}`).first().waitFor();
    await page
      .getByText(/kWh, [\d.]+% of the total/)
      .first()
      .waitFor();
    await page.getByRole('img', { name: /^Consumption curve: / }).waitFor();
    await expectAccessibleSettled(page, 'energy board');
    await screenshot(page, 'energy-board');

    // The year view sums the same consumption by month.
    await page.getByText('Year', { exact: true }).click();
    await page.getByRole('img', { name: /^Consumption curve: / }).waitFor();
    await expect.poll(() => row.getByRole('cell', { name: '12.5', exact: true }).count()).toBe(1);

    // Live, without a reload: the next reading (7.5 kWh more) reaches the open board through the socket.
    await meter.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify([{ ts: Date.now(), values: { energy1: 1020 } }]),
      { qos: 1 },
    );
    await expect
      .poll(() => row.getByRole('cell', { name: '20', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
  });
  it('has the campus history a first start writes: last month and the year on the board, then the live campus', async () => {
    // A server of its own, as `npm start` runs it (40 days instead of a year, to keep the suite short).
    let live: RunningServer | undefined;
    let session: Awaited<ReturnType<typeof openAsManager>> | undefined;
    try {
      // Started once the campus is alive: its history written ("about a minute", the server says), then its
      // devices connected.
      live = await startServer(
        { SIMULATOR: 'on', SIM_BACKFILL_DAYS: '40', LOG_LEVEL: 'info' },
        { database: 'embedded' },
      );
      expect(live.log()).toContain('"msg":"backfill done"');
      session = await openAsManager(browser, live.url, '/board/energy');
      const { page, api } = session;
      const place = await demoPlace(api, 'Building A');
      const summary = (period: string, anchor = '') =>
        api.call<{ energy: number; curve: { bucket: string; current: number | null }[] }>(
          'GET',
          `/sbuilding/board/energy/summary?projectId=${place.projectId}&period=${period}&anchor=${anchor}`,
        );
      const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
      // Last month's consumption (only the history has it), once the writing is done.
      await expect
        .poll(async () => (await summary('MONTH', monthAgo)).energy, { timeout: 120_000 })
        .toBeGreaterThan(0);
      // Day by day: the meters were stepped through the whole month, not written once.
      const lastMonth = await summary('MONTH', monthAgo);
      const days = lastMonth.curve.filter((p) => p.current !== null && p.current > 0);
      expect(days.length).toBeGreaterThan(5);
      // The live simulator comes alive after the history.
      await expect
        .poll(
          async () => (await api.call<{ running: boolean }>('GET', '/sbuilding/simulator/state')).running,
          {
            timeout: 60_000,
          },
        )
        .toBe(true);
      await page.reload();
      await page.getByText('Month', { exact: true }).click();
      await page.getByRole('img', { name: /^Consumption curve: / }).waitFor();
      await screenshot(page, 'energy-board-first-start');
      expectNoProblems(session.opened);
    } finally {
      if (session) await session.opened.context.close();
      await live?.stop();
    }
  }, 240_000);
});
