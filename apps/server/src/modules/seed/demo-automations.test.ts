import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import type { DeviceChannel } from '../../mqtt/broker.js';
import { RpcWaiters } from '../../mqtt/rpc.js';
import { TestClock } from '../../platform/clock.js';
import { TelemetryBus } from '../../realtime/bus.js';
import { acAutomations } from '../ac-automation/tables.js';
import { startAcAutomation } from '../ac-automation/index.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { DEMO_PROJECT } from '../projects/index.js';
import { projects } from '../projects/tables.js';
import { startSceneAutomation, type SceneDeps } from '../scenes/index.js';
import { noonNaps, sceneRuns, scenes } from '../scenes/tables.js';
import { zones } from '../buildings/tables.js';
import { seedDemoAutomations } from './demo-automations.js';

/*
 * The demo campus automates itself: the seeded scenes, noon nap and AC automations run under the real
 * scheduler and runner (startSceneAutomation, startAcAutomation) on a TestClock moved across a working
 * Monday and a Saturday in Shanghai, devices answering through a fake channel that records each command.
 * 2026-03-16 is a Monday, 2026-03-21 a Saturday.
 */
let t: TestApp;
let tenantId: number;
let projectId: number;
const clock = new TestClock('2026-03-16T06:00:00+08:00');
const bus = new TelemetryBus();
const sent: { deviceId: number; method: string; params: Record<string, unknown> }[] = [];
let stop: (() => Promise<void>)[] = [];

function fakeChannel(): DeviceChannel {
  const rpc = new RpcWaiters();
  return {
    rpc,
    isConnected: () => true,
    disconnect: () => undefined,
    publishTo: async (deviceId, topic, payload) => {
      const body = payload as {
        method?: string;
        params?: Record<string, unknown>;
        data?: { method: string; params: Record<string, unknown>; id: number };
        device?: string;
      };
      const command = body.data ?? {
        method: body.method ?? '',
        params: body.params ?? {},
        id: Number(topic.split('/').pop()),
      };
      const [target] = body.device
        ? await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.name, body.device))
        : [{ id: deviceId }];
      const id = target?.id ?? deviceId;
      sent.push({ deviceId: id, method: command.method, params: command.params });
      rpc.settle(id, command.id, { success: true });
    },
  };
}

const local = (time: string, date = '2026-03-16') => new Date(`${date}T${time}+08:00`);
const runsNamed = async (name: string) =>
  t.app.db
    .select()
    .from(sceneRuns)
    .where(and(eq(sceneRuns.projectId, projectId), eq(sceneRuns.sceneName, name)));

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const [campus] = await t.app.db.select().from(projects).where(eq(projects.projectName, DEMO_PROJECT));
  if (!campus) throw new Error('no demo campus');
  projectId = campus.id;
  tenantId = campus.tenantId;
  await seedDemoAutomations(t.app.db, tenantId, projectId, clock.now());
  const channel = fakeChannel();
  const deps = (): SceneDeps => ({
    db: t.app.db,
    channel,
    log: t.app.controlLog,
    commandTimeoutMs: COMMAND_TIMEOUT_MS,
    clock,
  });
  stop = [
    startSceneAutomation(deps, bus, t.app.log, { catchUpMinutes: 10, tickMs: 50, clock }),
    startAcAutomation(deps, bus, t.app.log, { tickMs: 50, clock }),
  ];
});
afterAll(async () => {
  for (const s of stop) await s();
  await t?.close();
});

