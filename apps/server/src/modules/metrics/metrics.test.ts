import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { deviceClients } from '../../test/device-clients.js';
import { freePort } from '../../test/free-port.js';
import { as } from '../../test/tenants.js';
import { startDeviceLink, type DeviceLink } from '../../mqtt/index.js';

const TOKEN = 'metrics-token-of-this-test-0123456789';
const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const DEPLOY = new URL('../../../../../deploy/', import.meta.url);
const DEPLOY_PROMETHEUS = new URL('prometheus.yml', DEPLOY);
const DEPLOY_DASHBOARD = new URL('grafana-dashboard.json', DEPLOY);

let t: TestApp;
let link: DeviceLink;
let device: TestDevice;
let client: MqttClient;
const devicesOf = deviceClients(() => link.broker?.port ?? 0);

/** The value of one series of the page (labels as written, `node` aside), or 0 when it is absent. */
function valueOf(page: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)))
      return Number(line.split(' ').at(-1));
  }
  return 0;
}

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp({
    captchaEnabled: false,
    env: { METRICS_TOKEN: TOKEN, MQTT_PORT: '0', HOST: '127.0.0.1' },
  });
  link = await startDeviceLink(t.app.config, t.app.db, t.app.log, {
    bus: t.app.telemetryBus,
    database: t.app.dbKind,
    metrics: t.app.metrics,
  });
  t.app.deviceChannel = link.channel;
  device = await insertDevice(t.app.db, { model: 'gw4g', name: 'Metered gateway' });
  client = await devicesOf.connect(device.accessToken);
  // Answers every command it is sent, as a device does.
  client.on('message', (topic, payload) => {
    const { id } = JSON.parse(payload.toString()) as { id?: number };
    client.publish(topic.replace('/request/', '/response/'), JSON.stringify({ id, success: true }), {
      qos: 1,
    });
  });
  await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
});

afterAll(async () => {
  await devicesOf.endAll();
  await link?.close();
  await t?.close();
});

