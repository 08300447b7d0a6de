import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { COMMAND_TIMEOUT_MS, type SceneRun } from '@sbuilding/shared';
import { TestClock } from '../../platform/clock.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryBus } from '../../realtime/bus.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { instantOf } from '../scenes/engine.js';
import type { SceneDeps } from '../scenes/service.js';
import { sceneRuns } from '../scenes/tables.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { RETRY_AFTER_MS } from './retry.js';
import { AcAutomationRunner, startAcAutomation } from './runner.js';

/**
 * An AC automation whose units are not connected yet when it acts (the server has just started; at the demo's
 * first start all 30 ACs failed 'Unreachable' 2-4 s before the simulator connected them, and waited ten
 * minutes). The change goes again as soon as a unit it could not reach reports; one that took the command
 * and did not answer still waits RETRY_AFTER_MS.
 */
let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let timeZone = 'Asia/Shanghai';
const clients: MqttClient[] = [];
/** Commands the gateways answered: `device method params`. */
const received: string[] = [];
let answering = true;

const deps = (clock: TestClock, commandTimeoutMs = COMMAND_TIMEOUT_MS): SceneDeps => ({
  db: t.app.db,
  channel: t.app.deviceChannel,
  log: t.app.controlLog,
  commandTimeoutMs,
  clock,
});

/** Monday 16 March 2026 (a workday) at `time` on the project's clock. */
const monday = (time: string) => instantOf('2026-03-16', time, timeZone) ?? new Date(0);

/** An AC behind a gateway that has not connected, and its config: on from 08:00 to 18:00. */
async function lateAc(name: string): Promise<{ ac: TestDevice; gateway: TestDevice; configId: number }> {
  const gateway = await insertDevice(t.app.db, { model: 'cc10', name: `${name} gateway` });
  const ac = await insertDevice(t.app.db, { model: 'ac20', name, parentId: gateway.id });
  const res = await manager('PUT', '/sbuilding/acAutomation/create', {
    projectId: (await t.app.db.select().from(devices).where(eq(devices.id, ac.id)))[0]?.projectId,
    targetKind: 'device',
    targetId: ac.id,
    setTemperature: 24,
    workMode: 'cool',
    timingOpenClose: true,
    openTime: '08:00',
    closeTime: '18:00',
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ac, gateway, configId: res.json().data.id };
}

const deviceOf = async (id: number) => (await t.app.db.select().from(devices).where(eq(devices.id, id)))[0];

/** The gateway connects, answering every command for its units (or none, `answering` false). */
async function connect(token: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { username: token, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('message', (_topic, payload) => {
    if (!answering) return;
    const body: { device: string; data: { id: number; method: string; params: object } } = JSON.parse(
      payload.toString(),
    );
    received.push(`${body.device} ${body.data.method} ${JSON.stringify(body.data.params)}`);
    client.publish(
      'v1/gateway/rpc',
      JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      { qos: 1 },
    );
  });
  await client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
  return client;
}

/** The unit's report as the writer stores it. */
async function stored(deviceId: number, at: Date): Promise<void> {
  await t.app.db
    .insert(deviceLatest)
    .values({ deviceId, key: 'onOff', value: false, ts: at })
    .onConflictDoUpdate({ target: [deviceLatest.deviceId, deviceLatest.key], set: { value: false, ts: at } });
}

const runsOf = (configId: number) =>
  t.app.db
    .select()
    .from(sceneRuns)
    .where(sql`${sceneRuns.detail}->>'acAutomationId' = ${String(configId)}`)
    .orderBy(sceneRuns.id);

const mine = (configId: number) => (runs: SceneRun[]) =>
  runs.filter((r) => r.detail.acAutomationId === configId);

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
  });
  t.app.deviceChannel = broker;
  manager = as(t, await t.login('manager', 'manager123'));
  const [project] = await t.app.db.select().from(projects).limit(1);
  timeZone = project?.timeZone ?? timeZone;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker.close();
  await t.close();
});

describe('an AC automation whose units have not connected yet', () => {
  it('sends the change at the next pass once a unit it could not reach has connected, not ten minutes later', async () => {
    const { ac, gateway, configId } = await lateAc('Late office AC');
    const clock = new TestClock(monday('10:00'));
    const runner = new AcAutomationRunner(() => deps(clock));
    const [failed] = mine(configId)(await runner.tick(clock.now()));
    expect(failed).toMatchObject({ outcome: 'failed', reason: 'acTimingOpen' });
    expect(failed?.commands.map((c) => c.result)).toEqual(['unreachable']);

    // Half a minute on, nothing of it has reported: nothing is sent again (no storm of failed lines).
    clock.advance(30_000);
    expect(mine(configId)(await runner.tick(clock.now()))).toEqual([]);

    // Its gateway connects and announces it (the clock stands in March 2026, before any real connection).
    const client = await connect(gateway.accessToken);
    await client.publishAsync('v1/gateway/connect', JSON.stringify({ device: 'Late office AC' }), { qos: 1 });
    await expect.poll(async () => (await deviceOf(ac.id))?.online).toBe(true);
    clock.advance(30_000);
    const [retried] = mine(configId)(await runner.tick(clock.now()));
    expect(retried).toMatchObject({ outcome: 'ran', trigger: 'timing', detail: { retry: true } });
    expect(received).toContain('Late office AC setOnOff {"onOff":true}');
    expect(clock.now().getTime() - monday('10:00').getTime()).toBeLessThanOrEqual(60_000);
  });

  it('sends it the moment the unit reports on the telemetry bus, between two passes', async () => {
    const { ac, gateway, configId } = await lateAc('Late meeting AC');
    const clock = new TestClock(monday('10:00'));
    const bus = new TelemetryBus(() => clock.now().getTime());
    // One pass at the start (the server's first), none after it within the test.
    const stop = startAcAutomation(() => deps(clock), bus, t.app.log, { tickMs: 3_600_000, clock });
    try {
      await expect.poll(async () => (await runsOf(configId)).map((r) => r.outcome)).toEqual(['failed']);
      await connect(gateway.accessToken);
      clock.advance(5_000);
      bus.publish([{ deviceId: ac.id, key: 'onOff', value: false, ts: clock.now().getTime() }]);
      await expect
        .poll(async () => (await runsOf(configId)).map((r) => `${r.outcome} ${r.trigger}`))
        .toEqual(['failed timing', 'ran device']);
      expect(received).toContain('Late meeting AC setOnOff {"onOff":true}');
    } finally {
      await stop();
    }
  });

  it('still waits ten minutes for a unit that took the command and did not answer, whatever it reports', async () => {
    const { ac, gateway, configId } = await lateAc('Silent AC');
    await connect(gateway.accessToken);
    answering = false;
    const clock = new TestClock(monday('10:00'));
    const runner = new AcAutomationRunner(() => deps(clock, 200));
    try {
      const [failed] = mine(configId)(await runner.tick(clock.now()));
      expect(failed?.commands.map((c) => c.result)).toEqual(['timeout']);
      await stored(ac.id, clock.advance(10_000));
      clock.advance(20_000);
      expect(mine(configId)(await runner.tick(clock.now()))).toEqual([]);
      const updated = await runner.onUpdate(
        { deviceId: ac.id, ts: clock.now().getTime(), values: { onOff: false } },
        clock.now(),
      );
      expect(mine(configId)(updated)).toEqual([]);
    } finally {
      answering = true;
    }
    clock.set(monday('10:00').getTime() + RETRY_AFTER_MS);
    const [retried] = mine(configId)(await runner.tick(clock.now()));
    expect(retried).toMatchObject({ outcome: 'ran', detail: { retry: true } });
  });
});
