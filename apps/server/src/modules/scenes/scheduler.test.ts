import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { devices } from '../devices/tables.js';
import { controlLog } from '../commands/tables.js';
import { ConditionTriggers, runDueScenes } from './scheduler.js';
import { setSceneEnabled, type SceneDeps } from './service.js';
import type { Scope } from '../../platform/tenancy.js';

const adminScope: Scope = {
  userId: 1,
  tenantId: null,
  roles: ['admin'],
  permissions: ['*:*:*'],
  isAdmin: true,
};
import { sceneRuns, scenes } from './tables.js';

/*
 * The schedule and the condition triggers on a virtual clock. No device is connected: every command is
 * 'unreachable', so a run that acted is recorded as failed (commandFailed) with its per-device lines.
 * The demo project is in Asia/Shanghai: 2026-03-16 is a Monday, 08:35 there is 00:35 UTC.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let light: TestDevice;
let pir: TestDevice;

const local = (time: string, date = '2026-03-16') => new Date(`${date}T${time}:00+08:00`);
const deps = (): SceneDeps => ({
  db: t.app.db,
  channel: null,
  log: t.app.controlLog,
  commandTimeoutMs: COMMAND_TIMEOUT_MS,
});

async function create(body: Record<string, unknown>, createdAt: Date) {
  const res = await manager('PUT', '/sbuilding/scene/create', {
    projectId,
    category: 'light',
    targets: [{ kind: 'device', id: light.id }],
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const id: number = res.json().data.id;
  await t.app.db.update(scenes).set({ createdAt }).where(eq(scenes.id, id));
  return id;
}

const runsOf = (sceneId: number) => t.app.db.select().from(sceneRuns).where(eq(sceneRuns.sceneId, sceneId));

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  light = await insertDevice(t.app.db, { model: 's2', name: 'Scheduled light' });
  pir = await insertDevice(t.app.db, { model: 'pir10', name: 'Scheduled PIR' });
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, light.id));
  projectId = row!.projectId;
});
afterAll(async () => {
  await t.close();
});

describe('the timing schedule', () => {
  it('after a restart: a due run less than N minutes late runs, an older one is recorded as missed, none twice', async () => {
    const id = await create(
      { name: 'Morning', triggerType: 'timing', executionTimes: ['08:00', '08:30', '09:00'] },
      local('07:00'),
    );
    const now = local('08:35');
    const runs = (await runDueScenes(deps(), now, 10)).filter((r) => r.sceneId === id);
    expect(runs.map((r) => [r.dueAt, r.outcome, r.reason])).toEqual([
      [local('08:00').toISOString(), 'skipped', 'missed'],
      [local('08:30').toISOString(), 'failed', 'commandFailed'],
    ]);
    expect(runs[1]?.commands).toEqual([
      expect.objectContaining({ deviceId: light.id, result: 'unreachable' }),
    ]);
    await t.app.controlLog.flushed();
    const lines = await t.app.db.select().from(controlLog).where(eq(controlLog.deviceId, light.id));
    expect(lines).toEqual([
      expect.objectContaining({ terminal: 'control', userName: 'Morning', userId: null }),
    ]);

    // The same pass again, and a later one before 09:00: nothing new.
    expect((await runDueScenes(deps(), now, 10)).filter((r) => r.sceneId === id)).toEqual([]);
    expect((await runDueScenes(deps(), local('08:59'), 10)).filter((r) => r.sceneId === id)).toEqual([]);
    const at9 = (await runDueScenes(deps(), local('09:00'), 10)).filter((r) => r.sceneId === id);
    expect(at9.map((r) => r.dueAt)).toEqual([local('09:00').toISOString()]);
    expect(await runsOf(id)).toHaveLength(3);
  });

  it('keeps to the weekdays and the calendar: a workday scene skips the Saturday with its reason', async () => {
    const id = await create(
      {
        name: 'Workday AC',
        triggerType: 'timing',
        executionTimes: ['08:00'],
        auxiliaryCondition: 'workdays',
      },
      local('07:00', '2026-03-21'),
    );
    const runs = (await runDueScenes(deps(), local('08:00', '2026-03-21'), 10)).filter(
      (r) => r.sceneId === id,
    );
    expect(runs.map((r) => [r.outcome, r.reason])).toEqual([['skipped', 'auxiliaryCondition']]);
  });

  it('waits the pre-delay from the execution time', async () => {
    const id = await create(
      { name: 'Delayed', triggerType: 'timing', executionTimes: ['10:00'], preDelaySeconds: 120 },
      local('09:00'),
    );
    expect((await runDueScenes(deps(), local('10:01'), 10)).filter((r) => r.sceneId === id)).toEqual([]);
    const runs = (await runDueScenes(deps(), local('10:02'), 10)).filter((r) => r.sceneId === id);
    expect(runs.map((r) => r.dueAt)).toEqual([local('10:00').toISOString()]);
  });

  it('stamps each run of a pass with its own time, and each command with the time its control-log line has', async () => {
    const first = await create(
      { name: 'First of the pass', triggerType: 'timing', executionTimes: ['12:00'] },
      local('11:30'),
    );
    const second = await create(
      { name: 'Second of the pass', triggerType: 'timing', executionTimes: ['12:00'] },
      local('11:30'),
    );
    // A clock that moves on by a second at each reading, as a pass whose scenes take time to send.
    let readings = 0;
    const clock = { now: () => new Date(local('12:00').getTime() + 30_000 + 1000 * readings++) };
    const runs = (await runDueScenes(deps(), clock, 10)).filter((r) =>
      [first, second].includes(r.sceneId ?? 0),
    );
    // The pass takes the scenes in the database's order: which comes first is not fixed.
    expect(runs.map((r) => r.sceneId).sort()).toEqual([first, second].sort());
    const times = runs.map((r) => Date.parse(r.time));
    expect(new Set(times).size).toBe(2);
    for (const time of times) expect(time).toBeGreaterThanOrEqual(local('12:00').getTime() + 30_000);

    await t.app.controlLog.flushed();
    const lines = await t.app.db
      .select()
      .from(controlLog)
      .where(eq(controlLog.userName, 'First of the pass'));
    expect(lines).toHaveLength(1);
    expect(runs.find((r) => r.sceneId === first)?.commands.map((c) => c.time)).toEqual([
      lines[0]?.createdAt.toISOString(),
    ]);
  });

  it('two passes at once (two server processes on one database) run a due time exactly once', async () => {
    const id = await create(
      { name: 'Contended', triggerType: 'timing', executionTimes: ['11:00'] },
      local('10:30'),
    );
    const passes = await Promise.all(
      Array.from({ length: 4 }, () => runDueScenes(deps(), local('11:01'), 10)),
    );
    expect(passes.flat().filter((r) => r.sceneId === id)).toHaveLength(1);
    expect(await runsOf(id)).toHaveLength(1);
    await t.app.controlLog.flushed();
  });

  it('a disabled scene is not scheduled; switched back on, what passed meanwhile is not "missed"', async () => {
    const id = await create(
      { name: 'Off', enabled: false, triggerType: 'timing', executionTimes: ['12:00', '13:00'] },
      local('11:30'),
    );
    expect((await runDueScenes(deps(), local('12:00'), 10)).filter((r) => r.sceneId === id)).toEqual([]);
    await setSceneEnabled(t.app.db, adminScope, id, true, local('12:30'));
    expect((await runDueScenes(deps(), local('12:31'), 10)).filter((r) => r.sceneId === id)).toEqual([]);
    const at13 = (await runDueScenes(deps(), local('13:00'), 10)).filter((r) => r.sceneId === id);
    expect(at13.map((r) => r.dueAt)).toEqual([local('13:00').toISOString()]);
  });
});

describe('device triggers', () => {
  it('act on the reading that makes the conditions hold, once per period they hold', async () => {
    const id = await create(
      {
        name: 'Empty room',
        triggerType: 'device',
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
      },
      local('07:00'),
    );
    const triggers = new ConditionTriggers(deps);
    await triggers.reload();
    const update = (pirValue: number, at: Date) =>
      triggers.onUpdate({ deviceId: pir.id, ts: at.getTime(), values: { pir: pirValue } }, at);

    // Not holding: logged once as a skip with its reason.
    const notYet = await update(1, local('13:00'));
    expect(notYet.map((r) => [r.sceneId, r.outcome, r.reason])).toEqual([[id, 'skipped', 'conditionFalse']]);
    expect(await update(1, local('13:00'))).toEqual([]);
    const first = await update(0, local('13:01'));
    expect(first.map((r) => [r.sceneId, r.trigger, r.outcome])).toEqual([[id, 'device', 'failed']]);
    expect(first[0]?.detail.conditions).toEqual([expect.objectContaining({ live: 0, holds: true })]);
    // Still empty: nothing new.
    expect(await update(0, local('13:02'))).toEqual([]);
    // Someone came and left again: a new period (the not-holding skip is not logged again within 10 minutes).
    expect(await update(1, local('13:03'))).toEqual([]);
    expect((await update(0, local('13:04'))).map((r) => r.sceneId)).toEqual([id]);
    expect((await runsOf(id)).map((r) => r.outcome).sort()).toEqual(['failed', 'failed', 'skipped']);
  });

  it('two processes evaluating the same reading act once', async () => {
    const id = await create(
      {
        name: 'Empty lab',
        triggerType: 'device',
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'less', value: 1 }],
      },
      local('07:00'),
    );
    const processes = [new ConditionTriggers(deps), new ConditionTriggers(deps), new ConditionTriggers(deps)];
    await Promise.all(processes.map((p) => p.reload()));
    const at = local('15:00');
    const runs = await Promise.all(
      processes.map((p) => p.onUpdate({ deviceId: pir.id, ts: at.getTime(), values: { pir: 0 } }, at)),
    );
    expect(runs.flat().filter((r) => r.sceneId === id && r.outcome !== 'skipped')).toHaveLength(1);
    expect((await runsOf(id)).filter((r) => r.outcome !== 'skipped')).toHaveLength(1);
    // And once more, as each process's pass would: still one.
    await Promise.all(processes.map((p) => p.evaluateAll(local('15:01'))));
    expect((await runsOf(id)).filter((r) => r.outcome !== 'skipped')).toHaveLength(1);
  });

  it('log the skips of a busy sensor flapping around its threshold at most once per 10 minutes and reason', async () => {
    const id = await create(
      {
        name: 'Busy corridor',
        triggerType: 'device',
        repeatIntervalMinutes: 60,
        conditions: [
          { source: 'device', deviceId: pir.id, property: 'motionCount', operator: 'greater', value: 5 },
        ],
      },
      local('07:00'),
    );
    const triggers = new ConditionTriggers(deps);
    await triggers.reload();
    // 60 readings, one every 30 s over half an hour, alternating below and above the threshold.
    const start = local('10:00').getTime();
    for (let i = 0; i < 60; i++) {
      const at = new Date(start + i * 30_000);
      await triggers.onUpdate(
        { deviceId: pir.id, ts: at.getTime(), values: { motionCount: i % 2 ? 9 : 1 } },
        at,
      );
    }
    const logged = (await runsOf(id)).sort((x, y) => x.startedAt.getTime() - y.startedAt.getTime());
    const minute = (r: { startedAt: Date }) => (r.startedAt.getTime() - start) / 60_000;
    // It ran once (at 10:00:30); then 'not holding' and 'within the repeat interval' each at most every 10 min.
    expect(logged.map((r) => [minute(r), r.outcome, r.reason])).toEqual([
      [0, 'skipped', 'conditionFalse'],
      [0.5, 'failed', 'commandFailed'],
      [1.5, 'skipped', 'repeatInterval'],
      [10, 'skipped', 'conditionFalse'],
      [11.5, 'skipped', 'repeatInterval'],
      [20, 'skipped', 'conditionFalse'],
      [21.5, 'skipped', 'repeatInterval'],
    ]);
  });

  it('record a skip once per period and reason, not at every reading', async () => {
    const id = await create(
      {
        name: 'Evenings only',
        triggerType: 'device',
        timeRange: { start: '18:00', end: '23:00' },
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
      },
      local('07:00'),
    );
    const triggers = new ConditionTriggers(deps);
    await triggers.reload();
    const update = (at: Date) =>
      triggers.onUpdate({ deviceId: pir.id, ts: at.getTime(), values: { pir: 0 } }, at);
    const first = (await update(local('14:00'))).filter((r) => r.sceneId === id);
    expect(first.map((r) => [r.outcome, r.reason])).toEqual([['skipped', 'timeRange']]);
    expect((await update(local('14:01'))).filter((r) => r.sceneId === id)).toEqual([]);
    expect(await runsOf(id)).toHaveLength(1);
  });
});
