import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyBoard } from '@sbuilding/shared';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readXlsx } from '../../test/device-import.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { RollupBuilder, upsertRollups } from '../telemetry/rollups.js';
import { telemetryDaily, telemetryHourly } from '../telemetry/tables.js';

/*
 * A fixed synthetic data set whose totals are known, in its own project (Asia/Shanghai, UTC+8):
 * building A with floors A1 and A2, building B with floor B1, building C (meter reset only).
 *   meter M1 (4 channels, A1): weights 1, 2, 3, 4
 *   meter M2 (2 channels, A2; channel 2's device is marked on A1, but a channel goes where its meter is): 5, 6
 *   meter M3 (1 channel, B1): 7
 * Daily rollups: 2026-03-01 10w, 2026-03-31 5w, 2026-02-10 6w for every channel (weights sum to 28),
 * plus 3 on 2026-03-02 for M1 ch1, 100 on 2026-04-01 for M3 ch1, 50 on 2025-12-31 for M1 ch1 and 900 on
 * 2027-01-01 (outside every period asked). Hourly rollups for the local day 2026-03-02: 1 at 00:00, 2 at
 * 23:00, 4 at 23:00 the day before, 50 at 00:00 the day after, all M1 ch1.
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let buildingA: number;
let buildingC: number;
let floorA1: number;
let floorA2: number;
const channel: Record<string, number> = {};

async function insertBuilding(tenantId: number, name: string) {
  const [row] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name, longitude: 121, latitude: 31 })
    .returning();
  if (!row) throw new Error('no building');
  return row.id;
}

async function insertFloor(tenantId: number, buildingId: number, name: string, sort: number) {
  const [row] = await t.app.db.insert(floors).values({ tenantId, buildingId, name, sort }).returning();
  if (!row) throw new Error('no floor');
  return row.id;
}

async function insertChannel(
  tenantId: number,
  name: string,
  place: { buildingId: number; floorId: number | null },
  codeAddr: string,
  ch: number,
) {
  const [row] = await t.app.db
    .insert(devices)
    .values({
      tenantId,
      projectId,
      ...place,
      model: 'ammeter4g',
      category: 'ammeter',
      name,
      props: { codeAddr, channel: ch, ratio: 1, transformerRatio: 1 },
      identity: `${codeAddr}:${ch}`,
      accessToken: crypto.randomBytes(15).toString('base64url'),
    })
    .returning();
  if (!row) throw new Error('no device');
  channel[name] = row.id;
  return row.id;
}

function rollup(deviceId: number, ch: number, delta: number) {
  return { deviceId, key: `energy${ch}`, count: 1, sum: delta, min: delta, max: delta, delta };
}

/** The app's clock (TEST_CLOCK): after every period asked below, so each is over and compared whole. */
let clock: TestClock;
const AFTER_ALL = '2028-01-15T04:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  clock.set(AFTER_ALL);
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  const tenantId = await demoTenantId(t);
  const [project] = await t.app.db
    .insert(projects)
    .values({ tenantId, projectName: 'Energy test', address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  projectId = project.id;
  buildingA = await insertBuilding(tenantId, 'A');
  const buildingB = await insertBuilding(tenantId, 'B');
  buildingC = await insertBuilding(tenantId, 'C');
  // Inserted in reverse order: floors are listed by their sort, not their id.
  floorA2 = await insertFloor(tenantId, buildingA, 'A2', 2);
  floorA1 = await insertFloor(tenantId, buildingA, 'A1', 1);
  const floorB1 = await insertFloor(tenantId, buildingB, 'B1', 1);

  const weights: [string, number, number][] = [];
  for (let ch = 1; ch <= 4; ch++) {
    weights.push([
      `M1 ch${ch}`,
      await insertChannel(
        tenantId,
        `M1 ch${ch}`,
        { buildingId: buildingA, floorId: floorA1 },
        '000000000001',
        ch,
      ),
      ch,
    ]);
  }
  weights.push([
    `M2 ch1`,
    await insertChannel(tenantId, 'M2 ch1', { buildingId: buildingA, floorId: floorA2 }, '000000000002', 1),
    5,
  ]);
  weights.push([
    `M2 ch2`,
    await insertChannel(tenantId, 'M2 ch2', { buildingId: buildingA, floorId: floorA1 }, '000000000002', 2),
    6,
  ]);
  weights.push([
    `M3 ch1`,
    await insertChannel(tenantId, 'M3 ch1', { buildingId: buildingB, floorId: floorB1 }, '000000000003', 1),
    7,
  ]);

  const daily = [];
  for (const [name, id, w] of weights) {
    const ch = name.endsWith('ch1') ? 1 : Number(name.slice(-1));
    daily.push({ ...rollup(id, ch, 10 * w), day: '2026-03-01' });
    daily.push({ ...rollup(id, ch, 5 * w), day: '2026-03-31' });
    daily.push({ ...rollup(id, ch, 6 * w), day: '2026-02-10' });
  }
  const m1c1 = channel['M1 ch1'] ?? 0;
  const m3c1 = channel['M3 ch1'] ?? 0;
  daily.push({ ...rollup(m1c1, 1, 3), day: '2026-03-02' });
  daily.push({ ...rollup(m3c1, 1, 100), day: '2026-04-01' });
  daily.push({ ...rollup(m1c1, 1, 50), day: '2025-12-31' });
  daily.push({ ...rollup(m1c1, 1, 900), day: '2027-01-01' });
  // A power reading's rollup has no consumption, and other keys never count.
  daily.push({
    deviceId: m1c1,
    key: 'power1',
    count: 1,
    sum: 5000,
    min: 5000,
    max: 5000,
    delta: 0,
    day: '2026-03-01',
  });
  await t.app.db.insert(telemetryDaily).values(daily);

  const hourly = [
    { ...rollup(m1c1, 1, 1), bucket: new Date('2026-03-01T16:00:00Z') },
    { ...rollup(m1c1, 1, 2), bucket: new Date('2026-03-02T15:00:00Z') },
    { ...rollup(m1c1, 1, 4), bucket: new Date('2026-03-01T15:00:00Z') },
    { ...rollup(m1c1, 1, 50), bucket: new Date('2026-03-02T16:00:00Z') },
  ];
  await t.app.db.insert(telemetryHourly).values(hourly);
});
afterAll(() => t.close());

