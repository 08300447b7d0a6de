import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as, createTenant } from '../../test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { deviceGroups, deviceLatest, devices } from '../devices/tables.js';
import { floors, zones } from '../buildings/tables.js';
import { projects } from '../projects/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { sceneRuns } from '../scenes/tables.js';
import { instantOf } from '../scenes/engine.js';
import type { SceneDeps } from '../scenes/service.js';
import { applyAutomation } from './apply.js';
import { RETRY_AFTER_MS } from './retry.js';
import { AcAutomationRunner } from './runner.js';
import { acAutomations } from './tables.js';

let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let timeZone: string;
let ac: TestDevice;
let zoneAc: TestDevice;
let pir: TestDevice;
let zoneId: number;
let gateway: MqttClient;
/** Commands the AC gateway received: `device method params`. */
const received: string[] = [];
let gatewayAnswers = true;

const deps = (): SceneDeps => ({
  db: t.app.db,
  channel: t.app.deviceChannel,
  log: t.app.controlLog,
  commandTimeoutMs: COMMAND_TIMEOUT_MS,
});

/** Monday 16 March 2026 (a workday) at `time` on the project's clock. */
const monday = (time: string) => instantOf('2026-03-16', time, timeZone) ?? new Date(0);

async function setAc(deviceId: number, values: Record<string, boolean | number | string>) {
  const db = t.app.db;
  for (const [key, value] of Object.entries(values)) {
    await db
      .insert(deviceLatest)
      .values({ deviceId, key, value, ts: new Date() })
      .onConflictDoUpdate({ target: [deviceLatest.deviceId, deviceLatest.key], set: { value } });
  }
}

async function row(id: number) {
  const [r] = await t.app.db.select().from(acAutomations).where(eq(acAutomations.id, id));
  if (!r) throw new Error('no config');
  return r;
}

async function create(body: object) {
  const res = await manager('PUT', '/sbuilding/acAutomation/create', { projectId, ...body });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().data as { id: number; version: number };
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(db),
    writer: new TelemetryWriter(db),
  });
  t.app.deviceChannel = broker;
  manager = as(t, await t.login('manager', 'manager123'));
  await createTenant(t, 'AC other tenant', [{ username: 'acother', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('acother', 'acother123'));
  const acGateway = await insertDevice(db, { model: 'cc10', name: 'Automation AC gateway' });
  ac = await insertDevice(db, { model: 'ac20', name: 'Automation AC', parentId: acGateway.id });
  zoneAc = await insertDevice(db, { model: 'ac20', name: 'Meeting AC', parentId: acGateway.id });
  pir = await insertDevice(db, { model: 'pir10', name: 'Meeting PIR' });
  const [device] = await db.select().from(devices).where(eq(devices.id, ac.id));
  projectId = device!.projectId;
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  timeZone = project!.timeZone;
  const [floor] = await db.select().from(floors).limit(1);
  const [zone] = await db
    .insert(zones)
    .values({ tenantId: floor!.tenantId, floorId: floor!.id, name: 'AC meeting room', type: 'office' })
    .returning();
  zoneId = zone!.id;
  await db.update(devices).set({ zoneId }).where(eq(devices.id, pir.id));
  await db.update(devices).set({ zoneId }).where(eq(devices.id, zoneAc.id));

  // The AC gateway: answers each command for its indoor units and notes it.
  gateway = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
    username: acGateway.accessToken,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    gateway.once('connect', () => resolve());
    gateway.once('error', reject);
  });
  gateway.on('message', (topic, payload) => {
    if (topic !== 'v1/gateway/rpc' || !gatewayAnswers) return;
    const body: { device: string; data: { id: number; method: string; params: object } } = JSON.parse(
      payload.toString(),
    );
    received.push(`${body.device} ${body.data.method} ${JSON.stringify(body.data.params)}`);
    gateway.publish(
      'v1/gateway/rpc',
      JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      { qos: 1 },
    );
  });
  await gateway.subscribeAsync('v1/gateway/rpc', { qos: 1 });
});
afterAll(async () => {
  await gateway.endAsync(true);
  await broker.close();
  await t.close();
});

