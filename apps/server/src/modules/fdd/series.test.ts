import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FddFinding } from '@sbuilding/shared';
import type { TestClock } from '../../platform/clock.js';
import { createTestApp, testClockOf, type TestApp } from '../../test/app.js';
import { demoRoom, insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { devices } from '../devices/tables.js';
import { TelemetryWriter } from '../telemetry/index.js';

/*
 * The series rules (issue 38) on a real database, their readings stored by the real telemetry writer (so the
 * hourly rollups and counters are the writer's): an AC that short-cycles beside one that starts twice, a
 * sensor drifting from the room's ACs beside one that agrees, a meter whose Sunday-night load is three times
 * its usual beside one as usual, and a counter that jumped beside one reset by a meter change. The demo
 * campus's calendar decides what is outside work hours.
 */
let t: TestApp;
let manager: ReturnType<typeof as>;
let clock: TestClock;
let projectId: number;
const made: Record<string, TestDevice> = {};

// Sunday 6 December 2026, 22:00 in Shanghai: the last whole hour (21:00-22:00) is outside every work time.
const START = new Date('2026-12-06T14:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (ms: number) => new Date(START.getTime() + ms);

interface Reading {
  deviceId: number;
  key: string;
  ts: Date;
  value: number | string | boolean;
}

/** Moves the clock on in rounds of at most five minutes, as the runner looks once a minute. */
async function runFor(ms: number) {
  for (let done = 0; done < ms; done += 5 * MIN) {
    clock.advance(Math.min(5 * MIN, ms - done));
    await t.app.fdd.runner.checkProject(projectId);
  }
}

const activeFindings = async () => {
  const res = await manager('POST', '/sbuilding/fdd/finding/getList', {
    projectId,
    active: true,
    pageNum: 1,
    pageSize: 50,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { rows: FddFinding[] }).rows;
};

const findingOf = async (rule: string, device: string) =>
  (await activeFindings()).find((f) => f.rule === rule && f.deviceId === made[device]?.id);

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  await t.app.ready();
  clock = testClockOf(t);
  clock.set(START);
  manager = as(t, await t.login('manager', 'manager123'));
  const { zoneId, floorId } = await demoRoom(t.app.db, 'Series room');
  const plan = {
    cycling: 'ac20',
    steady: 'ac20',
    drifting: 'th10',
    agreeing: 'th10',
    leaking: 'ammeter4g',
    usual: 'ammeter4g',
    jumped: 'ammeter4g',
    replaced: 'ammeter4g',
  } as const;
  for (const [name, model] of Object.entries(plan)) {
    const device = await insertDevice(t.app.db, { model, name: `Series ${name}`, floorId });
    await t.app.db.update(devices).set({ zoneId, online: true }).where(eq(devices.id, device.id));
    made[name] = device;
  }
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, made.cycling!.id));
  projectId = row!.projectId;

  const id = (name: string) => made[name]!.id;
  const readings: Reading[] = [];
  // Two weeks and a day of hourly meter readings (at half past, so each hour's increment falls in its hour),
  // on to two hours ahead: 1.5 kWh an hour, but the leaking channel draws 4.5 kWh an hour from 21:00 tonight.
  let leaking = 1000;
  let usual = 2000;
  for (let h = -15 * 24; h <= 2; h += 1) {
    const ts = at(h * HOUR - 30 * MIN);
    leaking += h >= 0 ? 4.5 : 1.5;
    usual += 1.5;
    readings.push({ deviceId: id('leaking'), key: 'energy1', ts, value: leaking });
    readings.push({ deviceId: id('usual'), key: 'energy1', ts, value: usual });
  }
  // A counter that jumped 10,000 kWh at 21:40, and one that restarted from nothing (a new meter) at 21:40.
  for (const [minute, value] of [
    [-50, 500],
    [-40, 500.3],
    [-20, 10_500.3],
    [-10, 10_500.5],
  ] as const)
    readings.push({ deviceId: id('jumped'), key: 'energy1', ts: at(minute * MIN), value });
  for (const [minute, value] of [
    [-50, 800],
    [-20, 0.2],
    [-10, 0.4],
  ] as const)
    readings.push({ deviceId: id('replaced'), key: 'energy1', ts: at(minute * MIN), value });
  // One AC switching itself off and on every 4 minutes from 20:58 on, the other started twice.
  for (let minute = -62; minute <= 30; minute += 4)
    readings.push({
      deviceId: id('cycling'),
      key: 'onOff',
      ts: at(minute * MIN),
      value: (minute + 62) % 8 === 0,
    });
  for (const [minute, value] of [
    [-55, true],
    [-40, false],
    [-30, true],
    [-20, false],
    [-10, true],
  ] as const)
    readings.push({ deviceId: id('steady'), key: 'onOff', ts: at(minute * MIN), value });
  // The room is at 24 °C by its ACs; one sensor reads 29 °C, the other 24.5 °C.
  for (const [name, key, value] of [
    ['cycling', 'roomTemp', 24],
    ['steady', 'roomTemp', 24.2],
    ['drifting', 'temperature', 29],
    ['agreeing', 'temperature', 24.5],
  ] as const)
    readings.push({ deviceId: id(name), key, ts: at(-5 * MIN), value });
  const writer = new TelemetryWriter(t.app.db);
  readings.sort((a, b) => a.ts.getTime() - b.ts.getTime());
  await writer.write(readings.map((r) => ({ ...r, ts: r.ts.getTime() })));
  await writer.close();
});

afterAll(async () => {
  await t?.close();
});

describe('series rules', () => {
  it('raises a jumped counter at once, naming the step, and not a counter a new meter restarted', async () => {
    await t.app.fdd.runner.checkProject(projectId);
    const jump = await findingOf('counterJump', 'jumped');
    expect(jump?.evidence.jump).toEqual({
      key: 'energy1',
      from: 500.3,
      to: 10_500.3,
      at: at(-20 * MIN).toISOString(),
    });
    expect(jump?.wasteKwh).toBe(0);
    expect(await findingOf('counterJump', 'replaced')).toBeUndefined();
  });

  it('raises a short-cycling AC after 15 minutes with its starts of the last hour, not one started twice', async () => {
    await runFor(10 * MIN);
    expect(await findingOf('shortCycle', 'cycling')).toBeUndefined();
    await runFor(5 * MIN);
    const cycling = await findingOf('shortCycle', 'cycling');
    expect(cycling?.evidence.starts).toBeGreaterThan(6);
    expect(await findingOf('shortCycle', 'steady')).toBeUndefined();
  });

  it("raises after an hour a sensor drifting from the room's ACs, and a night base load above its baseline", async () => {
    await runFor(45 * MIN);
    const drift = await findingOf('sensorDrift', 'drifting');
    expect(drift?.evidence).toMatchObject({ readings: { temperature: 29 }, baseline: 24.2 });
    expect(await findingOf('sensorDrift', 'agreeing')).toBeUndefined();
    const base = await findingOf('baseLoad', 'leaking');
    // 4.5 kWh in the hour against a median of 1.5 kWh for the same hour of the two weeks before.
    expect(base?.evidence).toMatchObject({ hourKwh: 4.5, baseline: 1.5, wasteWatts: 3000 });
    expect(base?.evidence.hour).toBe(at(0).toISOString());
    // 3 kW over the hour it has held (the first hour judged, then the next).
    expect(base?.wasteKwh).toBeCloseTo(3, 6);
    expect(await findingOf('baseLoad', 'usual')).toBeUndefined();
  });
});
