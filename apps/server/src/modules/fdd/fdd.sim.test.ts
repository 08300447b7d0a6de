import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { DEVICE_MODELS, type FddRule, type ModelId, type SimFaultKind } from '@sbuilding/shared';
import { DEFAULT_SCHEDULE, seededRandom, World, type DeviceInfo, type SimDevice } from '@sbuilding/simulator';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { TelemetryWriter, type TelemetryRow } from '../telemetry/index.js';
import { fddFindings } from './tables.js';

/*
 * The rules against the simulator, where the truth is known (issue 38): a building of the demo project with
 * four offices (a motion sensor, a light, an AC and a temperature sensor each) and a 4-channel meter on a floor
 * of its own, stepped every simulated minute by the simulator's own models (its people, lights, ACs, sensors
 * and meters) from Monday 2 November 2026, what they report stored by the server's telemetry writer. On Monday
 * 9 November at 08:00 eight devices are given the simulator's faults; the rules run every five simulated
 * minutes from that Monday's midnight to Wednesday's. Each fault must be found by its rule (recall), nothing
 * else may be raised on a healthy device (precision), and the time each took to be found is printed
 * (`npm run bench fdd` prints these lines).
 */

const ZONE_OFFSET = '+08:00';
const STEP_MS = 60_000;
const ROUND_EVERY_STEPS = 5;
/** Every device reports at least this often (steps), besides each change, as the real ones keep alive. */
const REPORT_EVERY_STEPS = 15;
const FIRST_DAY = '2026-11-02';
const ROUNDS_FROM = '2026-11-09';
const FAULTS_AT = '2026-11-09T08:00';
const END = '2026-11-11';

const local = (isoLocal: string) => Date.parse(`${isoLocal}:00${ZONE_OFFSET}`);

interface Planned {
  name: string;
  model: ModelId;
  zone: number | null;
  props?: DeviceInfo['props'];
  /** The fault given at FAULTS_AT, the rule that must find it, and rules its fault may rightly raise too. */
  fault?: { kind: SimFaultKind; rule: FddRule; alsoRight?: FddRule[] };
}

const ROOMS = [1, 2, 3, 4];
const PLAN: Planned[] = [
  ...ROOMS.flatMap((room): Planned[] => [
    { name: `Room ${room} PIR`, model: 'pir10', zone: room },
    {
      name: `Room ${room} light`,
      model: 's2',
      zone: room,
      ...(room === 1 ? { fault: { kind: 'stuckOn', rule: 'lightsOnVacant' } } : {}),
    },
    {
      name: `Room ${room} AC`,
      model: 'ac20',
      zone: room,
      ...(room === 1
        ? // Set far too cold or warm and switched on: it also runs in the empty room at night.
          { fault: { kind: 'wrongSetpoint', rule: 'setpointPolicy', alsoRight: ['acOnVacant'] } }
        : room === 2
          ? { fault: { kind: 'shortCycle', rule: 'shortCycle' } }
          : room === 3
            ? { fault: { kind: 'stuckOn', rule: 'acOnVacant' } }
            : {}),
    },
    {
      name: `Room ${room} sensor`,
      model: 'th10',
      zone: room,
      ...(room === 1
        ? { fault: { kind: 'sensorDrift', rule: 'sensorDrift' } }
        : room === 2
          ? { fault: { kind: 'sensorStuck', rule: 'sensorStuck' } }
          : {}),
    },
  ]),
  ...[1, 2, 3, 4].map((channel): Planned => ({
    name: `Meter ch${channel}`,
    model: 'ammeter4g',
    zone: null,
    props: { channel, codeAddr: '000000009901' },
    ...(channel === 3
      ? { fault: { kind: 'counterJump', rule: 'counterJump' } }
      : channel === 4
        ? { fault: { kind: 'baseLoadLeak', rule: 'baseLoad' } }
        : {}),
  })),
];

