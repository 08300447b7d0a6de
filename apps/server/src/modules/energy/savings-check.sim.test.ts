import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  SavingsCheck,
  SavingsCheckBuilding,
  SavingsEvidence,
  SceneCommandResult,
} from '@sbuilding/shared';
import { DEFAULT_SCHEDULE, seededRandom, World, type DeviceInfo, type SimDevice } from '@sbuilding/simulator';
import { isTestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { buildings } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { noonNaps, sceneRuns } from '../scenes/tables.js';
import { TelemetryWriter, type TelemetryRow } from '../telemetry/index.js';

/*
 * The savings estimate against the meters on a simulated month (issue 23). Two buildings of the demo project
 * are stepped through November 2026 by the simulator's own models (its lights, its people, its 4-channel
 * ammeters with their noise), every simulated minute; what the devices report is stored by the server's
 * telemetry writer (raw readings and the hourly rollups the check reads). On every other workday:
 * - "Sim hall": a noon nap dims its 12 lights to 77/255 from 12:00 to 13:30;
 * - "Sim annex": a scene switches its 12 lights off at 18:00.
 * The server's clock (TEST_CLOCK) is then set to the month's end and the energy board's check is asked.
 * Both estimates must stay within 15% of the metered difference. The after-work scene's holds because each
 * switch-off is held to its baseline (modules/savings, baseline.ts): the simulated people switch the lights
 * off within the hour anyway, and on the comparable workdays without the scene (the odd days) the lights were
 * on only for that hour; the plain rule, counting each switch-off until the next change (capped at 10 h),
 * was about 16 times the meters.
 */

const ZONE_OFFSET = '+08:00';
/*
 * A minute a step: the meters integrate the lights' draw between steps (trapezoids), so a switch at a step
 * counts half a step either way on the meters while the estimate reads the reported time. At 5-minute steps
 * that is about 5 minutes a light and evening against the people's ~37 (the after-work estimate read
 * 14-23% above the meters on three seeds); at a minute, about one.
 */
const STEP_MS = 60_000;
/** The meters report every 10 steps (10 min), as a busy meter would. */
const METER_EVERY = 10;
const LIGHTS = 12;
const NAP_LEVEL = 77;
/*
 * November 2026: the demo calendar has no holiday nor worked weekend day in it. The simulator's people follow
 * weekdays only, not the calendar, so in early October (National Day, 1-7, and the worked Saturday the 10th)
 * the check's day types and the simulated ones would disagree. The three weeks before November are simulated
 * without automation, as a building's history before its automations: the lights' state settles, and the
 * first automated days have comparable days for their baseline (without any, a switch-off counts by the plain
 * rule, until the next change).
 */
const FIRST_DAY = '2026-10-12';
const AUTOMATION_FROM = '2026-11-01';
const LAST_DAY = '2026-11-30';

let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let tenantId: number;
let hallId: number;
let annexId: number;

const local = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00${ZONE_OFFSET}`);
const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** Automation runs on every other workday (by the day of the month), so each weekday has days with and without. */
function automatedOn(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5 && Number(date.slice(8)) % 2 === 0;
}

async function building(name: string): Promise<number> {
  const [row] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name, longitude: 121.47, latitude: 31.23 })
    .returning({ id: buildings.id });
  if (!row) throw new Error('no building');
  return row.id;
}

async function device(
  buildingId: number,
  model: 's2' | 'ammeter4g',
  name: string,
  props: DeviceInfo['props'] = {},
): Promise<DeviceInfo> {
  const made = await insertDevice(t.app.db, { model, name, buildingId, parentId: null });
  await t.app.db.update(devices).set({ props }).where(eq(devices.id, made.id));
  return {
    id: made.id,
    name,
    model,
    category: model === 's2' ? 'light' : 'ammeter',
    projectId,
    buildingId,
    floorId: null,
    zoneId: null,
    parentId: null,
    props,
    latest: model === 's2' ? { onOff: false, lightnessLevel: 255 } : {},
  };
}

function command(d: SimDevice, method: string, params: Record<string, unknown>): SceneCommandResult {
  const reply = d.command(method, params);
  return {
    targetKind: 'device',
    targetId: d.info.id,
    method: method as SceneCommandResult['method'],
    params,
    deviceId: d.info.id,
    deviceName: d.info.name,
    result: reply.success ? 'success' : 'failed',
    message: reply.success ? '' : reply.error,
    latencyMs: 5,
  };
}

/** Steps both buildings through the month, storing what they report and logging the automations' runs. */
async function simulateMonth(): Promise<{ napDays: number; sceneDays: number; sceneId: number }> {
  const hallLights = await Promise.all(
    Array.from({ length: LIGHTS }, (_, i) => device(hallId, 's2', `Sim hall light ${i + 1}`)),
  );
  const annexLights = await Promise.all(
    Array.from({ length: LIGHTS }, (_, i) => device(annexId, 's2', `Sim annex light ${i + 1}`)),
  );
  const meters = await Promise.all(
    [hallId, annexId].flatMap((b, m) =>
      [1, 2, 3, 4].map((channel) =>
        device(b, 'ammeter4g', `Sim meter ${m + 1} ch${channel}`, { channel, codeAddr: `00000000990${m}` }),
      ),
    ),
  );
  const infos = [...hallLights, ...annexLights, ...meters];
  const world = new World(
    [{ id: projectId, timeZone: 'Asia/Shanghai', schedule: DEFAULT_SCHEDULE }],
    infos,
    // The month's people (23; `npm run bench savings-check` also runs SIM_SEED=5 and 7).
    seededRandom(Number(process.env.SIM_SEED ?? 23)),
  );
  const sim = (info: DeviceInfo) => {
    const d = world.devices.get(info.id);
    if (!d) throw new Error('not simulated');
    return d;
  };
  const pir = await insertDevice(t.app.db, { model: 'pir10', name: 'Sim annex PIR', buildingId: annexId });
  const [nap] = await t.app.db
    .insert(noonNaps)
    .values({ tenantId, projectId, name: 'Sim noon nap', zoneIds: [], dimLevel: NAP_LEVEL, acAction: 'keep' })
    .returning();
  const sceneRes = await manager('PUT', '/sbuilding/scene/create', {
    projectId,
    name: 'Sim lights off after work',
    triggerType: 'device',
    category: 'light',
    // What triggers it does not matter here: the month logs its runs itself.
    conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
    targets: annexLights.map((l) => ({ kind: 'device', id: l.id })),
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
  });
  if (sceneRes.statusCode !== 200) throw new Error(`scene: ${sceneRes.body}`);
  const scene = sceneRes.json().data as { id: number; name: string };
  if (!nap) throw new Error('no nap');

  const writer = new TelemetryWriter(t.app.db);
  const lastLight = new Map<string, string>();
  const restore = new Map<number, number>();
  let rows: TelemetryRow[] = [];
  let napDays = 0;
  let sceneDays = 0;
  const report = (d: SimDevice, ts: number, meter: boolean) => {
    const values = d.telemetry();
    for (const [key, value] of Object.entries(values)) {
      if (meter ? !/^energy\d$/.test(key) : key !== 'onOff' && key !== 'lightnessLevel') continue;
      if (!meter) {
        // Lights report a change (as they do on the wire), not every step.
        const seen = `${d.info.id}:${key}`;
        if (lastLight.get(seen) === String(value)) continue;
        lastLight.set(seen, String(value));
      }
      rows.push({ deviceId: d.info.id, key, ts, value });
    }
  };
  const run = async (
    owner: { sceneId: number | null; noonNapId: number | null; name: string },
    ts: number,
    commands: SceneCommandResult[],
  ) => {
    await t.app.db.insert(sceneRuns).values({
      tenantId,
      projectId,
      sceneId: owner.sceneId,
      noonNapId: owner.noonNapId,
      sceneName: owner.name,
      trigger: owner.noonNapId === null ? 'device' : 'timing',
      outcome: 'ran',
      detail: {},
      dueAt: owner.noonNapId === null ? null : new Date(ts),
      startedAt: new Date(ts),
      commands,
    });
  };

  const start = local(FIRST_DAY, '00:00');
  const end = local(LAST_DAY, '00:00') + 86_400_000;
  let step = 0;
  for (let ts = start; ts < end; ts += STEP_MS, step += 1) {
    for (const d of world.devices.values()) world.step(d, ts);
    const date = dateOf(ts);
    const automated = automatedOn(date) && date >= AUTOMATION_FROM;
    const acted = new Set<SimDevice>();
    if (automated && ts === local(date, '12:00')) {
      // The nap's plan: only lights on and brighter than the nap's level, each restored to its own level.
      const commands: SceneCommandResult[] = [];
      for (const info of hallLights) {
        const d = sim(info);
        const state = d.telemetry();
        if (state.onOff !== true || Number(state.lightnessLevel) <= NAP_LEVEL) continue;
        restore.set(info.id, Number(state.lightnessLevel));
        commands.push(command(d, 'setBrightness', { lightnessLevel: NAP_LEVEL }));
        acted.add(d);
      }
      await run({ sceneId: null, noonNapId: nap.id, name: nap.name }, ts, commands);
      napDays += 1;
    }
    if (automated && ts === local(date, '13:30')) {
      const commands = [...restore].map(([id, level]) => {
        const d = world.devices.get(id)!;
        acted.add(d);
        return command(d, 'setBrightness', { lightnessLevel: level });
      });
      restore.clear();
      await run({ sceneId: null, noonNapId: nap.id, name: nap.name }, ts, commands);
    }
    if (automated && ts === local(date, '18:00')) {
      const commands = annexLights.map((info) => {
        const d = sim(info);
        acted.add(d);
        return command(d, 'setOnOff', { onOff: false });
      });
      await run({ sceneId: scene.id, noonNapId: null, name: scene.name }, ts, commands);
      sceneDays += 1;
    }
    for (const info of [...hallLights, ...annexLights]) {
      const d = sim(info);
      // A commanded device reports its new state at once; the others with their step.
      report(d, acted.has(d) ? ts + 1000 : ts, false);
    }
    if (step % METER_EVERY === 0) for (const info of meters) report(sim(info), ts, true);
    if (rows.length >= 2_000) {
      await writer.write(rows);
      rows = [];
    }
  }
  await writer.write(rows);
  await writer.close();
  return { napDays, sceneDays, sceneId: scene.id };
}

function print(label: string, b: SavingsCheckBuilding) {
  process.stdout.write(
    `${label}: estimate ${b.comparedEstimateKwh} kWh, metered difference ${b.meteredSavingKwh} kWh ` +
      `(baseline ${b.baselineKwh} kWh, metered ${b.meteredKwh} kWh) over ${b.comparedHours} of ` +
      `${b.automatedHours} automated hours; estimate − meters ${b.differencePercent}%\n`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  manager = as(t, await t.login('manager', 'manager123'));
  const [demo] = await t.app.db.select().from(buildings).orderBy(buildings.id).limit(1);
  if (!demo) throw new Error('no demo building');
  projectId = demo.projectId;
  tenantId = demo.tenantId;
  const [project] = await t.app.db.select().from(projects).where(eq(projects.id, projectId));
  // The local times above are the project's: the demo campus is in Shanghai (UTC+8, no daylight saving).
  expect(project?.timeZone).toBe('Asia/Shanghai');
  hallId = await building('Sim hall');
  annexId = await building('Sim annex');
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('savings checked against the meters on a simulated month', () => {
  it("keeps the noon nap's estimate within 15% of the metered difference, and the after-work switch-off held to its baseline too", async () => {
    const { napDays, sceneDays, sceneId } = await simulateMonth();
    expect(napDays).toBeGreaterThanOrEqual(10);
    expect(sceneDays).toBe(napDays);
    if (!isTestClock(t.app.clock)) throw new Error('TEST_CLOCK is not on');
    t.app.clock.set(local('2026-12-01', '00:00'));

    const res = await manager(
      'GET',
      `/sbuilding/board/energy/savings/check?projectId=${projectId}&period=MONTH&anchor=2026-11-15`,
    );
    expect(res.statusCode).toBe(200);
    const check = res.json().data as SavingsCheck;
    expect(check.from).toBe(new Date(local('2026-11-01', '00:00')).toISOString());
    expect(check.to).toBe(new Date(local('2026-12-01', '00:00')).toISOString());
    const hall = check.buildings.find((b) => b.buildingId === hallId);
    const annex = check.buildings.find((b) => b.buildingId === annexId);
    if (!hall || !annex) throw new Error('a simulated building is missing');
    print('noon nap (Sim hall)', hall);
    print('lights off after work (Sim annex)', annex);

    // The nap: 12:00-13:30 on each automated day, so two hours each, all compared (days without it exist).
    expect(hall.automatedHours).toBe(2 * napDays);
    expect(hall.comparedHours).toBe(hall.automatedHours);
    // 12 lights × 36 W × 178/255 × 1.5 h ≈ 0.45 kWh a day.
    expect(hall.comparedEstimateKwh).toBeGreaterThan(0.4 * napDays);
    expect(hall.differencePercent).not.toBeNull();
    expect(Math.abs(hall.differencePercent ?? Infinity)).toBeLessThanOrEqual(15);

    // The after-work scene: held to its baseline, it counts the hour people would have taken anyway, as the
    // meters do; the plain rule (each switch-off until the next change, at most 10 h) counted far more.
    expect(annex.comparedHours).toBeGreaterThan(0);
    expect(annex.differencePercent).not.toBeNull();
    expect(Math.abs(annex.differencePercent ?? Infinity)).toBeLessThanOrEqual(15);
    const evidence = await manager('POST', '/sbuilding/scene/savings/evidence', {
      sceneId,
      from: check.from,
      to: check.to,
    });
    const rows = (evidence.json().data as SavingsEvidence).rows;
    expect(rows.length).toBeGreaterThan(0);
    const plainKwh = rows.reduce((s, r) => s + r.baseline.plainKwh, 0);
    const heldKwh = rows.reduce((s, r) => s + r.kwh, 0);
    process.stdout.write(
      `lights off after work (Sim annex) plain rule: ${plainKwh.toFixed(3)} kWh, with the baseline ` +
        `${heldKwh.toFixed(3)} kWh (${rows.filter((r) => r.baseline.source === 'device').length} of ` +
        `${rows.length} savings with comparable days)\n`,
    );
    expect(plainKwh).toBeGreaterThan(5 * heldKwh);
    // Each from the device's own comparable workdays without the scene (October's, November's odd dates).
    for (const r of rows.filter((row) => row.baseline.source === 'device')) {
      expect(r.baseline.workday).toBe(true);
      expect(r.baseline.days).toHaveLength(4);
      expect(r.baseline.days.every((d) => !(automatedOn(d) && d >= AUTOMATION_FROM))).toBe(true);
    }

    // The board's "Saved by automation" counts the nap's dimming beside the scene's switch-offs.
    const board = await manager(
      'GET',
      `/sbuilding/board/energy/savings?projectId=${projectId}&period=MONTH&anchor=2026-11-15&buildingId=${hallId}`,
    );
    expect(board.json().data.noonNapsKwh).toBeCloseTo(hall.estimateKwh, 1);
    expect(board.json().data.scenesKwh).toBe(0);
  }, 600_000);
});