describe('the demo campus automations', () => {
  it('are seeded once: lights after work and on rest days, corridors by occupancy, a noon nap, AC automations', async () => {
    const db = t.app.db;
    const seeded = await db.select().from(scenes).where(eq(scenes.projectId, projectId));
    const names = seeded.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['All lights off after work', 'All lights off on rest days']),
    );
    expect(names.filter((n) => n.endsWith('corridor lights on when someone passes'))).toHaveLength(6);
    expect(names.filter((n) => n.endsWith('corridor lights off when empty'))).toHaveLength(6);
    expect(await db.select().from(noonNaps).where(eq(noonNaps.projectId, projectId))).toHaveLength(1);
    const configs = await db.select().from(acAutomations).where(eq(acAutomations.projectId, projectId));
    expect(configs.length).toBeGreaterThanOrEqual(20);
    expect(configs.some((c) => c.rules.smartTempControl && c.rules.autoOpenClose)).toBe(true);
    // A second seed adds nothing.
    await seedDemoAutomations(db, tenantId, projectId, clock.now());
    expect(await db.select().from(scenes).where(eq(scenes.projectId, projectId))).toHaveLength(seeded.length);
  });

  it('run on the campus clock: ACs open before work, the noon nap dims the offices, lights go off after work', async () => {
    const db = t.app.db;
    const officeZones = (await db.select().from(zones).where(eq(zones.type, 'office'))).map((z) => z.id);
    const officeLights = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.category, 'light'), inArray(devices.zoneId, officeZones)));
    const acs = await db.select({ id: devices.id }).from(devices).where(eq(devices.category, 'ac'));
    // Lights on at full brightness, ACs off: what the automations act on.
    await db
      .insert(deviceLatest)
      .values([
        ...officeLights.flatMap((l) => [
          { deviceId: l.id, key: 'onOff', value: true, ts: new Date() },
          { deviceId: l.id, key: 'lightnessLevel', value: 255, ts: new Date() },
        ]),
        ...acs.map((a) => ({ deviceId: a.id, key: 'onOff', value: false, ts: new Date() })),
      ])
      .onConflictDoNothing();

    // 08:30 on a working Monday: the office ACs open (the meeting rooms' wait for someone).
    clock.set(local('08:30:05'));
    await expect
      .poll(
        async () => (await db.select().from(sceneRuns).where(eq(sceneRuns.reason, 'acTimingOpen'))).length,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThanOrEqual(10);
    expect(sent.some((s) => s.method === 'setOnOff' && s.params.onOff === true)).toBe(true);

    // 12:30: the noon nap dims the office lights to 30%.
    clock.set(local('12:30:05'));
    await expect
      .poll(() => sent.filter((s) => s.method === 'setBrightness' && s.params.lightnessLevel === 77).length, {
        timeout: 20_000,
      })
      .toBe(officeLights.length);
    const napRuns = (await db.select().from(sceneRuns).where(eq(sceneRuns.projectId, projectId))).filter(
      (r) => r.noonNapId !== null,
    );
    expect(napRuns.map((r) => [r.outcome, r.detail.noonNap])).toEqual([['ran', 'start']]);

    // 19:00: every light off after work.
    clock.set(local('19:00:05'));
    await expect
      .poll(async () => (await runsNamed('All lights off after work')).map((r) => r.outcome), {
        timeout: 20_000,
      })
      .toEqual(['ran']);

    // Saturday 08:00: a rest day, the lights go off again.
    clock.set(local('08:00:05', '2026-03-21'));
    await expect
      .poll(
        async () =>
          (await runsNamed('All lights off on rest days')).filter((r) => r.outcome === 'ran').length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
  });

  it('switch a corridor by occupancy when its sensor light reports', async () => {
    const db = t.app.db;
    const [sensor] = await db.select().from(devices).where(eq(devices.name, 'A-F1 corridor light 3'));
    if (!sensor) throw new Error('no corridor sensor light');
    const before = (await runsNamed('A-F1 corridor lights on when someone passes')).filter(
      (r) => r.outcome === 'ran',
    );
    bus.publish([{ deviceId: sensor.id, key: 'pir', ts: Date.now(), value: 1 }]);
    await expect
      .poll(
        async () =>
          (await runsNamed('A-F1 corridor lights on when someone passes')).filter((r) => r.outcome === 'ran')
            .length,
        {
          timeout: 20_000,
        },
      )
      .toBe(before.length + 1);
  });
});
