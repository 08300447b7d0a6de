import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { DEVICE_MODELS, type FddRule, type ModelId, type SimFaultKind } from '@sbuilding/shared';
import { DEFAULT_SCHEDULE, seededRandom, World, type DeviceInfo, type SimDevice } from '@sbuilding/simulator';
import type { TestClock } from '../../platform/clock.js';
import { createTestApp, testClockOf, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { controlLog } from '../commands/tables.js';
import { devices } from '../devices/tables.js';
import { TelemetryWriter, type TelemetryRow } from '../telemetry/index.js';
import { fddFindings } from './tables.js';

/*
 * The rules against the simulator, where the truth is known (issue 38). A building of the demo project, made of
 * `COPIES` blocks of four offices (a motion sensor, a light, an AC and a temperature sensor each) and a
 * 4-channel meter on a floor of its own, is stepped every simulated minute by the simulator's own models (its
 * people, lights, ACs, sensors and meters) from Thursday 5 November 2026 (four nights of history for the meters'
 * baselines), what it reports stored by the server's
 * telemetry writer, each change its people make logged as the server logs it, and a morning scene switching
 * every light on at 08:00 on workdays. On Monday 9 November at 08:00 each block's nine devices get the
 * simulator's faults, one of each kind; the rules run every five simulated minutes from that Monday for `DAYS`
 * days. Every fault must be found by its rule (recall), nothing may be raised on a healthy device but a light
 * or AC its people left on in an empty room after hours (precision), and a twin building without the faults
 * must raise nothing else either. `npm run bench fdd` runs three blocks over a week on three seeds.
 */

const ZONE_OFFSET = '+08:00';
const STEP_MS = 60_000;
const ROUND_EVERY_STEPS = 5;
/** Every device reports at least this often (steps), besides each change, as the real ones keep alive. */
const REPORT_EVERY_STEPS = 15;
const FIRST_DAY = '2026-11-05';
const ROUNDS_FROM = '2026-11-09';
const FAULTS_AT = '2026-11-09T08:00';
/** Blocks of four offices and a meter, each with one fault of each kind (the benchmark takes three). */
const COPIES = Number(process.env.FDD_SIM_COPIES ?? 1);
/** Days the rules run, from the Monday of the faults (the benchmark takes seven). */
const DAYS = Number(process.env.FDD_SIM_DAYS ?? 1);
const DAY_MS = 86_400_000;

const local = (isoLocal: string) => Date.parse(`${isoLocal}:00${ZONE_OFFSET}`);

interface Planned {
  name: string;
  model: ModelId;
  /** Its office within the block (1-4), or the meter's floor. */
  room: number | null;
  props?: DeviceInfo['props'];
  /** The fault given at FAULTS_AT, the rule that must find it, and rules its fault may rightly raise too. */
  fault?: { kind: SimFaultKind; rule: FddRule; alsoRight?: FddRule[] };
}

/** One block: which device of which office gets which fault. */
function block(copy: number): Planned[] {
  const name = (what: string) => `B${copy} ${what}`;
  const FAULTS: Record<string, Planned['fault']> = {
    'light 1': { kind: 'stuckOn', rule: 'lightsOnVacant' },
    // Switched on each morning by the scene, it stays off: it also lights nothing, and may stay on at night.
    'light 4': { kind: 'ignoresCommands', rule: 'ignoresCommands', alsoRight: ['lightsOnVacant'] },
    // Set far too cold or warm and switched on: it also runs in the empty room at night.
    'AC 1': { kind: 'wrongSetpoint', rule: 'setpointPolicy', alsoRight: ['acOnVacant'] },
    'AC 2': { kind: 'shortCycle', rule: 'shortCycle' },
    'AC 3': { kind: 'stuckOn', rule: 'acOnVacant' },
    'sensor 1': { kind: 'sensorDrift', rule: 'sensorDrift' },
    'sensor 2': { kind: 'sensorStuck', rule: 'sensorStuck' },
    ch3: { kind: 'counterJump', rule: 'counterJump' },
    ch4: { kind: 'baseLoadLeak', rule: 'baseLoad' },
  };
  const planned = (what: string, model: ModelId, room: number | null, props?: Planned['props']): Planned => {
    const fault = FAULTS[what];
    return { name: name(what), model, room, ...(props ? { props } : {}), ...(fault ? { fault } : {}) };
  };
  return [
    ...[1, 2, 3, 4].flatMap((room) => [
      planned(`PIR ${room}`, 'pir10', room),
      planned(`light ${room}`, 's2', room),
      planned(`AC ${room}`, 'ac20', room),
      planned(`sensor ${room}`, 'th10', room),
    ]),
    ...[1, 2, 3, 4].map((channel) =>
      planned(`ch${channel}`, 'ammeter4g', null, { channel, codeAddr: `00000000990${copy}` }),
    ),
  ];
}

type Simulated = DeviceInfo & { planned: Planned; tenantId: number };

let t: TestApp;
let clock: TestClock;
let projectId: number;
let tenantId: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  clock = testClockOf(t);
  const [demo] = await t.app.db.select().from(buildings).orderBy(buildings.id).limit(1);
  if (!demo) throw new Error('no demo building');
  projectId = demo.projectId;
  tenantId = demo.tenantId;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A building of `COPIES` blocks: offices on one floor, the meters on another (they measure no load of it). */
async function building(label: string, faults: boolean): Promise<Simulated[]> {
  const [made] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name: label, longitude: 121.47, latitude: 31.23 })
    .returning();
  const [offices, plant] = await t.app.db
    .insert(floors)
    .values([
      { tenantId, buildingId: made!.id, name: 'Offices', sort: 1 },
      { tenantId, buildingId: made!.id, name: 'Plant', sort: 2 },
    ])
    .returning();
  const out: Simulated[] = [];
  for (let copy = 1; copy <= COPIES; copy += 1) {
    const rooms = await t.app.db
      .insert(zones)
      .values(
        [1, 2, 3, 4].map((r) => ({
          tenantId,
          floorId: offices!.id,
          name: `B${copy} office ${r}`,
          type: 'office',
        })),
      )
      .returning();
    for (const plan of block(copy)) {
      const planned = faults ? plan : { ...plan, fault: undefined };
      const floorId = planned.room === null ? plant!.id : offices!.id;
      const zoneId = planned.room === null ? null : (rooms[planned.room - 1]?.id ?? null);
      const device = await insertDevice(t.app.db, {
        model: planned.model,
        name: `${label} ${planned.name}`,
        buildingId: made!.id,
        floorId,
      });
      await t.app.db
        .update(devices)
        .set({ zoneId, online: true, props: planned.props ?? {} })
        .where(eq(devices.id, device.id));
      out.push({
        id: device.id,
        name: `${label} ${planned.name}`,
        model: planned.model,
        category: DEVICE_MODELS[planned.model].category,
        projectId,
        buildingId: made!.id,
        floorId,
        zoneId,
        parentId: null,
        props: planned.props ?? {},
        latest: {},
        planned,
        tenantId,
      });
    }
  }
  return out;
}

