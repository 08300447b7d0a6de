import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyDemand, MeterNode, Portfolio, PortfolioProject } from '@sbuilding/shared';
import { isTestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { energyRow as rollup, hourAt, insertChannel } from '../../test/energy-fixture.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { buildings, floors } from '../buildings/tables.js';
import { projects } from '../projects/tables.js';
import { telemetryCounters, telemetryDaily, telemetryHourly, telemetryRaw } from '../telemetry/tables.js';

/*
 * A fixed data set (Asia/Shanghai), worked by hand.
 *
 * Tenant 1 (the demo tenant), project "Portfolio one", flat 1.00 CNY/kWh, 0.5 kgCO2e/kWh:
 *   building A: floors F1 (100 m²) and F2 (300 m²): 400 m². ch1 on F1, ch2 on F2.
 *   building B: floor G1 with no area: area unknown (and so the project's). ch3 on G1.
 *   2026-07-15: ch1 1 kWh every hour (24), ch2 12 kWh at 10:00.               36 kWh
 *   2026-07-16: ch1 2 kWh every hour (48), ch2 8 kWh at 10:00, ch3 10 at 09:00. 66 kWh
 *   Counter readings on 07-16 (kWh): ch1 100 at 09:00, 101 at 09:15, 104 at 09:30, 105 at 09:45, 106 at 10:00;
 *   ch2 50 at 09:15, 52 at 09:30, 53 at 09:45; ch3 0 at 09:30, 2 at 09:45. Quarter hours (kW = kWh × 4):
 *   09:00 ch1 1 → 4 kW; 09:15 ch1 3 + ch2 2 → 20 kW; 09:30 ch1 1 + ch2 1 + ch3 2 → 16 kW; 09:45 ch1 1 → 4 kW.
 *   Peaks: the project 20 kW at 09:15 (not 12 + 8 + 8), building A 20 kW at 09:15, building B 8 kW at 09:30,
 *   F1 12 kW at 09:15, F2 8 kW at 09:15.
 * Tenant 2, project "Portfolio two", flat 2.00 CNY/kWh, 0.6 kgCO2e/kWh: building C, one floor of 50 m², ch4:
 *   07-15 0.5 kWh every hour (12), 07-16 1 kWh every hour (24).
 */

let t: TestApp;
let admin: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
let one: number;
let two: number;
let buildingA: number;
let buildingB: number;
let buildingC: number;
let floor1: number;
let floor2: number;
let floorG: number;
let ch1: number;
let ch2: number;
let ch3: number;

const at = (date: string, hhmm: string) => new Date(Date.parse(`${date}T${hhmm}:00+08:00`));

async function place(tenantId: number, projectName: string) {
  const [project] = await t.app.db
    .insert(projects)
    .values({ tenantId, projectName, address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  return project.id;
}

async function building(tenantId: number, projectId: number, name: string) {
  const [b] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name, longitude: 121, latitude: 31 })
    .returning();
  if (!b) throw new Error('no building');
  return b.id;
}

async function floor(tenantId: number, buildingId: number, name: string, area: number | null) {
  const [f] = await t.app.db.insert(floors).values({ tenantId, buildingId, name, sort: 1, area }).returning();
  if (!f) throw new Error('no floor');
  return f.id;
}

function channel(tenantId: number, projectId: number, buildingId: number, floorId: number, codeAddr: string) {
  return insertChannel(t.app.db, {
    tenantId,
    projectId,
    buildingId,
    floorId,
    name: `${codeAddr} ch1`,
    codeAddr,
  });
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  admin = as(t, await t.login('admin', 'admin123'));
  const managerToken = await t.login('manager', 'manager123');
  manager = as(t, managerToken);
  managerZh = as(t, managerToken, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  const { tenantId: tenant2 } = await createTenant(t, 'Portfolio tenant two', [
    { username: 'portfolioadmin', role: 'tbAdmin' },
  ]);
  other = as(t, await t.login('portfolioadmin', 'portfolioadmin123'));
  const tenant1 = await demoTenantId(t);

  one = await place(tenant1, 'Portfolio one');
  buildingA = await building(tenant1, one, 'A');
  buildingB = await building(tenant1, one, 'B');
  floor1 = await floor(tenant1, buildingA, 'F1', 100);
  floor2 = await floor(tenant1, buildingA, 'F2', 300);
  floorG = await floor(tenant1, buildingB, 'G1', null);
  ch1 = await channel(tenant1, one, buildingA, floor1, '100000000001');
  ch2 = await channel(tenant1, one, buildingA, floor2, '100000000002');
  ch3 = await channel(tenant1, one, buildingB, floorG, '100000000003');
  two = await place(tenant2, 'Portfolio two');
  buildingC = await building(tenant2, two, 'C');
  const ch4 = await channel(
    tenant2,
    two,
    buildingC,
    await floor(tenant2, buildingC, 'C1', 50),
    '200000000001',
  );

  const hourly = [];
  for (let h = 0; h < 24; h++) {
    hourly.push({ ...rollup(ch1, 1), bucket: hourAt('2026-07-15', h) });
    hourly.push({ ...rollup(ch1, 2), bucket: hourAt('2026-07-16', h) });
    hourly.push({ ...rollup(ch4, 0.5), bucket: hourAt('2026-07-15', h) });
    hourly.push({ ...rollup(ch4, 1), bucket: hourAt('2026-07-16', h) });
  }
  hourly.push({ ...rollup(ch2, 12), bucket: hourAt('2026-07-15', 10) });
  hourly.push({ ...rollup(ch2, 8), bucket: hourAt('2026-07-16', 10) });
  hourly.push({ ...rollup(ch3, 10), bucket: hourAt('2026-07-16', 9) });
  await t.app.db.insert(telemetryHourly).values(hourly);
  await t.app.db.insert(telemetryDaily).values([
    { ...rollup(ch1, 24), day: '2026-07-15' },
    { ...rollup(ch1, 48), day: '2026-07-16' },
    { ...rollup(ch2, 12), day: '2026-07-15' },
    { ...rollup(ch2, 8), day: '2026-07-16' },
    { ...rollup(ch3, 10), day: '2026-07-16' },
    { ...rollup(ch4, 12), day: '2026-07-15' },
    { ...rollup(ch4, 24), day: '2026-07-16' },
  ]);
  const readings: [number, string, number][] = [
    [ch1, '09:00', 100],
    [ch1, '09:15', 101],
    [ch1, '09:30', 104],
    [ch1, '09:45', 105],
    [ch1, '10:00', 106],
    [ch2, '09:15', 50],
    [ch2, '09:30', 52],
    [ch2, '09:45', 53],
    [ch3, '09:30', 0],
    [ch3, '09:45', 2],
  ];
  await t.app.db.insert(telemetryRaw).values(
    readings.map(([deviceId, hhmm, num]) => ({
      deviceId,
      key: 'energy1',
      ts: at('2026-07-16', hhmm),
      num,
    })),
  );
  await t.app.db.insert(telemetryCounters).values(
    [ch1, ch2, ch3].map((deviceId) => ({
      deviceId,
      key: 'energy1',
      ts: at('2026-07-16', '10:00'),
      value: 0,
    })),
  );

  for (const [who, projectId, flatPrice, kgPerKwh] of [
    [manager, one, 1, 0.5],
    [other, two, 2, 0.6],
  ] as const) {
    const tariff = await who('POST', '/sbuilding/energy/tariff', {
      projectId,
      name: 'Flat',
      validFrom: '2026-01-01',
      kind: 'flat',
      flatPrice,
    });
    expect(tariff.statusCode, tariff.body).toBe(200);
    const factor = await who('POST', '/sbuilding/energy/emission', {
      projectId,
      validFrom: '2026-01-01',
      kgPerKwh,
    });
    expect(factor.statusCode, factor.body).toBe(200);
  }
});
afterAll(() => t.close());

const round = (v: number | null | undefined) =>
  v === null || v === undefined ? v : Math.round(v * 1e6) / 1e6;

async function portfolioOf(who: typeof manager, query: string): Promise<Portfolio> {
  const res = await who('GET', `/sbuilding/energy/portfolio?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Portfolio }>().data;
}

function projectOf(p: Portfolio, id: number): PortfolioProject {
  const found = p.projects.find((x) => x.projectId === id);
  if (!found) throw new Error(`project ${id} not in the portfolio`);
  return found;
}

describe('portfolio: tenancy and roles', () => {
  it("shows the platform administrator every tenant's projects", async () => {
    const p = await portfolioOf(admin, 'period=DAY&anchor=2026-07-16');
    expect(projectOf(p, one).tenantName).not.toBe(projectOf(p, two).tenantName);
    expect(projectOf(p, two).tenantName).toBe('Portfolio tenant two');
  });

  it("shows a tenant's administrator their tenant's projects only", async () => {
    const mine = await portfolioOf(manager, 'period=DAY&anchor=2026-07-16');
    expect(mine.projects.map((x) => x.projectId)).toContain(one);
    expect(mine.projects.map((x) => x.projectId)).not.toContain(two);
    const theirs = await portfolioOf(other, 'period=DAY&anchor=2026-07-16');
    expect(theirs.projects.map((x) => x.projectId)).toEqual([two]);
  });

  it("refuses a project's customer (they see their project's boards, not a portfolio)", async () => {
    expect((await customer('GET', '/sbuilding/energy/portfolio?period=DAY')).statusCode).toBe(403);
  });

  it('refuses bad input in both languages', async () => {
    const en = await manager('GET', '/sbuilding/energy/portfolio?period=HOUR');
    expect(en.statusCode).toBe(400);
    const zh = await managerZh('GET', '/sbuilding/energy/portfolio?period=HOUR');
    expect(zh.statusCode).toBe(400);
    expect(en.json<{ msg: string }>().msg).toMatch(/period/i);
    expect(zh.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.json<{ msg: string }>().msg).not.toBe(en.json<{ msg: string }>().msg);
    const date = await manager('GET', '/sbuilding/energy/portfolio?period=DAY&anchor=2026-13-01');
    expect(date.statusCode).toBe(400);
    expect((await manager('GET', '/sbuilding/energy/portfolio')).statusCode).toBe(400);
  });
});

describe('portfolio: the figures, worked by hand', () => {
  it('adds kWh, cost, carbon and peak demand per project and building (a day that is over)', async () => {
    const p = projectOf(await portfolioOf(admin, 'period=DAY&anchor=2026-07-16'), one);
    expect(p.current).toEqual({ from: '2026-07-16', to: '2026-07-16' });
    expect(p.comparedUntil).toBeNull();
    expect(round(p.kwh)).toBe(66);
    expect(round(p.previousKwh)).toBe(36);
    expect(p.changePercent).toBe(83.3);
    expect(round(p.cost)).toBe(66);
    expect(round(p.previousCost)).toBe(36);
    expect(round(p.carbon)).toBe(33);
    expect(round(p.previousCarbon)).toBe(18);
    // Building B's floor has no area: the project's area is unknown, not 400 m².
    expect(p.area).toBeNull();
    expect(p.kwhPerM2).toBeNull();
    expect(p.peak).toEqual({ kw: 20, at: '2026-07-16 09:15' });

    const a = p.buildings.find((b) => b.buildingId === buildingA);
    expect(a?.area).toBe(400);
    expect(round(a?.kwh)).toBe(56);
    expect(round(a?.previousKwh)).toBe(36);
    expect(round(a?.kwhPerM2)).toBe(0.14);
    expect(round(a?.previousKwhPerM2)).toBe(0.09);
    expect(a?.peak).toEqual({ kw: 20, at: '2026-07-16 09:15' });
    const b = p.buildings.find((x) => x.buildingId === buildingB);
    expect(b?.area).toBeNull();
    expect(round(b?.kwh)).toBe(10);
    expect(b?.previousKwh).toBe(0);
    expect(b?.changePercent).toBeNull();
    expect(b?.peak).toEqual({ kw: 8, at: '2026-07-16 09:30' });

    const q = projectOf(await portfolioOf(other, 'period=DAY&anchor=2026-07-16'), two);
    expect(round(q.kwh)).toBe(24);
    expect(round(q.previousKwh)).toBe(12);
    expect(q.area).toBe(50);
    expect(round(q.kwhPerM2)).toBe(0.48);
    expect(round(q.cost)).toBe(48);
    expect(round(q.carbon)).toBe(14.4);
    expect(round(q.previousCarbon)).toBe(7.2);
    // No readings stored: no peak, said as such.
    expect(q.peak).toBeNull();
  });

  it('compares a running day with the day before up to the same moment', async () => {
    if (!isTestClock(t.app.clock)) throw new Error('no test clock');
    t.app.clock.set('2026-07-16T10:30:00+08:00');
    try {
      const p = projectOf(await portfolioOf(manager, 'period=DAY'), one);
      expect(p.current.from).toBe('2026-07-16');
      expect(p.comparedUntil).toEqual({ date: '2026-07-15', time: '10:30' });
      // 07-15 to 10:30: ch1 10 whole hours and half of the 10:00 hour, ch2 half of its 12 kWh at 10:00.
      expect(round(p.previousKwh)).toBe(16.5);
      expect(round(p.previousCost)).toBe(16.5);
      expect(round(p.previousCarbon)).toBe(8.25);
      expect(p.peak).toEqual({ kw: 20, at: '2026-07-16 09:15' });
    } finally {
      t.app.clock.release();
    }
  });

  it('sums a week the same way', async () => {
    const p = projectOf(await portfolioOf(manager, 'period=WEEK&anchor=2026-07-16'), one);
    expect(p.current).toEqual({ from: '2026-07-13', to: '2026-07-19' });
    expect(round(p.kwh)).toBe(102);
    expect(round(p.cost)).toBe(102);
    expect(p.previousKwh).toBe(0);
    expect(p.peak).toEqual({ kw: 20, at: '2026-07-16 09:15' });
  });
});

describe('portfolio: one area per place', () => {
  async function node(body: Record<string, unknown>): Promise<MeterNode> {
    const method = 'id' in body ? 'PUT' : 'POST';
    const res = await manager(method, '/sbuilding/energy/meter-node', {
      projectId: one,
      parentId: null,
      kind: 'building',
      terms: [],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: MeterNode }>().data;
  }
  // Each look a minute later: the answer is shared within a minute (10 s), and the tree changes in between.
  let minutes = 0;
  const day = async () => {
    if (!isTestClock(t.app.clock)) throw new Error('no test clock');
    t.app.clock.set(Date.parse('2026-08-01T00:00:00+08:00') + ++minutes * 60_000);
    return projectOf(await portfolioOf(manager, 'period=DAY&anchor=2026-07-16'), one);
  };
  afterAll(() => {
    if (isTestClock(t.app.clock)) t.app.clock.release();
  });
  const areaOf = (p: PortfolioProject, id: number) => {
    const b = p.buildings.find((x) => x.buildingId === id);
    return [b?.area, b?.areaSource, round(b?.kwhPerM2)];
  };

  it("takes a building's area from its meter-tree building node, else from its floors", async () => {
    // Before any tree: A from its floors (400 m²), B unknown (a floor without an area).
    let p = await day();
    expect(areaOf(p, buildingA)).toEqual([400, 'floors', 0.14]);
    expect(areaOf(p, buildingB)).toEqual([null, null, null]);

    // B's building node (its channel) has 250 m²: B's area; A's node has none, so A keeps its floors'.
    const a = await node({ name: 'Building A', areaM2: null, channels: [ch1, ch2] });
    await node({ name: 'Building B', areaM2: 250, channels: [ch3] });
    p = await day();
    expect(areaOf(p, buildingA)).toEqual([400, 'floors', 0.14]);
    expect(areaOf(p, buildingB)).toEqual([250, 'meterTree', 0.04]);
    // Every building's area known now: the project's is their sum.
    expect(p.area).toBe(650);
    expect(round(p.kwhPerM2)).toBe(round(66 / 650));

    // The tree's area wins over the floors' once it is given.
    await node({ id: a.id, name: 'Building A', areaM2: 500, channels: [ch1, ch2], sort: 0 });
    p = await day();
    expect(areaOf(p, buildingA)).toEqual([500, 'meterTree', 0.112]);
    expect(p.area).toBe(750);
  });

  it('ignores a building node that spans two buildings, and two nodes that claim one building', async () => {
    // A virtual "building" over channels of A and B measures neither building.
    await node({
      name: 'Campus',
      areaM2: 9000,
      terms: [
        { sign: 1, deviceId: ch1 },
        { sign: 1, deviceId: ch3 },
      ],
    });
    let p = await day();
    expect(areaOf(p, buildingA)).toEqual([500, 'meterTree', 0.112]);
    expect(areaOf(p, buildingB)).toEqual([250, 'meterTree', 0.04]);
    // A second building node measuring only A: the tree no longer says which is A, so A's floors count.
    await node({ name: 'A east wing', areaM2: 120, terms: [{ sign: 1, deviceId: ch1 }] });
    p = await day();
    expect(areaOf(p, buildingA)).toEqual([400, 'floors', 0.14]);
    expect(areaOf(p, buildingB)).toEqual([250, 'meterTree', 0.04]);
  });
});

describe('peak demand on the energy board', () => {
  it("gives the period's peak of the scope, each building and each floor", async () => {
    const res = await manager(
      'GET',
      `/sbuilding/board/energy/demand?projectId=${one}&period=DAY&anchor=2026-07-16`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<{ data: EnergyDemand }>().data;
    expect(d.peak).toEqual({ kw: 20, at: '2026-07-16 09:15' });
    expect(d.buildings.find((b) => b.buildingId === buildingB)?.peak).toEqual({
      kw: 8,
      at: '2026-07-16 09:30',
    });
    expect(d.floors.find((f) => f.floorId === floor1)?.peak).toEqual({ kw: 12, at: '2026-07-16 09:15' });
    expect(d.floors.find((f) => f.floorId === floor2)?.peak).toEqual({ kw: 8, at: '2026-07-16 09:15' });

    const onlyB = await manager(
      'GET',
      `/sbuilding/board/energy/demand?projectId=${one}&period=DAY&anchor=2026-07-16&buildingId=${buildingB}`,
    );
    expect(onlyB.json<{ data: EnergyDemand }>().data.peak).toEqual({ kw: 8, at: '2026-07-16 09:30' });
    // The day before has no readings stored.
    const before = await manager(
      'GET',
      `/sbuilding/board/energy/demand?projectId=${one}&period=DAY&anchor=2026-07-15`,
    );
    expect(before.json<{ data: EnergyDemand }>().data.peak).toBeNull();
  });

  it("refuses another tenant's project and bad input", async () => {
    expect(
      (await other('GET', `/sbuilding/board/energy/demand?projectId=${one}&period=DAY`)).statusCode,
    ).toBe(404);
    expect(
      (await manager('GET', `/sbuilding/board/energy/demand?projectId=${one}&period=NOPE`)).statusCode,
    ).toBe(400);
  });
});
