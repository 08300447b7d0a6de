import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { TestClock } from '../../platform/clock.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { instantOf } from './engine.js';
import { FollowUps } from './follow-up.js';
import { automationActor, runScene } from './run.js';
import type { SceneDeps } from './service.js';
import { scenes } from './tables.js';

/**
 * A scene that runs while its devices have not connected yet (the server has just started): its actions go
 * to each such device once it reports, within the catch-up window, and the run reads 'ran' once all are set.
 */
const CATCH_UP_MINUTES = 10;
let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let timeZone = 'Asia/Shanghai';
const clients: MqttClient[] = [];
/** Commands the gateways answered: `device method params`. */
const received: string[] = [];

const deps = (clock: TestClock): SceneDeps => ({
  db: t.app.db,
  channel: t.app.deviceChannel,
  log: t.app.controlLog,
  commandTimeoutMs: COMMAND_TIMEOUT_MS,
  clock,
});

/** Monday 16 March 2026 (a workday) at `time` on the project's clock. */
const monday = (time: string) => instantOf('2026-03-16', time, timeZone) ?? new Date(0);

/** A light behind a Bluetooth gateway that has not connected, and a scene switching it on at 10:00. */
async function lateLight(name: string): Promise<{ light: TestDevice; gateway: TestDevice; sceneId: number }> {
  const gateway = await insertDevice(t.app.db, { model: 'ba', name: `${name} gateway` });
  const light = await insertDevice(t.app.db, { model: 's2', name, parentId: gateway.id });
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, light.id));
  const res = await manager('PUT', '/sbuilding/scene/create', {
    projectId: row?.projectId,
    name: `${name} on at ten`,
    triggerType: 'timing',
    category: 'light',
    executionTimes: ['10:00'],
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    targets: [{ kind: 'device', id: light.id }],
    actions: [{ method: 'setOnOff', params: { onOff: true } }],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { light, gateway, sceneId: res.json().data.id };
}

/** The scene's 10:00 run, on the clock. */
async function runAtTen(sceneId: number, clock: TestClock) {
  const [scene] = await t.app.db.select().from(scenes).where(eq(scenes.id, sceneId));
  if (!scene) throw new Error('no scene');
  return runScene(deps(clock), scene, automationActor(scene), 'timing', clock.now(), {
    dueAt: monday('10:00'),
  });
}

/** The gateway connects, answering every command for the devices behind it. */
async function connect(token: string): Promise<void> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { username: token, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('message', (_topic, payload) => {
    const body: { device: string; data: { id: number; method: string; params: object } } = JSON.parse(
      payload.toString(),
    );
    received.push(`${body.device} ${body.data.method} ${JSON.stringify(body.data.params)}`);
    const answer = { device: body.device, id: body.data.id, data: { success: true } };
    client.publish('v1/gateway/rpc', JSON.stringify(answer), { qos: 1 });
  });
  await client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
}

/** The device's report as the writer stores it. */
async function stored(deviceId: number, at: Date): Promise<void> {
  await t.app.db
    .insert(deviceLatest)
    .values({ deviceId, key: 'onOff', value: false, ts: at })
    .onConflictDoUpdate({ target: [deviceLatest.deviceId, deviceLatest.key], set: { value: false, ts: at } });
}

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

describe('a scene whose devices have not connected yet', () => {
  it('sends its actions to a device once it has reported, at the next pass, and the run then reads ran', async () => {
    const { light, gateway, sceneId } = await lateLight('Late lobby light');
    const clock = new TestClock(monday('10:00'));
    const followUps = new FollowUps(() => deps(clock), CATCH_UP_MINUTES);
    const run = await runAtTen(sceneId, clock);
    expect(run).toMatchObject({ outcome: 'failed', reason: 'commandFailed' });
    expect(run?.commands.map((c) => c.result)).toEqual(['unreachable']);

    // Nothing of it has reported yet: nothing is sent again.
    expect(await followUps.pass(clock.advance(30_000))).toEqual([]);

    await connect(gateway.accessToken);
    await stored(light.id, clock.advance(10_000));
    const [settled] = await followUps.pass(clock.advance(20_000));
    expect(settled).toMatchObject({
      id: run?.id,
      outcome: 'ran',
      reason: null,
      detail: { resent: [light.id] },
    });
    expect(settled?.commands).toMatchObject([{ deviceId: light.id, method: 'setOnOff', result: 'success' }]);
    expect(received).toContain('Late lobby light setOnOff {"onOff":true}');
    // Once per device: a later pass sends nothing more.
    expect(await followUps.pass(clock.advance(30_000))).toEqual([]);
  });

  it('sends them the moment the device reports on the telemetry bus', async () => {
    const { light, gateway, sceneId } = await lateLight('Late stair light');
    const clock = new TestClock(monday('10:00'));
    const followUps = new FollowUps(() => deps(clock), CATCH_UP_MINUTES);
    const run = await runAtTen(sceneId, clock);
    await followUps.pass(clock.advance(30_000));
    expect(followUps.follows(light.id)).toBe(true);
    await connect(gateway.accessToken);
    const at = clock.advance(5_000);
    const settled = await followUps.onUpdate(
      { deviceId: light.id, ts: at.getTime(), values: { onOff: false } },
      at,
    );
    expect(settled).toMatchObject([{ id: run?.id, outcome: 'ran' }]);
  });

  it('leaves a device that comes back after the catch-up window alone, as a late timed run would be', async () => {
    const { light, gateway, sceneId } = await lateLight('Very late light');
    const clock = new TestClock(monday('10:00'));
    const followUps = new FollowUps(() => deps(clock), CATCH_UP_MINUTES);
    const run = await runAtTen(sceneId, clock);
    await connect(gateway.accessToken);
    await stored(light.id, clock.advance(CATCH_UP_MINUTES * 60_000 + 1_000));
    expect(await followUps.pass(clock.now())).toEqual([]);
    expect(received).not.toContain('Very late light setOnOff {"onOff":true}');
    expect(run?.outcome).toBe('failed');
  });
});