interface Outcome {
  found: string[];
  missed: string[];
  /** Findings on a healthy device that the simulator's state does not bear out. */
  wrong: string[];
  /** Lights and ACs their people left on in an empty room after hours, found: right, but no fault given. */
  peoples: string[];
  raised: number;
}

/**
 * Steps `infos` through the days, stores what they report (and logs the changes their people make and the
 * morning scene's commands, as the server does), gives the faults, runs the rounds, and judges the findings.
 */
async function simulate(infos: Simulated[]): Promise<Outcome> {
  const world = new World(
    [{ id: projectId, timeZone: 'Asia/Shanghai', schedule: DEFAULT_SCHEDULE }],
    infos,
    seededRandom(Number(process.env.SIM_SEED ?? 38)),
  );
  const byId = new Map(infos.map((i) => [i.id, i]));
  const sim = (id: number): SimDevice => {
    const d = world.devices.get(id);
    if (!d) throw new Error('not simulated');
    return d;
  };
  const writer = new TelemetryWriter(t.app.db);
  const last = new Map<string, string>();
  const faultedAt = new Map<number, number>();
  // Which lights and ACs were on at each round, by the round's time: the simulator's truth.
  const onAt = new Map<number, Set<number>>();
  let rows: TelemetryRow[] = [];
  let logged: (typeof controlLog.$inferInsert)[] = [];
  const log = (
    d: SimDevice,
    ts: number,
    method: string,
    params: Record<string, unknown>,
    terminal: 'admin' | 'selfPowerButton',
  ) =>
    logged.push({
      tenantId,
      projectId,
      deviceId: d.info.id,
      deviceName: d.info.name,
      model: d.info.model,
      userName: terminal === 'admin' ? 'scene' : '',
      terminal,
      method,
      params,
      result: 'success',
      createdAt: new Date(ts),
    });
  const start = local(`${FIRST_DAY}T00:00`);
  const roundsFrom = local(`${ROUNDS_FROM}T00:00`);
  const faultsAt = local(FAULTS_AT);
  const end = roundsFrom + DAYS * DAY_MS;
  clock.set(new Date(start));
  let step = 0;
  for (let ts = start; ts < end; ts += STEP_MS, step += 1) {
    if (ts === faultsAt) {
      for (const info of infos) {
        const fault = info.planned.fault;
        if (!fault) continue;
        const d = sim(info.id);
        if (!d.setFault(fault.kind)) throw new Error(`${info.name} cannot have ${fault.kind}`);
        // A short-cycling unit cycles while it is meant to be on: someone switches it on.
        if (fault.kind === 'shortCycle') d.command('setOnOff', { onOff: true });
        faultedAt.set(info.id, ts);
      }
    }
    // The morning scene of workdays: every light on at 08:00 (logged as the server logs a command).
    const clockTime = new Date(ts + 8 * 3_600_000);
    const weekday = clockTime.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && clockTime.getUTCHours() === 8 && clockTime.getUTCMinutes() === 0)
      for (const d of world.devices.values())
        if (d.info.category === 'light' && d.command('setOnOff', { onOff: true }).success)
          log(d, ts, 'setOnOff', { onOff: true }, 'admin');
    for (const d of world.devices.values()) world.step(d, ts);
    const keepAlive = step % REPORT_EVERY_STEPS === 0;
    for (const d of world.devices.values()) {
      const { terminal, ...values } = d.telemetry();
      // A change made on the device is logged with what it reported (the server's logDeviceChange).
      if (typeof terminal === 'string') log(d, ts, 'report', values, 'selfPowerButton');
      for (const [key, value] of Object.entries(values)) {
        const seen = `${d.info.id}:${key}`;
        const text = String(value);
        if (!keepAlive && last.get(seen) === text) continue;
        last.set(seen, text);
        rows.push({ deviceId: d.info.id, key, ts, value });
      }
    }
    if (ts >= roundsFrom && step % ROUND_EVERY_STEPS === 0) {
      await writer.write(rows);
      if (logged.length > 0) await t.app.db.insert(controlLog).values(logged);
      rows = [];
      logged = [];
      clock.set(new Date(ts + 1000));
      const on = new Set<number>();
      for (const d of world.devices.values()) if (d.telemetry().onOff === true) on.add(d.info.id);
      onAt.set(ts + 1000, on);
      await t.app.fdd.runner.checkProject(projectId);
    } else if (rows.length >= 5_000) {
      await writer.write(rows);
      if (logged.length > 0) await t.app.db.insert(controlLog).values(logged);
      rows = [];
      logged = [];
    }
  }
  await writer.write(rows);
  await writer.close();
  // Done: its devices leave the rounds of what comes next.
  await t.app.db
    .update(devices)
    .set({ online: false })
    .where(inArray(devices.id, [...byId.keys()]));

  const raised = await t.app.db
    .select()
    .from(fddFindings)
    .where(and(inArray(fddFindings.deviceId, [...byId.keys()]), isNotNull(fddFindings.raisedAt)));
  const outcome: Outcome = { found: [], missed: [], wrong: [], peoples: [], raised: raised.length };
  for (const info of infos) {
    const fault = info.planned.fault;
    if (!fault) continue;
    const hit = raised
      .filter((f) => f.deviceId === info.id && f.rule === fault.rule)
      .sort((a, b) => (a.raisedAt?.getTime() ?? 0) - (b.raisedAt?.getTime() ?? 0))[0];
    if (!hit?.raisedAt) {
      outcome.missed.push(`${info.name} ${fault.kind} → ${fault.rule}`);
      continue;
    }
    const minutes = Math.round((hit.raisedAt.getTime() - (faultedAt.get(info.id) ?? 0)) / 60_000);
    outcome.found.push(`${info.name} ${fault.kind} → ${fault.rule} in ${minutes} min`);
  }
  for (const f of raised) {
    const name = byId.get(f.deviceId)?.name ?? String(f.deviceId);
    const fault = byId.get(f.deviceId)?.planned.fault;
    if (fault && (fault.rule === f.rule || fault.alsoRight?.includes(f.rule))) continue;
    const at = `${f.raisedAt?.toISOString()}`;
    // A light or AC its people left on in a room empty after hours: waste the rule rightly finds, if the
    // device was on when it was raised.
    const vacancy = f.rule === 'lightsOnVacant' || f.rule === 'acOnVacant';
    if (vacancy && f.raisedAt && onAt.get(f.raisedAt.getTime())?.has(f.deviceId))
      outcome.peoples.push(`${name} ${f.rule} at ${at}`);
    else outcome.wrong.push(`${name} ${f.rule} at ${at} ${JSON.stringify(f.evidence)}`);
  }
  return outcome;
}

