import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FddFinding } from '@sbuilding/shared';
import type { TestClock } from '../../platform/clock.js';
import { createTestApp, testClockOf, type TestApp } from '../../test/app.js';
import { demoRoom, insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { controlLog } from '../commands/tables.js';
import { fddFindings } from './tables.js';

/*
 * Fault detection through its calls, on a real database: readings stored as the writer stores them (the
 * devices' latest values and raw history), the app's clock moved, each project's round run as the runner
 * runs it. A light left on in an empty room on a Sunday night, an AC cooling at 18 °C, on a flat tariff of
 * 1.5 a kWh and a grid factor of 0.6 kgCO2e/kWh.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let clock: TestClock;
let projectId: number;
let light: TestDevice;
let ac: TestDevice;
let zoneId: number;

// Sunday 6 December 2026, 22:00 in Shanghai (the demo project's zone): outside every work time.
const START = new Date('2026-12-06T14:00:00Z');
const MIN = 60_000;

async function report(deviceId: number, values: Record<string, number | string | boolean>, at = clock.now()) {
  for (const [key, value] of Object.entries(values)) {
    await t.app.db
      .insert(deviceLatest)
      .values({ deviceId, key, value, ts: at })
      .onConflictDoUpdate({ target: [deviceLatest.deviceId, deviceLatest.key], set: { value, ts: at } });
    await t.app.db
      .insert(telemetryRaw)
      .values({
        deviceId,
        key,
        ts: at,
        num: typeof value === 'string' ? null : Number(value),
        txt: typeof value === 'string' ? value : null,
      })
      .onConflictDoNothing();
  }
}

/** Moves the clock on and runs the project's round, as the runner does once a minute. */
async function after(ms: number) {
  clock.advance(ms);
  return t.app.fdd.runner.checkProject(projectId);
}

const list = async (body: object = {}) => {
  const res = await manager('POST', '/sbuilding/fdd/finding/getList', {
    projectId,
    pageNum: 1,
    pageSize: 20,
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { rows: FddFinding[]; total: number };
};

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  await t.app.ready();
  clock = testClockOf(t);
  clock.set(START);
  manager = as(t, await t.login('manager', 'manager123'));
  display = as(t, await t.login('display', 'display123'));
  // A room of its own on the demo campus's first floor, with a motion sensor, a light and an AC.
  const room = await demoRoom(t.app.db, 'FDD room');
  zoneId = room.zoneId;
  const { floorId } = room;
  const pir = await insertDevice(t.app.db, { model: 'pir10', name: 'FDD motion', floorId });
  light = await insertDevice(t.app.db, { model: 'e90', name: 'FDD light', floorId });
  ac = await insertDevice(t.app.db, { model: 'ac20', name: 'FDD AC', floorId });
  for (const d of [pir, light, ac])
    await t.app.db.update(devices).set({ zoneId, online: true }).where(eq(devices.id, d.id));
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, light.id));
  projectId = row!.projectId;
  // The room was last occupied two hours ago.
  await report(pir.id, { motionCount: 3, pir: 1 }, new Date(START.getTime() - 120 * MIN));
  await report(pir.id, { motionCount: 0, pir: 0 });
  const tariff = await manager('POST', '/sbuilding/energy/tariff', {
    projectId,
    name: 'FDD flat',
    validFrom: '2026-12-01',
    kind: 'flat',
    flatPrice: 1.5,
  });
  expect(tariff.statusCode, tariff.body).toBe(200);
  const factor = await manager('POST', '/sbuilding/energy/emission', {
    projectId,
    validFrom: '2026-12-01',
    kgPerKwh: 0.6,
  });
  expect(factor.statusCode, factor.body).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('fault detection', () => {
  it('raises a light left on in an empty room once it has held for the rule delay, priced on the tariff', async () => {
    await report(light.id, { onOff: true, lightnessLevel: 255 });
    await after(0);
    // Seen, but not shown until it has held for its delay (5 minutes): a passing state is not a fault.
    expect((await list()).total).toBe(0);
    const raised = await after(5 * MIN);
    expect(raised?.raised).toHaveLength(1);
    await after(5 * MIN);
    const { rows } = await list({ active: true });
    expect(rows).toHaveLength(1);
    const [finding] = rows;
    expect(finding).toMatchObject({
      rule: 'lightsOnVacant',
      deviceId: light.id,
      deviceName: 'FDD light',
      zoneName: 'FDD room',
      status: 'open',
      fix: { key: 'onOff', value: false },
    });
    // 36 W for 10 minutes: 0.006 kWh, at 1.5 a kWh and 0.6 kg a kWh.
    expect(finding!.wasteKwh).toBeCloseTo(0.006, 6);
    expect(finding!.wasteCost).toBeCloseTo(0.009, 6);
    expect(finding!.wasteCo2).toBeCloseTo(0.0036, 6);
    // Seen for less than a day: its waste per day is what it wasted so far.
    expect(finding!.wasteKwhPerDay).toBeCloseTo(0.006, 6);
  });

  it('raises one finding per fault, however many rounds see it, and lists the costliest first', async () => {
    await report(ac.id, { onOff: true, workMode: 'cool', targetTemp: 18, fanSpeed: 'high', roomTemp: 24.5 });
    await after(MIN);
    await after(15 * MIN);
    await after(MIN);
    const { rows } = await list({ active: true });
    expect(rows.map((r) => r.rule)).toEqual(['acOnVacant', 'setpointPolicy', 'lightsOnVacant']);
    const costs = rows.map((r) => r.wasteCostPerDay);
    expect([...costs].sort((a, b) => b - a)).toEqual(costs);
    expect((await list({ rule: 'setpointPolicy' })).rows[0]).toMatchObject({
      fix: { key: 'targetTemp', value: 24 },
    });
    const counted = await t.app.db.select().from(fddFindings).where(eq(fddFindings.deviceId, ac.id));
    expect(counted).toHaveLength(2);
  });

  it('moves a finding as people do: acknowledge, a stale version refused, dismiss only with a reason', async () => {
    const [finding] = (await list({ rule: 'setpointPolicy' })).rows;
    const url = `/sbuilding/fdd/finding/transition/${finding!.id}`;
    const ack = await manager('POST', url, { to: 'acknowledged', version: finding!.version });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json().data.status).toBe('acknowledged');
    expect((await manager('POST', url, { to: 'open', version: finding!.version })).statusCode).toBe(409);
    const bare = await manager('POST', url, { to: 'dismissed', version: finding!.version + 1 });
    expect(bare.statusCode).toBe(400);
    const dismissed = await manager('POST', url, {
      to: 'dismissed',
      reason: 'Server room: kept cold on purpose',
      version: finding!.version + 1,
    });
    expect(dismissed.json().data).toMatchObject({
      status: 'dismissed',
      reason: 'Server room: kept cold on purpose',
    });
    // A dismissed fault is not raised again while it is dismissed.
    await after(20 * MIN);
    expect((await list({ rule: 'setpointPolicy' })).rows.map((r) => r.status)).toEqual(['dismissed']);
  });

  it('lets a display screen read findings but not act on them', async () => {
    const { rows } = await list({ active: true });
    const read = await display('GET', `/sbuilding/fdd/finding/${rows[0]!.id}`);
    expect(read.statusCode).toBe(200);
    const move = await display('POST', `/sbuilding/fdd/finding/transition/${rows[0]!.id}`, {
      to: 'acknowledged',
      version: rows[0]!.version,
    });
    expect(move.statusCode).toBe(403);
  });

  it('answers a fix to a device that is not connected as sendCmd does, and leaves the finding open', async () => {
    const [finding] = (await list({ rule: 'lightsOnVacant' })).rows;
    const res = await manager('POST', `/sbuilding/fdd/finding/fix/${finding!.id}`, {
      version: finding!.version,
    });
    expect(res.statusCode).toBe(503);
    expect((await list({ rule: 'lightsOnVacant' })).rows[0]).toMatchObject({
      status: 'open',
      fixRequestedAt: null,
    });
  });

  it('marks a finding fixed by itself once its fault has been gone for 30 minutes', async () => {
    await report(light.id, { onOff: false });
    await after(10 * MIN);
    expect((await list({ rule: 'lightsOnVacant' })).rows[0]?.status).toBe('open');
    const cleared = await after(25 * MIN);
    expect(cleared?.cleared).toHaveLength(1);
    expect((await list({ rule: 'lightsOnVacant' })).rows[0]).toMatchObject({
      status: 'fixed',
      clearedByRule: true,
    });
  });

  it('makes one work order of a finding, however often asked', async () => {
    const [finding] = (await list({ rule: 'acOnVacant' })).rows;
    const first = await manager('POST', `/sbuilding/fdd/finding/workOrder/${finding!.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const again = await manager('POST', `/sbuilding/fdd/finding/workOrder/${finding!.id}`);
    expect(again.json().data.workOrderId).toBe(first.json().data.workOrderId);
    const order = await manager('GET', `/sbuilding/workorder/${first.json().data.workOrderId}`);
    expect(order.json().data).toMatchObject({
      title: 'Air conditioner running in an empty room: FDD AC',
      deviceId: ac.id,
    });
  });

  it("keeps each project's thresholds, checked by the shared rule", async () => {
    const rules = await manager('GET', `/sbuilding/fdd/rule/list?projectId=${projectId}`);
    const light = rules.json().data.find((r: { rule: string }) => r.rule === 'lightsOnVacant');
    expect(light).toMatchObject({
      enabled: true,
      params: { vacantMinutes: 30 },
      delayMinutes: 5,
      version: 0,
    });
    const bad = await manager('POST', `/sbuilding/fdd/rule/save/${projectId}`, {
      rule: 'lightsOnVacant',
      enabled: true,
      params: { vacantMinutes: 2 },
    });
    expect(bad.statusCode).toBe(400);
    const saved = await manager('POST', `/sbuilding/fdd/rule/save/${projectId}`, {
      rule: 'setpointPolicy',
      enabled: true,
      params: { coolMin: 25, heatMax: 21 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ params: { coolMin: 25, heatMax: 21 }, version: 1 });
    const stale = await manager('POST', `/sbuilding/fdd/rule/save/${projectId}`, {
      rule: 'setpointPolicy',
      enabled: false,
      params: { coolMin: 25, heatMax: 21 },
      version: 3,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("sums the month's waste by rule and building", async () => {
    const res = await manager('GET', `/sbuilding/fdd/summary?projectId=${projectId}&period=MONTH`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json().data;
    const { rows } = await list();
    const total = rows.reduce((a, r) => a + r.wasteKwh, 0);
    expect(summary.wasteKwh).toBeCloseTo(total, 9);
    expect(summary.wasteCost).toBeCloseTo(total * 1.5, 9);
    expect(summary.active).toBe(
      rows.filter((r) => r.status === 'open' || r.status === 'acknowledged').length,
    );
    expect(summary.byRule.map((r: { rule: string }) => r.rule).sort()).toEqual([
      'acOnVacant',
      'lightsOnVacant',
      'setpointPolicy',
    ]);
  });

  it('finds a light that took a switch-off but kept reporting on, from the control log', async () => {
    const stubborn = await insertDevice(t.app.db, { model: 's2', name: 'FDD stubborn light' });
    await t.app.db.update(devices).set({ zoneId, online: true }).where(eq(devices.id, stubborn.id));
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, stubborn.id));
    // What sendCmd writes when the device answers success.
    await t.app.db.insert(controlLog).values({
      tenantId: row!.tenantId,
      projectId,
      deviceId: stubborn.id,
      deviceName: stubborn.name,
      model: 's2',
      userName: 'manager',
      terminal: 'admin',
      method: 'setOnOff',
      params: { onOff: false },
      result: 'success',
      createdAt: clock.now(),
    });
    await report(stubborn.id, { onOff: true, lightnessLevel: 255 });
    await after(3 * MIN);
    await report(stubborn.id, { onOff: true, lightnessLevel: 255 });
    await after(3 * MIN);
    // Five minutes after the command it still reports on: seen now, shown after the rule's delay.
    await report(stubborn.id, { onOff: true, lightnessLevel: 255 });
    await after(MIN);
    await after(5 * MIN);
    const [finding] = (await list({ rule: 'ignoresCommands' })).rows;
    expect(finding).toMatchObject({
      deviceId: stubborn.id,
      status: 'open',
      fix: null,
      evidence: { readings: { onOff: true }, limit: 'onOff = false' },
    });
  });

  it("tells the project's webhook when a finding is raised and when its fault is gone", async () => {
    const bodies: { event: string; fault: Record<string, unknown> | null; project: { id: number } }[] = [];
    const receiver = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(text));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      const channel = await manager('POST', '/sbuilding/notification/channel', {
        projectId,
        name: 'Faults webhook',
        kind: 'webhook',
        enabled: true,
        levels: ['general'],
        events: ['faultRaised', 'faultFixed'],
        url: `http://127.0.0.1:${port}/faults`,
      });
      expect(channel.statusCode, channel.body).toBe(200);
      const sensor = await insertDevice(t.app.db, { model: 'th10', name: 'FDD broken sensor' });
      await t.app.db.update(devices).set({ zoneId, online: true }).where(eq(devices.id, sensor.id));
      await report(sensor.id, { temperature: 120, humidity: 40 });
      await after(MIN);
      await after(5 * MIN);
      await expect.poll(() => bodies.map((b) => b.event)).toEqual(['faultRaised']);
      expect(bodies[0]).toMatchObject({
        project: { id: projectId },
        fault: {
          rule: 'sensorRange',
          deviceName: 'FDD broken sensor',
          status: 'open',
          place: expect.stringContaining('FDD room'),
        },
      });
      await report(sensor.id, { temperature: 21.5, humidity: 40 });
      await after(MIN);
      await after(30 * MIN);
      await expect.poll(() => bodies.map((b) => b.event)).toEqual(['faultRaised', 'faultFixed']);
      expect(bodies[1]?.fault).toMatchObject({ rule: 'sensorRange', status: 'fixed' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