let t: TestApp;
let clock: TestClock;
let projectId: number;
const infos: (DeviceInfo & { planned: Planned })[] = [];

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  clock.set(new Date(local(`${FIRST_DAY}T00:00`)));
  const [demo] = await t.app.db.select().from(buildings).orderBy(buildings.id).limit(1);
  if (!demo) throw new Error('no demo building');
  projectId = demo.projectId;
  const { tenantId } = demo;
  const [building] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name: 'FDD sim', longitude: 121.47, latitude: 31.23 })
    .returning();
  const [offices, plant] = await t.app.db
    .insert(floors)
    .values([
      { tenantId, buildingId: building!.id, name: 'Offices', sort: 1 },
      { tenantId, buildingId: building!.id, name: 'Plant', sort: 2 },
    ])
    .returning();
  const rooms = await t.app.db
    .insert(zones)
    .values(ROOMS.map((room) => ({ tenantId, floorId: offices!.id, name: `Room ${room}`, type: 'office' })))
    .returning();
  for (const planned of PLAN) {
    // The meter on a floor without loads of its own: its lighting and HVAC channels draw their standby only.
    const floorId = planned.zone === null ? plant!.id : offices!.id;
    const zoneId = planned.zone === null ? null : (rooms[planned.zone - 1]?.id ?? null);
    const made = await insertDevice(t.app.db, {
      model: planned.model,
      name: planned.name,
      buildingId: building!.id,
      floorId,
    });
    await t.app.db
      .update(devices)
      .set({ zoneId, online: true, props: planned.props ?? {} })
      .where(eq(devices.id, made.id));
    infos.push({
      id: made.id,
      name: planned.name,
      model: planned.model,
      category: DEVICE_MODELS[planned.model].category,
      projectId,
      buildingId: building!.id,
      floorId,
      zoneId,
      parentId: null,
      props: planned.props ?? {},
      latest: {},
      planned,
    });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Steps the building through the days, stores what it reports, gives the faults and runs the rounds. */
async function simulate(): Promise<{ faultedAt: Map<number, number>; onAt: Map<number, Set<number>> }> {
  const world = new World(
    [{ id: projectId, timeZone: 'Asia/Shanghai', schedule: DEFAULT_SCHEDULE }],
    infos,
    seededRandom(Number(process.env.SIM_SEED ?? 38)),
  );
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
  const start = local(`${FIRST_DAY}T00:00`);
  const roundsFrom = local(`${ROUNDS_FROM}T00:00`);
  const faultsAt = local(FAULTS_AT);
  const end = local(`${END}T00:00`);
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
    for (const d of world.devices.values()) world.step(d, ts);
    const keepAlive = step % REPORT_EVERY_STEPS === 0;
    for (const d of world.devices.values()) {
      for (const [key, value] of Object.entries(d.telemetry())) {
        const seen = `${d.info.id}:${key}`;
        const text = String(value);
        if (!keepAlive && last.get(seen) === text) continue;
        last.set(seen, text);
        rows.push({ deviceId: d.info.id, key, ts, value });
      }
    }
    if (ts >= roundsFrom && step % ROUND_EVERY_STEPS === 0) {
      await writer.write(rows);
      rows = [];
      clock.set(new Date(ts + 1000));
      const on = new Set<number>();
      for (const d of world.devices.values()) if (d.telemetry().onOff === true) on.add(d.info.id);
      onAt.set(ts + 1000, on);
      await t.app.fdd.runner.checkProject(projectId);
    } else if (rows.length >= 5_000) {
      await writer.write(rows);
      rows = [];
    }
  }
  await writer.write(rows);
  await writer.close();
  return { faultedAt, onAt };
}

describe('fault detection against the simulator', () => {
  it(
    'finds every fault given, by its rule, and raises nothing on a healthy device',
    { timeout: 600_000 },
    async () => {
      const { faultedAt, onAt } = await simulate();
      const ids = infos.map((i) => i.id);
      const raised = await t.app.db
        .select()
        .from(fddFindings)
        .where(and(inArray(fddFindings.deviceId, ids), isNotNull(fddFindings.raisedAt)));
      const byId = new Map(infos.map((i) => [i.id, i]));
      const found: string[] = [];
      const missed: string[] = [];
      const wrong: string[] = [];
      for (const info of infos) {
        const fault = info.planned.fault;
        if (!fault) continue;
        const hit = raised.find((f) => f.deviceId === info.id && f.rule === fault.rule);
        if (!hit?.raisedAt) {
          missed.push(`${info.name} ${fault.kind} → ${fault.rule}`);
          continue;
        }
        const minutes = Math.round((hit.raisedAt.getTime() - (faultedAt.get(info.id) ?? 0)) / 60_000);
        found.push(`${info.name} ${fault.kind} → ${fault.rule} in ${minutes} min`);
      }
      const peoples: string[] = [];
      for (const f of raised) {
        const name = byId.get(f.deviceId)?.name ?? String(f.deviceId);
        const fault = byId.get(f.deviceId)?.planned.fault;
        if (fault && (fault.rule === f.rule || fault.alsoRight?.includes(f.rule))) continue;
        // A light or AC its people left on in a room empty after hours: waste the rule rightly finds, if the
        // device was on when it was raised.
        const vacancyRule = f.rule === 'lightsOnVacant' || f.rule === 'acOnVacant';
        const at = `${f.raisedAt?.toISOString()}`;
        if (vacancyRule && f.raisedAt && onAt.get(f.raisedAt.getTime())?.has(f.deviceId))
          peoples.push(`${name} ${f.rule} at ${at}`);
        else wrong.push(`${name} ${f.rule} at ${at} ${JSON.stringify(f.evidence)}`);
      }
      const faults = infos.filter((i) => i.planned.fault).length;
      const truePositives = raised.length - wrong.length;
      process.stdout.write(
        `fdd: recall ${found.length}/${faults}, precision ${truePositives}/${raised.length} (findings raised on the ` +
          `simulated building: ${raised.length})\n${found.map((l) => `fdd found: ${l}\n`).join('')}` +
          `${peoples.map((l) => `fdd people's waste: ${l}\n`).join('')}` +
          `${missed.map((l) => `fdd missed: ${l}\n`).join('')}${wrong.map((l) => `fdd false: ${l}\n`).join('')}`,
      );
      expect(missed).toEqual([]);
      expect(wrong).toEqual([]);
    },
  );
});