describe('GET /metrics', () => {
  it('refuses a scrape without METRICS_TOKEN, or with another token, when the token is set', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token-of-this-test' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('answers only loopback clients when METRICS_TOKEN is unset', async () => {
    const open = await createTestApp({ captchaEnabled: false });
    try {
      const far = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.7' });
      expect(far.statusCode).toBe(403);
      const near = await open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(near.statusCode).toBe(200);
      expect(near.body).toContain('sbuilding_database_up');
    } finally {
      await open.close();
    }
  });

  it('counts what devices publish, the commits, the acknowledgements and the commands sent', async () => {
    const before = await scrape();
    const readings = 5;
    for (let i = 0; i < readings; i += 1)
      await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ rssi: -60 - i }), { qos: 1 });
    const manager = as(t, await t.login('manager', 'manager123'));
    const sent = await manager('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: device.id,
      method: 'reboot',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.app.controlLog.flushed();
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    // Every QoS 1 publish was acknowledged after its commit: the PUBACK is what publishAsync awaited.
    expect(moved('sbuilding_mqtt_messages_total', { direction: 'in' })).toBeGreaterThanOrEqual(readings);
    expect(moved('sbuilding_mqtt_qos1_acks_total', { outcome: 'ok' })).toBeGreaterThanOrEqual(readings);
    expect(moved('sbuilding_mqtt_qos1_ack_seconds_count')).toBeGreaterThanOrEqual(readings);
    expect(moved('sbuilding_telemetry_rows_total')).toBeGreaterThanOrEqual(readings);
    expect(moved('sbuilding_telemetry_batches_total')).toBeGreaterThanOrEqual(1);
    expect(moved('sbuilding_mqtt_messages_total', { direction: 'out' })).toBe(1);
    expect(moved('sbuilding_commands_total', { result: 'success', terminal: 'admin' })).toBe(1);
    expect(moved('sbuilding_command_round_trip_seconds_count')).toBe(1);
    expect(valueOf(after, 'sbuilding_mqtt_connections')).toBe(1);
    expect(valueOf(after, 'sbuilding_database_up')).toBe(1);
    // Requests by their route's pattern, never the URL with its ids.
    expect(after).toContain('route="/sbuilding/dev-rpccmd/sendCmd"');
    expect(after).not.toMatch(/route="[^"]*\/\d+"/);
  });

  it('is a page a real Prometheus scrapes with the token and promtool accepts', async () => {
    const page = await scrape();
    const checked = spawnSync(PROMTOOL, ['check', 'metrics'], { input: page, encoding: 'utf8' });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);

    const port = await freePort();
    await t.app.listen({ host: '127.0.0.1', port });
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sb-prometheus-'));
    await fs.promises.writeFile(path.join(dir, 'token'), TOKEN);
    // deploy/prometheus.yml itself, pointed at this server: its token file, its target, a 1 s interval.
    const deployed = await fs.promises.readFile(DEPLOY_PROMETHEUS, 'utf8');
    const config = deployed
      .replace('/etc/prometheus/sbuilding-metrics-token', path.join(dir, 'token'))
      .replace(/- targets: \[[^\]]*\]/, `- targets: ['127.0.0.1:${port}']`)
      .replace(/scrape_interval: \d+s/, 'scrape_interval: 1s')
      .replace(/scrape_timeout: \d+s/, 'scrape_timeout: 1s');
    expect(config).toContain(`127.0.0.1:${port}`);
    await fs.promises.writeFile(path.join(dir, 'prometheus.yml'), config);
    const valid = spawnSync(PROMTOOL, ['check', 'config', path.join(dir, 'prometheus.yml')], {
      encoding: 'utf8',
    });
    expect(valid.status, `${valid.stdout}${valid.stderr}`).toBe(0);
    const webPort = await freePort();
    const prometheus: ChildProcess = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${webPort}`,
      ],
      { stdio: 'ignore' },
    );
    try {
      const query = async (expr: string): Promise<number | null> => {
        const res = await fetch(
          `http://127.0.0.1:${webPort}/api/v1/query?query=${encodeURIComponent(expr)}`,
        ).catch(() => null);
        if (!res?.ok) return null;
        const body = (await res.json()) as { data: { result: { value: [number, string] }[] } };
        const [first] = body.data.result;
        return first ? Number(first.value[1]) : null;
      };
      // Scraped with the token (up 1), and the figures are the server's, labelled with its node.
      await expect
        .poll(() => query('up{job="sbuilding",cluster="campus"}'), { timeout: 30_000, interval: 500 })
        .toBe(1);
      await expect
        .poll(() => query(`sum(sbuilding_mqtt_qos1_acks_total{outcome="ok",node="${t.app.metrics.node}"})`), {
          timeout: 30_000,
          interval: 500,
        })
        .toBeGreaterThanOrEqual(5);
    } finally {
      prometheus.kill('SIGTERM');
      await new Promise((resolve) => prometheus.once('exit', resolve));
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('draws the Grafana dashboard of deploy/ from figures the page has', async () => {
    const page = await scrape();
    const dashboard: unknown = JSON.parse(await fs.promises.readFile(DEPLOY_DASHBOARD, 'utf8'));
    const exprs = JSON.stringify(dashboard).match(/"expr":"(?:[^"\\]|\\.)*"/g) ?? [];
    expect(exprs.length).toBeGreaterThan(20);
    const named = new Set(exprs.flatMap((e) => e.match(/\b(?:sbuilding|process|nodejs)_[a-z0-9_]+/g) ?? []));
    // A histogram's series are its _bucket, _sum and _count; the page declares the family by its base name.
    const families = new Set(
      page
        .split('\n')
        .filter((line) => line.startsWith('# TYPE '))
        .map((line) => line.split(' ')[2]),
    );
    const missing = [...named].filter((name) => !families.has(name.replace(/_bucket$/, '')));
    expect(missing).toEqual([]);
  });
});