async function board(query: Record<string, string | number>, call = manager): Promise<EnergyBoard> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await call('GET', `/sbuilding/board/energy/summary?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EnergyBoard }>().data;
}

const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

describe('energy board: sums', () => {
  it('adds channels to meters, meters to floors, floors to buildings and buildings to the month total', async () => {
    const b = await board({ projectId, period: 'MONTH', anchor: '2026-03-15' });
    expect(b.current).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(b.previousRange).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(b.energy).toBeCloseTo(423);
    expect(b.previous).toBeCloseTo(168);
    expect(b.changePercent).toBe(151.8);

    const m1 = b.meters.find((m) => m.code === '000000000001');
    const m2 = b.meters.find((m) => m.code === '000000000002');
    expect(m1?.channels.map((c) => c.energy)).toEqual([18, 30, 45, 60]);
    expect(m1?.energy).toBeCloseTo(153);
    // Channel 2 of M2 is marked on A1, but the meter (and so the channel) is on A2, where its channel 1 is.
    expect(m2).toMatchObject({ floorId: floorA2, floorName: 'A2', energy: 165, previous: 66 });
    for (const m of b.meters) expect(m.energy).toBeCloseTo(sum(m.channels.map((c) => c.energy)));

    const a = b.buildings.find((x) => x.buildingId === buildingA);
    expect(a?.floors.map((f) => [f.floorId, f.energy])).toEqual([
      [floorA1, 153],
      [floorA2, 165],
    ]);
    expect(a?.energy).toBeCloseTo(318);
    expect(a?.changePercent).toBe(Math.round(((318 - 6 * 21) / (6 * 21)) * 1000) / 10);
    for (const x of b.buildings) expect(x.energy).toBeCloseTo(sum(x.floors.map((f) => f.energy)));
    expect(b.energy).toBeCloseTo(sum(b.buildings.map((x) => x.energy)));
    expect(b.buildingOptions.map((o) => o.name)).toEqual(['A', 'B', 'C']);
  });

  it('draws the month day by day beside the previous month, whose missing days are null', async () => {
    const b = await board({ projectId, period: 'MONTH', anchor: '2026-03-15' });
    expect(b.curve).toHaveLength(31);
    expect(b.curve[0]).toEqual({
      bucket: '2026-03-01',
      previousBucket: '2026-02-01',
      current: 280,
      previous: 0,
    });
    expect(b.curve[1]?.current).toBe(3);
    expect(b.curve[9]).toMatchObject({ previousBucket: '2026-02-10', previous: 168 });
    expect(b.curve[30]).toEqual({ bucket: '2026-03-31', previousBucket: null, current: 140, previous: null });
    expect(sum(b.curve.map((p) => p.current ?? 0))).toBeCloseTo(b.energy);
    expect(sum(b.curve.map((p) => p.previous ?? 0))).toBeCloseTo(b.previous);
  });

  it('sums a year by month and compares it with the year before', async () => {
    const b = await board({ projectId, period: 'YEAR', anchor: '2026-06-30' });
    expect(b.current).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(b.curve.map((p) => p.bucket)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(b.curve.slice(1, 4).map((p) => p.current)).toEqual([168, 423, 100]);
    expect(b.curve[11]).toMatchObject({ previousBucket: '2025-12', previous: 50 });
    expect(b.energy).toBeCloseTo(691);
    expect(b.previous).toBeCloseTo(50);
    expect(b.changePercent).toBe(1282);
  });

  it('runs a week from Monday to Sunday: the Sunday before belongs to the previous week', async () => {
    const b = await board({ projectId, period: 'WEEK', anchor: '2026-03-04' });
    expect(b.current).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(b.previousRange).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(b.energy).toBeCloseTo(3);
    expect(b.previous).toBeCloseTo(280);
    expect(b.changePercent).toBe(-98.9);
    expect(b.curve).toHaveLength(7);
  });

  it('takes a day from the hourly rollups of its local hours (project time zone)', async () => {
    const b = await board({ projectId, period: 'DAY', anchor: '2026-03-02' });
    expect(b.curve).toHaveLength(24);
    expect(b.curve[0]).toMatchObject({ bucket: '00:00', current: 1, previous: 0 });
    expect(b.curve[23]).toMatchObject({ bucket: '23:00', current: 2, previous: 4 });
    expect(b.energy).toBeCloseTo(3);
    expect(b.previous).toBeCloseTo(4);
    expect(b.changePercent).toBe(-25);
    expect(b.top).toEqual([expect.objectContaining({ name: 'M1 ch1', energy: 3, share: 100 })]);
  });

  it('lists the largest consumers, biggest first, at most five', async () => {
    const b = await board({ projectId, period: 'MONTH', anchor: '2026-03-01' });
    expect(b.top.map((c) => c.name)).toEqual(['M3 ch1', 'M2 ch2', 'M2 ch1', 'M1 ch4', 'M1 ch3']);
    expect(b.top[0]).toMatchObject({ energy: 105, meterCode: '000000000003', share: 24.8 });
  });

  it('answers no change (null) against an empty previous period, and zero for an empty one', async () => {
    const b = await board({ projectId, period: 'MONTH', anchor: '2026-07-01' });
    expect(b).toMatchObject({ energy: 0, previous: 0, changePercent: null, top: [] });
    expect(b.buildings.every((x) => x.energy === 0)).toBe(true);
  });

  it('counts the consumption across a meter reset, as the rollups do at ingest', async () => {
    const tenantId = await demoTenantId(t);
    const id = await insertChannel(
      tenantId,
      'C ch1',
      { buildingId: buildingC, floorId: null },
      '000000000009',
      1,
    );
    const at = (iso: string) => Date.parse(iso);
    // Local 2026-05-10 (UTC+8): 100 -> 110 -> reset to 5 -> 8: 10 + 5 + 3 = 18 kWh.
    const readings = [
      { deviceId: id, key: 'energy1', ts: at('2026-05-10T01:00:00Z'), value: 100 },
      { deviceId: id, key: 'energy1', ts: at('2026-05-10T02:00:00Z'), value: 110 },
      { deviceId: id, key: 'energy1', ts: at('2026-05-10T03:00:00Z'), value: 5 },
      { deviceId: id, key: 'energy1', ts: at('2026-05-10T04:00:00Z'), value: 8 },
    ];
    const builder = new RollupBuilder();
    await builder.prepare(t.app.db, readings);
    await upsertRollups(t.app.db, builder.build(readings));

    const day = await board({ projectId, period: 'DAY', anchor: '2026-05-10', buildingId: buildingC });
    expect(day.energy).toBeCloseTo(18);
    expect(day.buildings).toEqual([
      expect.objectContaining({
        buildingId: buildingC,
        energy: 18,
        floors: [expect.objectContaining({ floorId: null })],
      }),
    ]);
    const month = await board({ projectId, period: 'MONTH', anchor: '2026-05-10', buildingId: buildingC });
    expect(month.energy).toBeCloseTo(18);
    expect(month.curve[9]?.current).toBeCloseTo(18);
  });
});

describe('energy board: a period still running is compared up to the same moment (issue 18)', () => {
  const at = async (local: string, query: Record<string, string | number>) => {
    clock.set(`${local}+08:00`);
    try {
      return await board({ projectId, ...query });
    } finally {
      clock.set(AFTER_ALL);
    }
  };

  it('compares today at 00:30 with yesterday up to 00:30, not with all of yesterday', async () => {
    const b = await at('2026-03-03T00:30:00', { period: 'DAY' });
    expect(b.anchor).toBe('2026-03-03');
    expect(b.comparedUntil).toEqual({ date: '2026-03-02', time: '00:30' });
    expect(b.energy).toBeCloseTo(50);
    // Yesterday's 00:00 hour had 1 kWh, half of it before 00:30; its 23:00 hour (2 kWh) is not yet due.
    expect(b.previous).toBeCloseTo(0.5);
    expect(b.previousWhole).toBeCloseTo(3);
    expect(b.changePercent).toBe(9900);
    // The curve still shows the whole of yesterday beside today.
    expect(b.curve[23]).toMatchObject({ bucket: '23:00', current: null, previous: 2 });
  });

  it('compares a month with the previous one up to the same day and time, channel by channel', async () => {
    const b = await at('2026-04-02T00:30:00', { period: 'MONTH' });
    expect(b.comparedUntil).toEqual({ date: '2026-03-02', time: '00:30' });
    expect(b.energy).toBeCloseTo(100);
    // 1 March whole (280), and half of the first hour of 2 March (1 kWh at 00:00): not the 3 + 140 after it.
    expect(b.previous).toBeCloseTo(280.5);
    expect(b.previousWhole).toBeCloseTo(423);
    expect(b.changePercent).toBe(-64.3);
    const m1 = b.meters.find((m) => m.code === '000000000001');
    expect(m1?.channels.map((c) => c.previous)).toEqual([10.5, 20, 30, 40]);
    expect(sum(b.meters.map((m) => m.previous))).toBeCloseTo(b.previous);
  });

  it('compares 31 March with all of February, which had no 31st', async () => {
    const b = await at('2026-03-31T10:00:00', { period: 'MONTH' });
    expect(b.comparedUntil).toEqual({ date: '2026-02-28', time: '24:00' });
    expect(b.previous).toBeCloseTo(168);
    expect(b.previousWhole).toBeCloseTo(168);
  });

  it('compares a year with the year before up to the same date: 31 December 12:00 leaves out its afternoon', async () => {
    const b = await at('2026-12-31T12:00:00', { period: 'YEAR' });
    expect(b.comparedUntil).toEqual({ date: '2025-12-31', time: '12:00' });
    // The 50 kWh of 31 December 2025 are in its daily rollup only: not an hour of it is before the cut.
    expect(b.previous).toBe(0);
    expect(b.previousWhole).toBeCloseTo(50);
    expect(b.changePercent).toBeNull();
  });

  it('compares a week with the week before up to the same weekday and time', async () => {
    // Monday 9 March 00:30: the week before is cut on Monday 2 March 00:30 (half of its 00:00 hour).
    const b = await at('2026-03-09T00:30:00', { period: 'WEEK' });
    expect(b.previousRange).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(b.comparedUntil).toEqual({ date: '2026-03-02', time: '00:30' });
    expect(b.previous).toBeCloseTo(0.5);
    expect(b.previousWhole).toBeCloseTo(3);
  });
});

describe('energy board: access and validation', () => {
  it('answers every board role of the tenant', async () => {
    for (const call of [customer, display]) {
      const b = await board({ projectId, period: 'MONTH', anchor: '2026-03-15' }, call);
      expect(b.energy).toBeCloseTo(423);
    }
  });

  it("answers 404 for another tenant's project, and for a building outside the project", async () => {
    const res = await stranger(
      'GET',
      `/sbuilding/board/energy/summary?projectId=${projectId}&period=DAY&anchor=2026-03-02`,
    );
    expect(res.statusCode).toBe(404);
    const exported = await stranger('POST', '/sbuilding/board/energy/export', {
      projectId,
      period: 'DAY',
      anchor: '2026-03-02',
    });
    expect(exported.statusCode).toBe(404);
    const [demoBuilding] = await t.app.db.select().from(buildings).orderBy(buildings.id).limit(1);
    const wrong = await manager(
      'GET',
      `/sbuilding/board/energy/summary?projectId=${projectId}&period=DAY&anchor=2026-03-02&buildingId=${demoBuilding?.id}`,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('refuses an unknown period, a date that does not exist and a missing project', async () => {
    for (const qs of [
      `projectId=${projectId}&period=HOUR&anchor=2026-03-02`,
      `projectId=${projectId}&period=DAY&anchor=2026-02-30`,
      `period=DAY&anchor=2026-03-02`,
    ]) {
      const res = await manager('GET', `/sbuilding/board/energy/summary?${qs}`);
      expect(res.statusCode, qs).toBe(400);
    }
  });

  it("takes the project's today (its time zone, not the server's) when no date is given", async () => {
    // 20:30 UTC on the 14th is already the 15th in Shanghai.
    clock.set('2028-01-14T20:30:00Z');
    try {
      const b = await board({ projectId, period: 'DAY' });
      expect(b.anchor).toBe('2028-01-15');
      expect(b.current).toEqual({ from: '2028-01-15', to: '2028-01-15' });
    } finally {
      clock.set(AFTER_ALL);
    }
  });

  it('treats an empty building filter as every building', async () => {
    const b = await board({ projectId, period: 'MONTH', anchor: '2026-03-15', buildingId: '' });
    expect(b.energy).toBeCloseTo(423);
  });
});

describe('energy board: export', () => {
  it('writes the channel table with the total, headers in the request language', async () => {
    const res = await as(t, await t.login('manager', 'manager123'), 'ZH')(
      'POST',
      '/sbuilding/board/energy/export',
      {
        projectId,
        period: 'MONTH',
        anchor: '2026-03-15',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { fileName } = res.json<{ data: { fileName: string } }>().data;
    const file = await manager('GET', `/common/download?fileName=${fileName}&delete=true`);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]?.[0]).toBe('建筑');
    expect(rows[0]?.[5]).toBe('本期（kWh）2026-03-01 – 2026-03-31');
    const body = rows.slice(1, -1);
    expect(body.find((r) => r[4] === 'M2 ch2')).toEqual([
      'A',
      'A2',
      '000000000002',
      2,
      'M2 ch2',
      90,
      36,
      150,
    ]);
    expect(rows.at(-1)?.slice(0, 1)).toEqual(['合计']);
    expect(rows.at(-1)?.[5]).toBe(423);
    expect(sum(body.map((r) => Number(r[5])))).toBeCloseTo(423);
  });
});