function print(label: string, o: Outcome, faults: number) {
  const right = o.raised - o.wrong.length;
  process.stdout.write(
    `fdd ${label}: recall ${o.found.length}/${faults}, precision ${right}/${o.raised} (findings raised: ` +
      `${o.raised}, of them the people's waste: ${o.peoples.length})\n` +
      [
        ...o.found.map((l) => `fdd found: ${l}`),
        ...o.peoples.map((l) => `fdd people's waste: ${l}`),
        ...o.missed.map((l) => `fdd missed: ${l}`),
        ...o.wrong.map((l) => `fdd false: ${l}`),
      ]
        .map((l) => `${l}\n`)
        .join(''),
  );
}

describe('fault detection against the simulator', () => {
  it(
    'finds every fault given, by its rule, and raises nothing on a healthy device',
    { timeout: 1_800_000 },
    async () => {
      const infos = await building('FDD sim', true);
      const outcome = await simulate(infos);
      print('faults', outcome, infos.filter((i) => i.planned.fault).length);
      expect(outcome.missed).toEqual([]);
      expect(outcome.wrong).toEqual([]);
    },
  );

  it(
    'raises nothing on the same building without faults but its people’s waste',
    { timeout: 1_800_000 },
    async () => {
      const outcome = await simulate(await building('FDD healthy', false));
      print('healthy', outcome, 0);
      expect(outcome.wrong).toEqual([]);
    },
  );
});