describe('AC automation configs', () => {
  it('creates, reads, lists, saves, switches and deletes a config, every §3 field kept', async () => {
    const created = await create({
      targetKind: 'device',
      targetId: zoneAc.id,
      setTemperature: 25,
      ambientTemperature: 27,
      workMode: 'cool',
      fanSpeed: 'mid',
      motionCountThreshold: 3,
      autoOpenClose: true,
      vacantMinutes: 20,
      timingOpenClose: true,
      openTime: '08:30',
      closeTime: '18:00',
      smartTempControl: true,
      smartDoas: true,
      weatherLinkage: true,
      noCoolBelow: 20,
      noHeatAbove: 15,
      noonNap: true,
      allWorkdays: true,
      active: false,
    });
    const got = (await manager('GET', `/sbuilding/acAutomation/${created.id}`)).json().data;
    expect(got).toMatchObject({
      targetName: 'Meeting AC',
      setTemperature: 25,
      ambientTemperature: 27,
      workMode: 'cool',
      fanSpeed: 'mid',
      motionCountThreshold: 3,
      autoOpenClose: true,
      vacantMinutes: 20,
      openTime: '08:30',
      closeTime: '18:00',
      smartTempControl: true,
      smartDoas: true,
      weatherLinkage: true,
      noonNap: true,
      allWorkdays: true,
      active: false,
      lastDesired: null,
    });
    const list = (
      await manager('POST', '/sbuilding/acAutomation/getList', { projectId, name: 'meeting' })
    ).json().data;
    expect(list.rows.map((r: { id: number }) => r.id)).toEqual([created.id]);

    const saved = await manager('POST', `/sbuilding/acAutomation/save/${created.id}`, {
      ...got,
      setTemperature: 26,
      version: got.version,
    });
    expect(saved.json().data).toMatchObject({ setTemperature: 26, version: got.version + 1 });
    const stale = await manager('POST', `/sbuilding/acAutomation/save/${created.id}`, {
      ...got,
      version: got.version,
    });
    expect(stale.statusCode).toBe(409);

    const active = await manager('POST', `/sbuilding/acAutomation/active/${created.id}`, { active: true });
    expect(active.json().data.active).toBe(true);
    expect((await stranger('GET', `/sbuilding/acAutomation/${created.id}`)).statusCode).toBe(404);
    expect((await manager('DELETE', `/sbuilding/acAutomation/${created.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/acAutomation/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses what makes no sense: close before open, a second config, a group of lights, no zone', async () => {
    const early = await manager('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      timingOpenClose: true,
      openTime: '18:00',
      closeTime: '08:00',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().msg).toContain('End time must be after start time');
    const hot = await manager('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 31,
    });
    expect(hot.json().msg).toContain('Target temperature must be between 16 and 30');

    const first = await create({ targetKind: 'device', targetId: ac.id, setTemperature: 24 });
    const twice = await manager('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 22,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('[Automation AC] already has an AC automation');
    await manager('DELETE', `/sbuilding/acAutomation/${first.id}`);

    const [device] = await t.app.db.select().from(devices).where(eq(devices.id, ac.id));
    const [lights] = await t.app.db
      .insert(deviceGroups)
      .values({ tenantId: device!.tenantId, projectId, name: 'AC test lights', category: 'light' })
      .returning();
    const notAc = await manager('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'group',
      targetId: lights!.id,
      setTemperature: 24,
    });
    expect(notAc.json().msg).toBe('Select an air conditioner or a group of air conditioners');
    const noZone = await manager('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      autoOpenClose: true,
    });
    expect(noZone.json().msg).toContain('is in no zone');
  });
});

describe('the AC automation runner', () => {
  it('opens at the open time, sends only what differs, never fights a hand switch, closes at close time', async () => {
    await setAc(ac.id, { onOff: false, workMode: 'cool', targetTemp: 26, fanSpeed: 'auto', roomTemp: 28 });
    const { id } = await create({
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      workMode: 'cool',
      timingOpenClose: true,
      openTime: '08:00',
      closeTime: '18:00',
    });
    received.length = 0;
    const opened = await applyAutomation(deps(), await row(id), monday('09:00'), 'timing');
    expect(opened).toMatchObject({ outcome: 'ran', reason: 'acTimingOpen', trigger: 'timing' });
    expect(opened?.commands.map((c) => `${c.method} ${c.result}`)).toEqual([
      'setOnOff success',
      'setTargetTemp success',
    ]);
    expect(received).toEqual([
      'Automation AC setOnOff {"onOff":true}',
      'Automation AC setTargetTemp {"targetTemp":24}',
    ]);

    // Someone switched it off by hand: the automation wants the same as before, so it leaves it.
    await setAc(ac.id, { onOff: false, targetTemp: 24 });
    expect(await applyAutomation(deps(), await row(id), monday('09:01'), 'timing')).toBeNull();
    expect(received).toHaveLength(2);

    // Two processes at the close time: one claims the change and sends, the other sends nothing.
    await setAc(ac.id, { onOff: true });
    const snapshot = await row(id);
    const runs = await Promise.all([
      applyAutomation(deps(), snapshot, monday('18:00'), 'timing'),
      applyAutomation(deps(), snapshot, monday('18:00'), 'timing'),
    ]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(received.slice(2)).toEqual(['Automation AC setOnOff {"onOff":false}']);

    // The scheduling log (/job/log) shows both, with their reasons.
    const log = (await manager('POST', '/sbuilding/scene/runs', { projectId })).json().data;
    const ours = log.rows.filter(
      (r: { detail: { acAutomationId?: number } }) => r.detail.acAutomationId === id,
    );
    expect(ours.map((r: { reason: string }) => r.reason)).toEqual(['acTimingClose', 'acTimingOpen']);
    expect(ours[0].sceneName).toBe('Automation AC');

    // Savings: on, cooling hard (rated 1000 W on mid fan) before 18:00, reported off (5 W) just after the
    // close, on again the next morning at 07:00: 10 h at most × 995 W.
    const after = (ms: number) => new Date(monday('18:00').getTime() + ms);
    await t.app.db.insert(telemetryRaw).values([
      { deviceId: ac.id, key: 'onOff', ts: after(-60_000), num: 1 },
      { deviceId: ac.id, key: 'workMode', ts: after(-60_000), txt: 'cool' },
      { deviceId: ac.id, key: 'fanSpeed', ts: after(-60_000), txt: 'mid' },
      { deviceId: ac.id, key: 'onOff', ts: after(1_000), num: 0 },
      { deviceId: ac.id, key: 'onOff', ts: after(13 * 3_600_000), num: 1 },
    ]);
    const savings = await manager('POST', '/sbuilding/acAutomation/savings', {
      projectId,
      from: monday('00:00').toISOString(),
      to: new Date(monday('00:00').getTime() + 2 * 86_400_000).toISOString(),
    });
    expect(savings.json().data.rows).toContainEqual({ automationId: id, offHours: 10, kwh: 9.95 });
    const evidence = await manager('POST', '/sbuilding/acAutomation/savings/evidence', {
      acAutomationId: id,
      from: monday('00:00').toISOString(),
      to: new Date(monday('00:00').getTime() + 2 * 86_400_000).toISOString(),
    });
    expect(evidence.json().data.rows).toMatchObject([
      {
        deviceId: ac.id,
        before: { onOff: true, workMode: 'cool' },
        after: { onOff: false },
        endReason: 'maxHours',
      },
    ]);
    await manager('DELETE', `/sbuilding/acAutomation/${id}`);
  });

  it('gives a unit switched on by hand the settings once, then leaves later changes alone', async () => {
    await setAc(ac.id, { onOff: false, workMode: 'cool', targetTemp: 20, fanSpeed: 'auto', roomTemp: 28 });
    const { id } = await create({
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 25,
      workMode: 'cool',
      smartTempControl: true,
    });
    received.length = 0;
    // Power is left to people: nothing to send to a unit that is off.
    expect(await applyAutomation(deps(), await row(id), monday('09:00'), 'timing')).toBeNull();
    await setAc(ac.id, { onOff: true });
    const held = await applyAutomation(deps(), await row(id), monday('09:10'), 'timing');
    expect(held).toMatchObject({ outcome: 'ran', reason: 'acHold' });
    expect(received).toEqual(['Automation AC setTargetTemp {"targetTemp":25}']);
    // Someone prefers 23 °C: not fought.
    await setAc(ac.id, { targetTemp: 23 });
    expect(await applyAutomation(deps(), await row(id), monday('09:20'), 'timing')).toBeNull();
    expect(received).toHaveLength(1);
    await manager('DELETE', `/sbuilding/acAutomation/${id}`);
  });

  it('a failed change is tried again after a while, not at every tick', async () => {
    await setAc(ac.id, { onOff: false, workMode: 'cool', targetTemp: 24, fanSpeed: 'auto' });
    const { id } = await create({
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      workMode: 'cool',
      timingOpenClose: true,
      openTime: '08:00',
      closeTime: '18:00',
    });
    gatewayAnswers = false;
    const quick: SceneDeps = { ...deps(), commandTimeoutMs: 200 };
    const failed = await applyAutomation(quick, await row(id), monday('10:00'), 'timing');
    expect(failed).toMatchObject({ outcome: 'failed', reason: 'acTimingOpen' });
    expect(await applyAutomation(quick, await row(id), monday('10:05'), 'timing')).toBeNull();
    gatewayAnswers = true;
    const later = new Date(monday('10:00').getTime() + RETRY_AFTER_MS);
    const retried = await applyAutomation(quick, await row(id), later, 'timing');
    expect(retried).toMatchObject({ outcome: 'ran', detail: { retry: true } });
    await manager('DELETE', `/sbuilding/acAutomation/${id}`);
  });

  it('auto opens on a motion reading of its zone (telemetry), and the explain says why', async () => {
    const db = t.app.db;
    await setAc(zoneAc.id, {
      onOff: false,
      workMode: 'cool',
      targetTemp: 24,
      fanSpeed: 'auto',
      roomTemp: 27,
    });
    await db.insert(deviceLatest).values({ deviceId: pir.id, key: 'motionCount', value: 0, ts: new Date() });
    const { id } = await create({
      targetKind: 'device',
      targetId: zoneAc.id,
      setTemperature: 24,
      workMode: 'cool',
      autoOpenClose: true,
      motionCountThreshold: 2,
    });
    const runner = new AcAutomationRunner(deps);
    const now = monday('11:00');
    await runner.tick(now);
    received.length = 0;
    const runs = await runner.onUpdate(
      { deviceId: pir.id, ts: now.getTime(), values: { motionCount: 3 } },
      now,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'device', reason: 'acOccupied', outcome: 'ran' });
    expect(received).toEqual(['Meeting AC setOnOff {"onOff":true}']);
    expect(
      await runner.onUpdate({ deviceId: pir.id, ts: now.getTime(), values: { motionCount: 4 } }, now),
    ).toEqual([]);

    await db
      .update(deviceLatest)
      .set({ value: 3 })
      .where(and(eq(deviceLatest.deviceId, pir.id), eq(deviceLatest.key, 'motionCount')));
    const explain = (await manager('POST', `/sbuilding/acAutomation/explain/${id}`)).json().data;
    expect(explain).toMatchObject({
      desired: { onOff: true, reason: 'occupied' },
      inputs: { motionCount: 3, occupied: true },
    });
    const logged = await db.select().from(sceneRuns).where(eq(sceneRuns.trigger, 'device'));
    expect(logged.some((r) => r.detail.acAutomationId === id)).toBe(true);
  });
});
