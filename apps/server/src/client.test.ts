import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { createSbuildingClient, type SbuildingClient } from '@sbuilding/client';
import { createTestApp, type TestApp } from './test/app.js';
import { insertDevice, type TestDevice } from './test/devices.js';
import { as } from './test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './mqtt/broker.js';
import { DeviceDirectory } from './mqtt/directory.js';
import { TelemetryWriter } from './modules/telemetry/writer.js';

/**
 * The generated client (packages/client) driving the real server over HTTP with an API key, as an
 * integrator's script would: list projects, read a device's telemetry history, send a command, read the
 * control log. And the committed client still matches the document the server serves.
 */

let t: TestApp;
let broker: EmbeddedBroker;
let device: TestDevice;
let gateway: MqttClient;
let api: SbuildingClient;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: true });
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
  });
  t.app.deviceChannel = broker;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  device = await insertDevice(t.app.db, { model: 'gw4g', name: 'Roof 4G gateway' });
  gateway = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
    username: device.accessToken,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    gateway.once('connect', () => resolve());
    gateway.once('error', reject);
  });
  gateway.on('message', (topic) => {
    gateway.publish(topic.replace('/request/', '/response/'), JSON.stringify({ success: true }), { qos: 1 });
  });
  await gateway.subscribeAsync(['v1/devices/me/rpc/request/+'], { qos: 1 });
  // QoS 1: the PUBACK comes once the readings are committed.
  for (const [ago, rssi] of [
    [120_000, -71],
    [60_000, -68],
  ] as const) {
    await gateway.publishAsync(
      'v1/devices/me/telemetry',
      JSON.stringify({ ts: Date.now() - ago, values: { rssi } }),
      {
        qos: 1,
      },
    );
  }

  // A person makes the key on the profile page (a session); the script only ever sees the key.
  const manager = as(t, await t.login('manager', 'manager123'));
  const made = await manager('PUT', '/sbuilding/api-key/create', {
    name: 'Campus script',
    access: 'readWrite',
  });
  expect(made.statusCode, made.body).toBe(200);
  api = createSbuildingClient({ baseUrl, token: made.json<{ data: { key: string } }>().data.key });
});

afterAll(async () => {
  await gateway.endAsync(true);
  await broker.close();
  await t.close();
});

describe('the generated TypeScript client with an API key', () => {
  it('lists projects, reads telemetry history, sends a command and reads the control log', async () => {
    const projects = await api.POST('/sbuilding/project/getList', { body: { projectName: 'Demo' } });
    expect(projects.response.status).toBe(200);
    const campus = projects.data?.data.rows.find((p) => p.projectName === 'Demo Campus');
    expect(campus).toBeDefined();

    const history = await api.GET('/sbuilding/telemetry/history/{id}', {
      params: {
        path: { id: device.id },
        query: {
          keys: 'rssi',
          from: new Date(Date.now() - 3_600_000).toISOString(),
          to: new Date().toISOString(),
        },
      },
    });
    expect(history.response.status, JSON.stringify(history.error)).toBe(200);
    expect(JSON.stringify(history.data?.data)).toContain('-68');

    const sent = await api.POST('/sbuilding/dev-rpccmd/sendCmd', {
      body: { deviceId: device.id, method: 'reboot' },
    });
    expect(sent.response.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.data?.msg).toBe('Setting Success !');

    const log = await api.POST('/sbuilding/control-log/getList', {
      body: { projectId: campus!.id, deviceId: device.id },
    });
    expect(log.response.status).toBe(200);
    expect(log.data?.data.rows[0]).toMatchObject({
      method: 'reboot',
      result: 'success',
      terminal: 'remote',
      userName: 'manager [Campus script]',
    });
  });

  it('answers errors as typed envelopes: 404 for an unknown device, in the chosen language', async () => {
    const zh = createSbuildingClient({ baseUrl, token: 'sbk_nonexist_x', lang: 'ZH' });
    const denied = await zh.POST('/sbuilding/project/getList', { body: {} });
    expect(denied.response.status).toBe(401);
    expect(denied.error).toMatchObject({ code: 401, msg: '认证失败，无法访问系统资源' });
    const missing = await api.GET('/sbuilding/device/getDeviceInfoById/{id}', {
      params: { path: { id: 999_999 } },
    });
    expect(missing.response.status).toBe(404);
  });
});

describe('the committed client (packages/client/src/schema.ts)', () => {
  it('is what openapi-typescript generates from the served document (run npm run generate -w @sbuilding/client)', async () => {
    const res = await fetch(`${baseUrl}/docs/json`);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-client-'));
    try {
      await fs.promises.writeFile(
        path.join(dir, 'openapi.json'),
        `${JSON.stringify(await res.json(), null, 2)}\n`,
      );
      const root = path.resolve(import.meta.dirname, '../../..');
      const cli = path.join(root, 'node_modules/openapi-typescript/bin/cli.js');
      await promisify(execFile)(process.execPath, [cli, 'openapi.json', '-o', 'schema.ts'], { cwd: dir });
      const fresh = await fs.promises.readFile(path.join(dir, 'schema.ts'), 'utf8');
      const committed = await fs.promises.readFile(path.join(root, 'packages/client/src/schema.ts'), 'utf8');
      expect(
        fresh === committed,
        'packages/client/src/schema.ts is stale: npm run generate -w @sbuilding/client',
      ).toBe(true);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
