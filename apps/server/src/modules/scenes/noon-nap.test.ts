import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import type { DeviceChannel } from '../../mqtt/broker.js';
import { RpcWaiters } from '../../mqtt/rpc.js';
import { floors } from '../buildings/tables.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { napEventsBetween } from './noon-nap-plan.js';
import { runDueNoonNaps } from './noon-nap-runner.js';
import type { SceneDeps } from './service.js';
import { noonNaps, sceneRuns } from './tables.js';

/*
 * Noon naps on a real database and a virtual clock. The demo project (Asia/Shanghai) has the NAP work time
 * 12:30-13:30; 2026-03-16 is a Monday, 2026-03-21 a Saturday. Devices answer through a fake channel that
 * records every command and replies success.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let projectId: number;
let zoneId: number;
const sent: { deviceId: number; method: string; params: Record<string, unknown> }[] = [];
const ids = { bright: 0, dark: 0, dim: 0, coolAc: 0, hotAc: 0, offAc: 0 };

const local = (time: string, date = '2026-03-16') => new Date(`${date}T${time}:00+08:00`);

function fakeChannel(): DeviceChannel {
  const rpc = new RpcWaiters();
  return {
    rpc,
    isConnected: () => true,
    disconnect: () => undefined,
    publishTo: async (deviceId, topic, payload) => {
      const body = payload as { method: string; params: Record<string, unknown> };
      sent.push({ deviceId, method: body.method, params: body.params });
      rpc.settle(deviceId, Number(topic.split('/').pop()), { success: true });
    },
  };
}
let channel: DeviceChannel;
const deps = (): SceneDeps => ({
  db: t.app.db,
  channel,
  log: t.app.controlLog,
  commandTimeoutMs: COMMAND_TIMEOUT_MS,
});

async function device(model: 's2' | 'ac20', name: string, values: Record<string, string | number | boolean>) {
  const d = await insertDevice(t.app.db, { model, name });
  await t.app.db.update(devices).set({ zoneId }).where(eq(devices.id, d.id));
  await t.app.db
    .insert(deviceLatest)
    .values(Object.entries(values).map(([key, value]) => ({ deviceId: d.id, key, value, ts: new Date() })));
  return d.id;
}

async function createNap(body: Record<string, unknown>, createdAt: Date) {
  const res = await manager('PUT', '/sbuilding/noonNap/create', {
    projectId,
    zoneIds: [zoneId],
    dimLevel: 50,
    acAction: 'sleep',
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const id: number = res.json().data.id;
  await t.app.db.update(noonNaps).set({ createdAt }).where(eq(noonNaps.id, id));
  return id;
}

const sentTo = (deviceId: number) => sent.filter((s) => s.deviceId === deviceId).map((s) => s.params);

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  channel = fakeChannel();
  // The routes' command path (delete during a nap) goes through it too.
  t.app.deviceChannel = channel;
  manager = as(t, await t.login('manager', 'manager123'));
  managerZh = as(t, await t.login('manager', 'manager123'), 'ZH');
  const probe = await insertDevice(t.app.db, { model: 's2', name: 'Nap probe' });
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, probe.id));
  projectId = row!.projectId;
  const [floor] = await t.app.db
    .select()
    .from(floors)
    .where(eq(floors.buildingId, row!.buildingId!))
    .orderBy(asc(floors.id))
    .limit(1);
  const zone = await manager('PUT', '/sbuilding/sector/create', {
    floorId: floor!.id,
    name: 'Nap room',
    type: 'office',
  });
  zoneId = zone.json().data.id;
  ids.bright = await device('s2', 'Nap bright light', { onOff: true, lightnessLevel: 200 });
  ids.dark = await device('s2', 'Nap light off', { onOff: false, lightnessLevel: 200 });
  ids.dim = await device('s2', 'Nap dim light', { onOff: true, lightnessLevel: 30 });
  ids.coolAc = await device('ac20', 'Nap cooling AC', {
    onOff: true,
    workMode: 'cool',
    fanSpeed: 'high',
    targetTemp: 24,
  });
  ids.hotAc = await device('ac20', 'Nap heating AC', {
    onOff: true,
    workMode: 'hot',
    fanSpeed: 'low',
    targetTemp: 22,
  });
  ids.offAc = await device('ac20', 'Nap AC off', { onOff: false, workMode: 'cool', fanSpeed: 'mid' });
});
afterAll(async () => {
  await t.close();
});

describe('creating a noon nap', () => {
  it('is refused with a clear message when the project has no NAP work time (spec section 5)', async () => {
    const project = await manager('PUT', '/sbuilding/project/create', {
      projectName: 'No nap project',
      status: 'new',
      address: 'Somewhere',
    });
    const body = {
      projectId: project.json().data.id,
      name: 'Nap',
      zoneIds: [zoneId],
      dimLevel: 40,
      acAction: 'sleep',
    };
    const en = await manager('PUT', '/sbuilding/noonNap/create', body);
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe(
      'A noon-nap scene needs a NAP work time first: add a work time of type NAP to the project (Projects, work times)',
    );
    const zh = await managerZh('PUT', '/sbuilding/noonNap/create', body);
    expect(zh.json().msg).toContain('午休场景需要先设置午休（NAP）工作时间');
  });

  it('binds to the NAP work time, lists it with its window, and checks names, zones and versions', async () => {
    const options = (await manager('GET', `/sbuilding/noonNap/options?projectId=${projectId}`)).json().data;
    expect(options.napWorkTimes.map((w: { startTime: string }) => w.startTime)).toEqual(['12:30']);
    expect(options.zones).toContainEqual(expect.objectContaining({ id: zoneId, name: 'Nap room' }));

    const created = await manager('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'Quiet floor',
      zoneIds: [zoneId, zoneId],
      dimLevel: 60,
      acAction: 'off',
    });
    expect(created.statusCode).toBe(200);
    const nap = created.json().data;
    expect(nap).toMatchObject({
      workTimeId: options.napWorkTimes[0].id,
      window: { startTime: '12:30', endTime: '13:30' },
      zones: [{ id: zoneId, name: 'Nap room' }],
      dimLevel: 60,
      acAction: 'off',
      sleepOffset: 2,
      enabled: true,
      napping: false,
      lastRun: null,
    });
    const again = await manager('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'Quiet floor',
      zoneIds: [zoneId],
      dimLevel: 60,
      acAction: 'off',
    });
    expect(again.json().msg).toBe('The project already has a noon nap named [Quiet floor]');
    const badLevel = await manager('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'Too bright',
      zoneIds: [zoneId],
      dimLevel: 300,
      acAction: 'off',
    });
    expect(badLevel.json().msg).toBe('Value must be between 0 and 255');
    const lunch = await manager('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'Lunch bound',
      workTimeId: 999_999,
      zoneIds: [zoneId],
      dimLevel: 60,
      acAction: 'off',
    });
    expect(lunch.json().msg).toBe("Choose one of the project's NAP work times");

    const saved = await manager('POST', `/sbuilding/noonNap/save/${nap.id}`, {
      name: 'Quiet floor',
      zoneIds: [zoneId],
      dimLevel: 20,
      acAction: 'keep',
      version: nap.version,
    });
    expect(saved.json().data).toMatchObject({ dimLevel: 20, acAction: 'keep', version: nap.version + 1 });
    const stale = await manager('POST', `/sbuilding/noonNap/save/${nap.id}`, {
      name: 'Quiet floor',
      zoneIds: [zoneId],
      dimLevel: 25,
      acAction: 'keep',
      version: nap.version,
    });
    expect(stale.statusCode).toBe(409);
    const off = await manager('POST', `/sbuilding/noonNap/enable/${nap.id}`, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const list = (await manager('POST', '/sbuilding/noonNap/getList', { projectId })).json().data;
    expect(list.rows.map((r: { name: string }) => r.name)).toContain('Quiet floor');
    expect((await manager('DELETE', `/sbuilding/noonNap/${nap.id}`)).statusCode).toBe(200);
    expect((await manager('DELETE', `/sbuilding/noonNap/${nap.id}`)).statusCode).toBe(404);
  });
});

describe('the NAP window on a virtual clock', () => {
  it('lists starts and ends in time order, an overnight end on the next day', () => {
    const events = napEventsBetween(
      { startTime: '12:30', endTime: '13:30' },
      'Asia/Shanghai',
      local('12:00'),
      local('12:00', '2026-03-17'),
    );
    expect(events.map((e) => [e.phase, e.at.toISOString()])).toEqual([
      ['start', local('12:30').toISOString()],
      ['end', local('13:30').toISOString()],
    ]);
    const overnight = napEventsBetween(
      { startTime: '23:00', endTime: '01:00' },
      'Asia/Shanghai',
      local('22:00'),
      local('02:00', '2026-03-17'),
    );
    expect(overnight.map((e) => [e.phase, e.date])).toEqual([
      ['start', '2026-03-16'],
      ['end', '2026-03-16'],
    ]);
  });

  it('dims and sleeps what is on at the start, saving each state, and puts it back at the end, once', async () => {
    const id = await createNap({ name: 'Monday nap' }, local('11:00'));
    sent.length = 0;
    expect(await runDueNoonNaps(deps(), local('12:29'), 10)).toEqual([]);

    const [start, ...others] = (await runDueNoonNaps(deps(), local('12:30'), 10)).filter(
      (r) => r.sceneName === 'Monday nap',
    );
    expect(others).toEqual([]);
    expect(start).toMatchObject({ outcome: 'ran', reason: null, dueAt: local('12:30').toISOString() });
    expect(start?.detail).toMatchObject({ noonNap: 'start', saved: 3 });
    expect(sentTo(ids.bright)).toEqual([{ lightnessLevel: 50 }]);
    expect(sentTo(ids.coolAc)).toEqual([{ fanSpeed: 'low' }, { targetTemp: 26 }]);
    expect(sentTo(ids.hotAc)).toEqual([{ targetTemp: 20 }]);
    // Off, or already dimmer: left alone.
    expect(sentTo(ids.dark)).toEqual([]);
    expect(sentTo(ids.dim)).toEqual([]);
    expect(sentTo(ids.offAc)).toEqual([]);
    const [napping] = await t.app.db.select().from(noonNaps).where(eq(noonNaps.id, id));
    expect(napping?.saved?.states).toEqual([
      expect.objectContaining({ deviceId: ids.bright, kind: 'light', lightnessLevel: 200 }),
      expect.objectContaining({ deviceId: ids.coolAc, kind: 'ac', fanSpeed: 'high', targetTemp: 24 }),
      expect.objectContaining({ deviceId: ids.hotAc, kind: 'ac', fanSpeed: 'low', targetTemp: 22 }),
    ]);
    const listed = (await manager('POST', '/sbuilding/noonNap/getList', { projectId })).json().data.rows;
    expect(listed.find((n: { id: number }) => n.id === id)).toMatchObject({
      napping: true,
      lastRun: { outcome: 'ran' },
    });

    // The same pass again, and two at once at the end: each due time acts once.
    expect(await runDueNoonNaps(deps(), local('12:31'), 10)).toEqual([]);
    sent.length = 0;
    const ends = (
      await Promise.all([
        runDueNoonNaps(deps(), local('13:30'), 10),
        runDueNoonNaps(deps(), local('13:30'), 10),
      ])
    )
      .flat()
      .filter((r) => r.sceneName === 'Monday nap');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ outcome: 'ran', dueAt: local('13:30').toISOString() });
    expect(sentTo(ids.bright)).toEqual([{ lightnessLevel: 200 }]);
    expect(sentTo(ids.coolAc)).toEqual([{ fanSpeed: 'high' }, { targetTemp: 24 }]);
    expect(sentTo(ids.hotAc)).toEqual([{ targetTemp: 22 }]);
    const [after] = await t.app.db.select().from(noonNaps).where(eq(noonNaps.id, id));
    expect(after?.saved).toBeNull();
    const runs = await t.app.db
      .select()
      .from(sceneRuns)
      .where(eq(sceneRuns.noonNapId, id))
      .orderBy(asc(sceneRuns.id));
    expect(runs.map((r) => [r.detail.noonNap, r.outcome, r.trigger])).toEqual([
      ['start', 'ran', 'timing'],
      ['end', 'ran', 'timing'],
    ]);
    await manager('DELETE', `/sbuilding/noonNap/${id}`);
  });

  it('skips a rest day and a start missed while the server was down, with their reasons', async () => {
    const late = await createNap({ name: 'Late nap' }, local('11:00', '2026-03-23'));
    const missed = (await runDueNoonNaps(deps(), local('12:45', '2026-03-23'), 10)).filter(
      (r) => r.sceneName === 'Late nap',
    );
    expect(missed.map((r) => [r.outcome, r.reason, r.detail.noonNap, r.detail.lateMinutes])).toEqual([
      ['skipped', 'missed', 'start', 15],
    ]);
    // Nothing was changed: the end has nothing to put back and is not logged.
    expect(await runDueNoonNaps(deps(), local('13:30', '2026-03-23'), 10)).toEqual([]);
    await manager('DELETE', `/sbuilding/noonNap/${late}`);

    const rest = await createNap({ name: 'Saturday nap' }, local('11:00', '2026-03-21'));
    const runs = (await runDueNoonNaps(deps(), local('12:30', '2026-03-21'), 10)).filter(
      (r) => r.sceneName === 'Saturday nap',
    );
    expect(runs.map((r) => [r.outcome, r.reason, r.detail.day])).toEqual([
      ['skipped', 'auxiliaryCondition', 'weekend'],
    ]);
    await manager('DELETE', `/sbuilding/noonNap/${rest}`);
  });

  it('still restores at the end when disabled during the nap', async () => {
    const id = await createNap({ name: 'Switched off nap', acAction: 'off' }, local('11:00', '2026-03-24'));
    sent.length = 0;
    await runDueNoonNaps(deps(), local('12:30', '2026-03-24'), 10);
    expect(sentTo(ids.coolAc)).toEqual([{ onOff: false }]);
    // As the enable call does, on the virtual clock.
    await t.app.db.update(noonNaps).set({ enabled: false }).where(eq(noonNaps.id, id));
    sent.length = 0;
    const ends = (await runDueNoonNaps(deps(), local('13:30', '2026-03-24'), 10)).filter(
      (r) => r.sceneName === 'Switched off nap',
    );
    expect(ends).toHaveLength(1);
    expect(sentTo(ids.coolAc)).toEqual([{ onOff: true }]);
    expect(sentTo(ids.bright)).toEqual([{ lightnessLevel: 200 }]);
    const [row] = await t.app.db
      .select()
      .from(noonNaps)
      .where(and(eq(noonNaps.id, id), eq(noonNaps.enabled, false)));
    expect(row?.saved).toBeNull();
  });

  it('puts back what the nap changed when it is deleted during the nap, and logs it', async () => {
    const id = await createNap({ name: 'Deleted nap', acAction: 'keep' }, local('11:00', '2026-03-25'));
    await runDueNoonNaps(deps(), local('12:30', '2026-03-25'), 10);
    sent.length = 0;
    expect((await manager('DELETE', `/sbuilding/noonNap/${id}`)).statusCode).toBe(200);
    expect(sentTo(ids.bright)).toEqual([{ lightnessLevel: 200 }]);
    expect(sentTo(ids.coolAc)).toEqual([]);
    const runs = await t.app.db
      .select()
      .from(sceneRuns)
      .where(eq(sceneRuns.sceneName, 'Deleted nap'))
      .orderBy(asc(sceneRuns.id));
    expect(runs.map((r) => [r.detail.noonNap, r.outcome, r.detail.deleted, r.noonNapId])).toEqual([
      ['start', 'ran', undefined, null],
      ['end', 'ran', true, null],
    ]);
  });
});
