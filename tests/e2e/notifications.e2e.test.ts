import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import mqtt, { type MqttClient } from 'mqtt';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { serialsOf } from './support/device-models.js';
import { demoPlace, expectAccessibleSettled, openAsManager, runTag } from './support/devices.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

/**
 * Notification channels on a server of their own: a webhook channel created in the console (its receiver
 * is this test, on 127.0.0.1), a test message sent from the page, then a device that drops off: its alert
 * reaches the webhook and the delivery log says Sent.
 */
let browser: Browser;
let server: RunningServer;
let mqttPort: number;
let opened: OpenedPage | undefined;
let client: MqttClient | undefined;
const received: { event?: string; alert?: { object?: string } | null }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as (typeof received)[number]);
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  mqttPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [browser, server] = await Promise.all([launchBrowser(), startServer({ MQTT_PORT: String(mqttPort) })]);
});
afterAll(async () => {
  if (client?.connected) await client.endAsync(true);
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-notifications');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

describe('notification channels', () => {
  it('creates a webhook channel, test-sends it, and delivers an alert to it', async () => {
    const session = await openAsManager(browser, server.url, '/notification');
    opened = session.opened;
    const { page, api } = session;
    const tag = runTag();
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await page.getByRole('button', { name: /Add channel/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`E2E ${tag} hook`);
    await dialog.getByLabel('URL').fill(hook);
    await dialog.getByRole('combobox', { name: 'Levels' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: /^General$/ })
      .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count())
      .toBe(0);
    await expectAccessibleSettled(page, 'channel form');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const table = page.getByRole('table', { name: 'Notification channels' });
    const row = table.getByRole('row').filter({ hasText: `E2E ${tag} hook` });
    await row.waitFor();

    await row.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('status').getByText(`Test message to E2E ${tag} hook went through`).waitFor();
    expect(received.at(-1)).toMatchObject({ event: 'test', alert: null });
    await expectAccessibleSettled(page, 'notification channels');

    // A sensor that drops off: its alert (general) goes to the channel.
    const { mac, code } = serialsOf(tag, 'C9');
    const name = `E2E ${tag} notified sensor`;
    const place = await demoPlace(api, 'Building A');
    const device = await api.call<{ id: number }>('PUT', '/sbuilding/device/create/th10', {
      buildingId: place.buildingId,
      floorId: place.floors[0]?.id,
      name,
      macAddr: mac(1),
      codeAddr: code(1),
    });
    const { accessToken } = await api.call<{ accessToken: string }>(
      'GET',
      `/sbuilding/device/credentials/${device.id}`,
    );
    client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
      username: accessToken,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
    });
    await new Promise((resolve, reject) => {
      client?.once('connect', resolve);
      client?.once('error', reject);
    });
    const online = async () => {
      const rows = await api.call<{ rows: { name: string; online: boolean }[] }>(
        'POST',
        '/sbuilding/device/getList/v2',
        { name, pageSize: 5 },
      );
      return rows.rows.find((r) => r.name === name)?.online;
    };
    await expect.poll(online, { timeout: 10_000 }).toBe(true);
    await client.endAsync();
    await expect
      .poll(() => received.some((r) => r.event === 'raised' && r.alert?.object === name), { timeout: 15_000 })
      .toBe(true);

    await page.getByRole('tab', { name: 'Delivery log' }).click();
    const log = page.getByRole('table', { name: 'Delivery log' });
    const delivery = log.getByRole('row').filter({ hasText: name });
    await delivery.waitFor();
    await delivery.getByText('Sent').waitFor();
    await expectAccessibleSettled(page, 'delivery log');
  });
});
