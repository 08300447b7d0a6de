import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import mqtt, { type MqttClient } from 'mqtt';
import { launchBrowser, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { serialsOf } from './support/device-models.js';
import { choose, demoPlace, expectAccessibleSettled, openAsManager, runTag } from './support/devices.js';
import { freePort, startServer, type RunningServer } from './support/server.js';

/**
 * The alarm board on a server of its own: a device connected over MQTT (a real client on the embedded
 * broker) drops its connection; its alert reaches the open board and the navbar badge through the socket,
 * is handled from the board, and the history says so.
 */
let browser: Browser;
let server: RunningServer;
let mqttPort: number;
let opened: OpenedPage | undefined;
const clients: MqttClient[] = [];

beforeAll(async () => {
  mqttPort = await freePort();
  [browser, server] = await Promise.all([launchBrowser(), startServer({ MQTT_PORT: String(mqttPort) })]);
});
afterAll(async () => {
  await Promise.all(clients.filter((c) => c.connected).map((c) => c.endAsync(true)));
  await browser?.close();
  await server?.stop();
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-alarm');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

function connect(token: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${mqttPort}`, {
    username: token,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  clients.push(client);
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', reject);
  });
}

describe('the alarm board', () => {
  it('shows a device that went offline, counts it on the badge, and records its handling', async () => {
    const session = await openAsManager(browser, server.url, '/board/alarm');
    opened = session.opened;
    const { page, api } = session;
    const tag = runTag();
    const { mac, code } = serialsOf(tag, 'A7');
    const name = `E2E ${tag} alarm sensor`;
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

    const table = page.getByRole('table', { name: 'Alerts of the current project' });
    await table.waitFor();
    const badge = page.getByRole('button', { name: /^Notifications: \d+$/ });
    const badgeCount = async () => Number((await badge.getAttribute('aria-label'))?.replace(/\D+/g, ''));
    await expect.poll(badgeCount).toBeGreaterThanOrEqual(0);

    const sensor = await connect(accessToken);
    const online = async () => {
      const rows = await api.call<{ rows: { name: string; online: boolean }[] }>(
        'POST',
        '/sbuilding/device/getList/v2',
        { name, pageSize: 5 },
      );
      return rows.rows.find((r) => r.name === name)?.online;
    };
    await expect.poll(online, { timeout: 10_000 }).toBe(true);
    const before = await badgeCount();

    // Unplugged: the alert arrives on the open board and on the badge without a reload.
    await sensor.endAsync();
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByText('Alerting').isVisible()).toBe(true);
    await expect.poll(badgeCount, { timeout: 10_000 }).toBe(before + 1);
    await expectAccessibleSettled(page, 'alarm board');

    await row.getByRole('button', { name: `Handle ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Handle ${name}`).waitFor();
    await choose(page, dialog.getByRole('combobox', { name: 'Solution' }), 'Repair device');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Alert handled').first().waitFor();
    await expect.poll(() => row.getByText('Processed').isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(badgeCount, { timeout: 10_000 }).toBe(before);

    await row.getByRole('button', { name: `Details of ${name}` }).click();
    const drawer = page.getByRole('dialog', { name });
    await drawer.getByText(/Alert raised/).waitFor();
    await drawer.getByText(/Manager · Handled \(Repair device\)/).waitFor();
    await expectAccessibleSettled(page, 'alert detail drawer');
  });

  it('raises a threshold alert from a reading, shows its rule and reading, clears it, and lists the rule on its tab', async () => {
    const session = await openAsManager(browser, server.url, '/board/alarm');
    opened = session.opened;
    const { page, api } = session;
    const tag = runTag();
    const { mac, code } = serialsOf(tag, 'A8');
    const name = `E2E ${tag} humid sensor`;
    const place = await demoPlace(api, 'Building A');
    const ruleName = `E2E ${tag} humidity above 80 %RH`;
    await api.call('POST', '/sbuilding/alert/rule/add', {
      projectId: place.projectId,
      name: ruleName,
      model: 'th10',
      telemetryKey: 'humidity',
      operator: 'above',
      threshold: 80,
      durationS: 0,
      level: 'general',
      deadband: 5,
    });
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
    const sensor = await connect(accessToken);
    const table = page.getByRole('table', { name: 'Alerts of the current project' });
    await table.waitFor();

    // A reading above the threshold: the alert arrives on the open board with its rule and reading.
    await sensor.publishAsync('v1/devices/me/telemetry', JSON.stringify({ humidity: 91 }), { qos: 1 });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await row.getByText(ruleName).waitFor();
    await row.getByText('91 %RH (> 80 %RH)').waitFor();
    await expect.poll(() => row.getByText('Alerting').isVisible()).toBe(true);

    // Back below 80 - 5: resolved by itself with fault recovery; the board says the alert on screen changed.
    await sensor.publishAsync('v1/devices/me/telemetry', JSON.stringify({ humidity: 60 }), { qos: 1 });
    const notice = page.getByRole('alert').filter({ hasText: 'Alert status is changed, Please update now' });
    await notice.waitFor({ timeout: 15_000 });
    await notice.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => row.getByText('Fault recovery').isVisible(), { timeout: 10_000 }).toBe(true);
    await sensor.endAsync();

    await page.getByRole('tab', { name: 'Rules' }).click();
    const rules = page.getByRole('table', { name: 'Alert rules of the current project' });
    const ruleRow = rules.getByRole('row').filter({ hasText: ruleName });
    await ruleRow.waitFor();
    await ruleRow.getByText('> 80 %RH').waitFor();
    await expectAccessibleSettled(page, 'alert rules tab');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add alert rule' });
    await dialog.waitFor();
    await expectAccessibleSettled(page, 'alert rule dialog');
  });
});
