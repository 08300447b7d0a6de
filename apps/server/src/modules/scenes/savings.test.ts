import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { SavingEvidence, SceneCommandResult } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as, createTenant } from '../../test/tenants.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { savingBaselines } from '../savings/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { sceneAndNapEvidence } from './savings.js';
import { noonNaps, sceneRuns } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let tenantId: number;
let buildingId: number;
let light: TestDevice;
let ac: TestDevice;
let pir: TestDevice;

const at = (hhmm: string, day = '2026-11-10') => new Date(`${day}T${hhmm}:00Z`);
const period = { from: at('00:00'), to: at('00:00', '2026-11-12') };

function off(device: TestDevice, ok = true): SceneCommandResult {
  return {
    targetKind: 'device',
    targetId: device.id,
    method: 'setOnOff',
    params: { onOff: false },
    deviceId: device.id,
    deviceName: 'x',
    result: ok ? 'success' : 'timeout',
    message: '',
    latencyMs: 10,
  };
}

async function scene(name: string, target: TestDevice, category: 'light' | 'ac') {
  const res = await manager('PUT', '/sbuilding/scene/create', {
    projectId,
    name,
    triggerType: 'device',
    category,
    conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
    targets: [{ kind: 'device', id: target.id }],
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().data as { id: number; name: string };
}

async function run(s: { id: number; name: string }, startedAt: Date, commands: SceneCommandResult[]) {
  await t.app.db.insert(sceneRuns).values({
    tenantId,
    projectId,
    sceneId: s.id,
    sceneName: s.name,
    trigger: 'device',
    outcome: 'ran',
    startedAt,
    commands,
  });
}

async function savings(as: typeof manager = manager) {
  return as('POST', '/sbuilding/scene/savings', {
    projectId,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
  });
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  manager = as(t, await t.login('manager', 'manager123'));
  await createTenant(t, 'Savings other tenant', [{ username: 'savingsother', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('savingsother', 'savingsother123'));
  light = await insertDevice(db, { model: 's2', name: 'Savings light', parentId: null });
  const gateway = await insertDevice(db, { model: 'cc10', name: 'Savings AC gateway' });
  ac = await insertDevice(db, { model: 'ac20', name: 'Savings AC', parentId: gateway.id });
  pir = await insertDevice(db, { model: 'pir10', name: 'Savings PIR' });
  const [row] = await db.select().from(devices).where(eq(devices.id, light.id));
  projectId = row!.projectId;
  tenantId = row!.tenantId;
  buildingId = row!.buildingId;
});
afterAll(async () => {
  await t.close();
});

describe('scene savings', () => {
  it('counts what really changed: the lower state reported after the command, until the next change', async () => {
    const lights = await scene('Savings lights off', light, 'light');
    const acs = await scene('Savings AC off', ac, 'ac');
    const idle = await scene('Savings idle', light, 'light');
    const failed = await scene('Savings failed', ac, 'ac');
    await t.app.db.insert(telemetryRaw).values([
      // The light was on at full brightness, reported off right after the 12:00 run, on again at 14:00
      // (a person): 2 h × 36 W.
      { deviceId: light.id, key: 'onOff', ts: at('11:00'), num: 1 },
      { deviceId: light.id, key: 'lightnessLevel', ts: at('11:00'), num: 255 },
      { deviceId: light.id, key: 'onOff', ts: new Date(at('12:00').getTime() + 1000), num: 0 },
      { deviceId: light.id, key: 'onOff', ts: at('13:00'), num: 0 },
      { deviceId: light.id, key: 'onOff', ts: at('14:00'), num: 1 },
      // The AC cooled a room 3 °C above its setpoint (full power, 1000 W), was reported off (5 W) right after
      // the 18:00 run and never changed again: capped at 10 h × 995 W.
      { deviceId: ac.id, key: 'onOff', ts: at('17:00'), num: 1 },
      { deviceId: ac.id, key: 'roomTemp', ts: at('17:00'), num: 27 },
      { deviceId: ac.id, key: 'targetTemp', ts: at('17:00'), num: 24 },
      { deviceId: ac.id, key: 'fanSpeed', ts: at('17:00'), txt: 'mid' },
      { deviceId: ac.id, key: 'workMode', ts: at('17:00'), txt: 'cool' },
      { deviceId: ac.id, key: 'onOff', ts: new Date(at('18:00').getTime() + 1000), num: 0 },
    ]);
    await run(lights, at('12:00'), [off(light)]);
    await run(acs, at('18:00'), [off(ac)]);
    // The light was already off at 13:00: nothing saved.
    await run(idle, at('13:00'), [off(light)]);
    // A command the AC never reported (its gateway offline) at 16:00: nothing saved.
    await run(failed, at('16:00'), [off(ac, false)]);

    const res = await savings();
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows as { sceneId: number; offHours: number; kwh: number }[];
    expect(rows).toContainEqual({ sceneId: lights.id, offHours: 2, kwh: 0.07 });
    expect(rows).toContainEqual({ sceneId: acs.id, offHours: 10, kwh: 9.95 });
    expect(rows).toContainEqual({ sceneId: idle.id, offHours: 0, kwh: 0 });
    expect(rows).toContainEqual({ sceneId: failed.id, offHours: 0, kwh: 0 });

    // The scene's detail shows each saving's evidence.
    const evidence = await manager('POST', '/sbuilding/scene/savings/evidence', {
      sceneId: lights.id,
      from: period.from.toISOString(),
      to: period.to.toISOString(),
    });
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json().data).toMatchObject({ total: 1, kwh: 0.07 });
    expect(evidence.json().data.rows[0]).toMatchObject({
      deviceId: light.id,
      commandAt: at('12:00').toISOString(),
      before: { onOff: true, lightnessLevel: 255 },
      after: { onOff: false, lightnessLevel: 255 },
      afterAt: new Date(at('12:00').getTime() + 1000).toISOString(),
      endAt: at('14:00').toISOString(),
      endReason: 'changed',
      beforeWatts: 36.5,
      afterWatts: 0.5,
      savedWatts: 36,
    });
    expect(
      (await stranger('POST', '/sbuilding/scene/savings/evidence', { sceneId: lights.id })).statusCode,
    ).toBe(404);

    // The energy board sums scenes and AC automations for its period.
    const board = await manager(
      'GET',
      `/sbuilding/board/energy/savings?projectId=${projectId}&period=MONTH&anchor=2026-11-10`,
    );
    expect(board.statusCode).toBe(200);
    expect(board.json().data.scenesKwh).toBeGreaterThanOrEqual(10.02);
    expect(board.json().data.kwh).toBeGreaterThanOrEqual(board.json().data.scenesKwh);
    // With the board's building: the devices of that building count, those of another building do not.
    const month = `/sbuilding/board/energy/savings?projectId=${projectId}&period=MONTH&anchor=2026-11-10`;
    const own = await manager('GET', `${month}&buildingId=${buildingId}`);
    expect(own.json().data.scenesKwh).toBeGreaterThanOrEqual(10.02);
    const [other] = await t.app.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(and(eq(buildings.projectId, projectId), ne(buildings.id, buildingId)));
    if (!other) throw new Error('the demo project has one building only');
    const elsewhere = await manager('GET', `${month}&buildingId=${other.id}`);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().data.scenesKwh).toBeLessThan(own.json().data.scenesKwh);
  });

  it("counts a noon nap's dimming by the brightness difference until the next reported change", async () => {
    const db = t.app.db;
    const day = '2026-11-11';
    const dimmed = await insertDevice(db, { model: 's2', name: 'Nap light', parentId: null });
    const leftEarly = await insertDevice(db, { model: 's2', name: 'Nap light switched off', parentId: null });
    const [nap] = await db
      .insert(noonNaps)
      .values({ tenantId, projectId, name: 'Savings nap', zoneIds: [], dimLevel: 77, acAction: 'keep' })
      .returning();
    if (!nap) throw new Error('no nap');
    const dim = (d: TestDevice, lightnessLevel: number): SceneCommandResult => ({
      ...off(d),
      method: 'setBrightness',
      params: { lightnessLevel },
    });
    const napRun = async (phase: 'start' | 'end', startedAt: Date, commands: SceneCommandResult[]) =>
      db.insert(sceneRuns).values({
        tenantId,
        projectId,
        sceneId: null,
        noonNapId: nap.id,
        sceneName: nap.name,
        trigger: 'timing',
        outcome: 'ran',
        detail: { noonNap: phase },
        dueAt: startedAt,
        startedAt,
        commands,
      });
    const later = (hhmm: string, ms: number) => new Date(at(hhmm, day).getTime() + ms);
    await db.insert(telemetryRaw).values([
      // Both lights on at full brightness; the nap dims them to 77 at 12:00 (reported a second later).
      { deviceId: dimmed.id, key: 'onOff', ts: at('11:00', day), num: 1 },
      { deviceId: dimmed.id, key: 'lightnessLevel', ts: at('11:00', day), num: 255 },
      { deviceId: dimmed.id, key: 'lightnessLevel', ts: later('12:00', 1000), num: 77 },
      // The end puts it back at 13:30: 1.5 h × 36 W × (255 − 77) / 255 = 37.69 Wh.
      { deviceId: dimmed.id, key: 'lightnessLevel', ts: later('13:30', 1000), num: 255 },
      { deviceId: leftEarly.id, key: 'onOff', ts: at('11:00', day), num: 1 },
      { deviceId: leftEarly.id, key: 'lightnessLevel', ts: at('11:00', day), num: 255 },
      { deviceId: leftEarly.id, key: 'lightnessLevel', ts: later('12:00', 1000), num: 77 },
      // A person switches it off at 12:40: the saving ends there, from the report at 12:00:01, so
      // (40 min − 1 s) × 25.13 W = 16.75 Wh.
      { deviceId: leftEarly.id, key: 'onOff', ts: at('12:40', day), num: 0 },
    ]);
    await napRun('start', at('12:00', day), [dim(dimmed, 77), dim(leftEarly, 77)]);
    // The end's restore raises the draw: it counts nothing.
    await napRun('end', at('13:30', day), [dim(dimmed, 255)]);

    const range = { from: at('00:00', day), to: at('00:00', '2026-11-12') };
    const scope = { userId: 0, tenantId, roles: ['tbAdmin' as const], permissions: [], isAdmin: false };
    const found = await sceneAndNapEvidence(db, scope, projectId, range);
    const rows = found.noonNaps.sort((a, b) => a.deviceId - b.deviceId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      owner: nap.id,
      deviceId: dimmed.id,
      before: { onOff: true, lightnessLevel: 255 },
      after: { onOff: true, lightnessLevel: 77 },
      beforeWatts: 36.5,
      afterWatts: 11.37,
      savedWatts: 25.13,
      endAt: later('13:30', 1000).toISOString(),
      endReason: 'changed',
      kwh: 0.0377,
    });
    expect(rows[1]).toMatchObject({
      deviceId: leftEarly.id,
      endAt: at('12:40', day).toISOString(),
      kwh: 0.0167,
    });
    // Not a scene's: the scenes' figures do not change.
    expect(found.scenes.every((s) => s.deviceId !== dimmed.id)).toBe(true);

    // The energy board counts the naps beside scenes and AC automations: 37.69 + 16.75 Wh.
    const board = await manager(
      'GET',
      `/sbuilding/board/energy/savings?projectId=${projectId}&period=DAY&anchor=${day}`,
    );
    expect(board.statusCode).toBe(200);
    expect(board.json().data.noonNapsKwh).toBe(0.05);
    expect(board.json().data.kwh).toBeCloseTo(
      board.json().data.scenesKwh + 0.05 + board.json().data.acAutomationsKwh,
      6,
    );
  });

  it('holds an after-work switch-off to what the light drew at those hours on comparable workdays', async () => {
    const db = t.app.db;
    // Local (the demo campus is in Shanghai, UTC+8) times of November 2026, which has no holiday.
    const local = (day: string, hhmm: string, ms = 0) =>
      new Date(Date.parse(`2026-11-${day}T${hhmm}:00+08:00`) + ms);
    const late = await insertDevice(db, {
      model: 's2',
      name: 'Baseline light on until 20:00',
      parentId: null,
    });
    const early = await insertDevice(db, {
      model: 's2',
      name: 'Baseline light off at 18:10',
      parentId: null,
    });
    const fresh = await insertDevice(db, {
      model: 's2',
      name: 'Baseline light without history',
      parentId: null,
    });
    const newcomer = await insertDevice(db, {
      model: 's2',
      name: 'Baseline light new in the zone',
      parentId: null,
    });
    // The newcomer shares a zone with the light switched off at 18:10.
    const [floor] = await db.select().from(floors).where(eq(floors.buildingId, buildingId)).limit(1);
    if (!floor) throw new Error('no floor');
    const [zone] = await db
      .insert(zones)
      .values({ tenantId, floorId: floor.id, name: 'Baseline zone', type: 'OFFICE' })
      .returning();
    if (!zone) throw new Error('no zone');
    await db
      .update(devices)
      .set({ floorId: floor.id, zoneId: zone.id })
      .where(inArray(devices.id, [early.id, newcomer.id]));
    const offScene = await scene('Baseline lights off after work', late, 'light');
    const rows: (typeof telemetryRaw.$inferInsert)[] = [];
    const day = (d: TestDevice, date: string, off: Date) =>
      rows.push(
        { deviceId: d.id, key: 'onOff', ts: local(date, '08:30'), num: 1 },
        { deviceId: d.id, key: 'lightnessLevel', ts: local(date, '08:30'), num: 255 },
        { deviceId: d.id, key: 'onOff', ts: off, num: 0 },
      );
    // Wednesday 11th to Monday 16th: the people switch one light off at 20:00, the other at 18:10. On
    // Monday the scene switched the first one off at 18:00: not a comparable day for it.
    for (const date of ['11', '12', '13', '16']) {
      day(late, date, date === '16' ? local(date, '18:00', 1000) : local(date, '20:00'));
      day(early, date, local(date, '18:10'));
    }
    // Tuesday 17th: the scene switches all three off at 18:00 (reported a second later); nothing changes
    // before the 10 h cap.
    for (const d of [late, early, fresh, newcomer]) day(d, '17', local('17', '18:00', 1000));
    await db.insert(telemetryRaw).values(rows);
    await run(offScene, local('16', '18:00'), [off(late)]);
    await run(offScene, local('17', '18:00'), [off(late), off(early), off(fresh), off(newcomer)]);

    const evidence = await manager('POST', '/sbuilding/scene/savings/evidence', {
      sceneId: offScene.id,
      from: local('17', '00:00').toISOString(),
      to: local('19', '00:00').toISOString(),
    });
    expect(evidence.statusCode).toBe(200);
    const found = evidence.json().data.rows as SavingEvidence[];
    const of = (d: TestDevice) => found.find((r) => r.deviceId === d.id);
    // The plain rule: 10 h × 36 W = 0.36 kWh each. On until 20:00 on its comparable days (Monday was the
    // scene's, Tuesday the 10th it reported nothing): 2 h of the 10, 0.072 kWh.
    expect(of(late)).toMatchObject({
      hours: 10,
      kwh: 0.072,
      baseline: {
        source: 'device',
        workday: true,
        days: ['2026-11-13', '2026-11-12', '2026-11-11'],
        share: 0.2,
        plainKwh: 0.36,
      },
    });
    // Off at 18:10 on its four comparable workdays: 10 minutes (less the second of the report), 0.006 kWh.
    expect(of(early)).toMatchObject({
      kwh: 0.006,
      baseline: {
        source: 'device',
        days: ['2026-11-16', '2026-11-13', '2026-11-12', '2026-11-11'],
        share: 0.0166,
      },
    });
    // No comparable day of its own: its zone's other light on that light's comparable workdays.
    expect(of(newcomer)).toMatchObject({
      kwh: 0.006,
      baseline: {
        source: 'zone',
        days: ['2026-11-16', '2026-11-13', '2026-11-12', '2026-11-11'],
        devices: 1,
        share: 0.0166,
      },
    });
    // No comparable day known, nor a zone: the plain rule, and the evidence says so.
    expect(of(fresh)).toMatchObject({
      kwh: 0.36,
      baseline: { source: 'none', workday: true, days: [], devices: 0, share: 1, plainKwh: 0.36 },
    });
    expect(evidence.json().data.kwh).toBe(0.44);
  });

  it('keeps another tenant out and checks the period', async () => {
    expect((await savings(stranger)).statusCode).toBe(404);
    const bad = await manager('POST', '/sbuilding/scene/savings', { projectId, from: 'yesterday' });
    expect(bad.statusCode).toBe(400);
    const board = await stranger('GET', `/sbuilding/board/energy/savings?projectId=${projectId}&period=DAY`);
    expect(board.statusCode).toBe(404);
  });

  it('keeps counting a scene that runs every workday with the baseline of the weeks before it started', async () => {
    const db = t.app.db;
    // Shanghai local times; November and December 2026 have no holiday, so the workdays are Monday-Friday.
    const local = (date: string, hhmm: string, ms = 0) =>
      new Date(Date.parse(`2026-${date}T${hhmm}:00+08:00`) + ms);
    const workdays = (from: string, to: string) => {
      const out: string[] = [];
      for (
        let d = Date.parse(`2026-${from}T00:00:00Z`);
        d <= Date.parse(`2026-${to}T00:00:00Z`);
        d += 86_400_000
      ) {
        const day = new Date(d);
        if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) out.push(day.toISOString().slice(5, 10));
      }
      return out;
    };
    const kept = await insertDevice(db, { model: 's2', name: 'Kept baseline light', parentId: null });
    const never = await insertDevice(db, {
      model: 's2',
      name: 'Light never seen unautomated',
      parentId: null,
    });
    const everyDay = await scene('All lights off after work, every workday', kept, 'light');
    const rows: (typeof telemetryRaw.$inferInsert)[] = [];
    const day = (d: TestDevice, date: string, off: Date) =>
      rows.push(
        { deviceId: d.id, key: 'onOff', ts: local(date, '08:30'), num: 1 },
        { deviceId: d.id, key: 'lightnessLevel', ts: local(date, '08:30'), num: 255 },
        { deviceId: d.id, key: 'onOff', ts: off, num: 0 },
      );
    // Before the scene (19-30 October), its people switch the first light off at 20:00; the second one
    // reported nothing then.
    for (const date of workdays('10-19', '10-30')) day(kept, date, local(date, '20:00'));
    // From Monday 2 November, 40 workdays in a row to Friday 25 December, the scene switches both off at
    // 18:00 (reported a second later); nothing changes before the 10 h cap.
    const automated = workdays('11-02', '12-25');
    expect(automated).toHaveLength(40);
    for (const date of automated) {
      day(kept, date, local(date, '18:00', 1000));
      day(never, date, local(date, '18:00', 1000));
      await run(everyDay, local(date, '18:00'), [off(kept), off(never)]);
    }
    await db.insert(telemetryRaw).values(rows);

    const evidence = async (from: string, to: string) => {
      const res = await manager('POST', '/sbuilding/scene/savings/evidence', {
        sceneId: everyDay.id,
        from: local(from, '00:00').toISOString(),
        to: local(to, '00:00').toISOString(),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { kwh: number; rows: SavingEvidence[] };
      const of = (d: TestDevice, date: string) =>
        data.rows.find((r) => r.deviceId === d.id && r.commandAt === local(date, '18:00').toISOString());
      return { data, of };
    };
    const all = await evidence('11-02', '12-27');
    expect(all.data.rows).toHaveLength(80);
    // Monday 2 November: the four workdays before it, on until 20:00: 2 h of the plain 10 (0.36 kWh).
    expect(all.of(kept, '11-02')).toMatchObject({
      hours: 10,
      kwh: 0.072,
      baseline: {
        source: 'device',
        days: ['2026-10-30', '2026-10-29', '2026-10-28', '2026-10-27'],
        share: 0.2,
      },
    });
    // Friday 27 November: only 30 October is left within the 28-day lookback.
    expect(all.of(kept, '11-27')).toMatchObject({
      kwh: 0.072,
      baseline: { source: 'device', days: ['2026-10-30'], share: 0.2 },
    });
    // From Monday 30 November no workday of the lookback is free of the scene: the baseline kept on the 27th.
    for (const date of workdays('11-30', '12-25')) {
      expect(all.of(kept, date)).toMatchObject({
        kwh: 0.072,
        baseline: {
          source: 'kept',
          workday: true,
          days: ['2026-10-30'],
          devices: 1,
          share: 0.2,
          plainKwh: 0.36,
          keptFor: '2026-11-27',
        },
      });
    }
    const keptAt = all.of(kept, '12-25')?.baseline.keptAt;
    expect(Number.isNaN(Date.parse(keptAt ?? ''))).toBe(false);
    // Never seen without the scene, no zone: the plain rule on every day, as before.
    for (const date of automated) {
      expect(all.of(never, date)).toMatchObject({
        kwh: 0.36,
        baseline: { source: 'none', days: [], devices: 0, share: 1 },
      });
    }
    // 40 × 0.072 + 40 × 0.36 (the plain rule alone: 80 × 0.36 = 28.8).
    expect(all.data.kwh).toBe(17.28);

    // Kept in the table: a later question about the last two weeks alone reads it back.
    const late = await evidence('12-14', '12-26');
    expect(late.of(kept, '12-21')).toMatchObject({
      kwh: 0.072,
      baseline: { source: 'kept', days: ['2026-10-30'], keptFor: '2026-11-27', keptAt },
    });
    // The raw reports of October deleted (telemetry retention): November's first week keeps its own figures.
    await db
      .delete(telemetryRaw)
      .where(and(eq(telemetryRaw.deviceId, kept.id), lt(telemetryRaw.ts, local('11-01', '00:00'))));
    const first = await evidence('11-02', '11-07');
    expect(first.of(kept, '11-03')).toMatchObject({
      kwh: 0.072,
      baseline: {
        source: 'kept',
        days: ['2026-10-30', '2026-10-29', '2026-10-28', '2026-10-27'],
        keptFor: '2026-11-03',
      },
    });
    // One row per saving read from its own days (2-27 November), in the project's tenant; gone with the device.
    const keptRows = await db.select().from(savingBaselines).where(eq(savingBaselines.deviceId, kept.id));
    expect(keptRows).toHaveLength(20);
    expect(new Set(keptRows.map((r) => r.tenantId))).toEqual(new Set([tenantId]));
    await db.delete(telemetryRaw).where(inArray(telemetryRaw.deviceId, [kept.id, never.id]));
    await db.delete(devices).where(eq(devices.id, kept.id));
    expect(await db.select().from(savingBaselines).where(eq(savingBaselines.deviceId, kept.id))).toEqual([]);
  });
});
