import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { unitsInWords } from '@sbuilding/shared';
import type { Bill, BillNodes, EnergyBoardCost, Tariff, TariffDay } from '@sbuilding/shared';
import { isTestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { energyRow, hourAt, insertCampus, insertChannel, writeBillDays } from '../../test/energy-fixture.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { floors } from '../buildings/tables.js';
import { calendarDays } from '../calendar/tables.js';
import { TelemetryWriter } from '../telemetry/index.js';
import { telemetryCounters, telemetryDaily, telemetryHourly, telemetryRaw } from '../telemetry/tables.js';
import { DEMO_TARIFF } from './seed.js';
import { energyMonthPeriods } from './tables.js';

/*
 * A fixed data set in its own project (Asia/Shanghai): building A, floors F1 and F2, one channel each.
 *   2026-07-15 (Wednesday, a working day): ch1 1 kWh every local hour, 5 at 10:00 (28 kWh); ch2 2 kWh at 10:00.
 *   2026-07-16 (Thursday, a holiday in the project's calendar): ch1 the same 28 kWh.
 * Under the demo tariff (pricing.test.ts works the same days by hand): ch1 on 07-15 costs 22.48, ch2 2 × 1.35
 * = 2.70, ch1 on 07-16 (rest-day hours) 14.73. Emission factor 0.5 kgCO2e/kWh.
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let buildingA: number;
let floor1: number;
let floor2: number;
let ch1: number;
let ch2: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  const tenantId = await demoTenantId(t);
  const campus = await insertCampus(t.app.db, {
    tenantId,
    projectName: 'Billing test',
    floors: ['F1', 'F2'],
  });
  projectId = campus.projectId;
  buildingA = campus.buildingId;
  [floor1 = 0, floor2 = 0] = campus.floorIds;
  const place = { tenantId, projectId, buildingId: buildingA };
  ch1 = await insertChannel(t.app.db, {
    ...place,
    floorId: floor1,
    name: 'M1 ch1',
    codeAddr: '000000000001',
  });
  ch2 = await insertChannel(t.app.db, {
    ...place,
    floorId: floor2,
    name: 'M2 ch1',
    codeAddr: '000000000002',
  });
  await writeBillDays(t.app.db, ch1, ch2);
  await t.app.db
    .insert(calendarDays)
    .values({ projectId, date: '2026-07-16', type: 'holiday', name: 'Test holiday' });
});
afterAll(() => t.close());

const qs = (query: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

async function cost(query: Record<string, string | number>): Promise<EnergyBoardCost> {
  const res = await manager('GET', `/sbuilding/board/energy/cost?${qs({ projectId, ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EnergyBoardCost }>().data;
}

const touBody = () => ({
  projectId,
  name: 'Five periods',
  validFrom: '2026-01-01',
  ...DEMO_TARIFF,
});
const round = (v: number) => Math.round(v * 1e6) / 1e6;

describe('tariffs: calls', () => {
  let tariffId: number;

  it('creates a five-period tariff and lists it', async () => {
    const res = await manager('POST', '/sbuilding/energy/tariff', touBody());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ data: Tariff }>().data;
    expect(created).toMatchObject({ projectId, kind: 'tou', currency: 'CNY', demandChargePerKw: 40 });
    tariffId = created.id;
    const list = await manager('GET', `/sbuilding/energy/tariff/list?projectId=${projectId}`);
    expect(list.json<{ data: Tariff[] }>().data.map((x) => x.id)).toEqual([tariffId]);
    const factor = await manager('POST', '/sbuilding/energy/emission', {
      projectId,
      validFrom: '2026-01-01',
      kgPerKwh: 0.5,
    });
    expect(factor.statusCode, factor.body).toBe(200);
  });

  it('refuses overlapping hours and hours that leave part of the day out, with clear messages', async () => {
    const body = touBody();
    const season = body.seasons[0];
    if (!season) throw new Error('no season');
    const overlapping = {
      ...body,
      validFrom: '2026-02-01',
      seasons: [
        { ...season, workday: [...season.workday, { period: 'peak', from: 9, to: 10 }] },
        body.seasons[1],
      ],
    };
    const res = await manager('POST', '/sbuilding/energy/tariff', overlapping);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('These hours overlap another period of the same day');
    const short = {
      ...body,
      validFrom: '2026-02-01',
      seasons: [{ ...season, workday: season.workday.slice(1) }, body.seasons[1]],
    };
    const res2 = await as(t, await t.login('manager', 'manager123'), 'ZH')(
      'POST',
      '/sbuilding/energy/tariff',
      short,
    );
    expect(res2.statusCode).toBe(400);
    expect(res2.body).toContain('时段必须覆盖一天的全部 24 小时');
  });

  it('refuses a second plan of the same date', async () => {
    const res = await manager('POST', '/sbuilding/energy/tariff', touBody());
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('already has a tariff valid from 2026-01-01');
  });

  it('keeps other tenants out and lets only a tbAdmin write', async () => {
    expect((await stranger('GET', `/sbuilding/energy/tariff/list?projectId=${projectId}`)).statusCode).toBe(
      404,
    );
    expect((await stranger('DELETE', `/sbuilding/energy/tariff/${tariffId}`)).statusCode).toBe(404);
    expect(
      (await stranger('PUT', '/sbuilding/energy/tariff', { ...touBody(), id: tariffId })).statusCode,
    ).toBe(404);
    expect(
      (await stranger('GET', `/sbuilding/board/energy/cost?${qs({ projectId, period: 'DAY' })}`)).statusCode,
    ).toBe(404);
    expect(
      (await customer('POST', '/sbuilding/energy/tariff', { ...touBody(), validFrom: '2026-03-01' }))
        .statusCode,
    ).toBe(403);
    expect((await customer('GET', `/sbuilding/energy/tariff/list?projectId=${projectId}`)).statusCode).toBe(
      200,
    );
  });

  it("answers a day's periods by the calendar", async () => {
    const day = async (date: string) =>
      (await manager('GET', `/sbuilding/energy/tariff/day?${qs({ projectId, date })}`)).json<{
        data: TariffDay;
      }>().data;
    const workday = await day('2026-07-15');
    expect(workday).toMatchObject({ workday: true, holidayName: null });
    expect(workday.hours[10]).toBe('sharp');
    expect(workday.prices[10]).toBe(1.35);
    const holiday = await day('2026-07-16');
    expect(holiday).toMatchObject({ workday: false, holidayName: 'Test holiday' });
    expect(holiday.hours[10]).toBe('flat');
    expect(holiday.hours[12]).toBe('deepValley');
    expect((await day('2025-12-31')).tariff).toBeNull();
  });
});

describe('cost on the energy board', () => {
  it('prices a working day crossing five periods, beside the day before', async () => {
    const c = await cost({ period: 'DAY', anchor: '2026-07-15' });
    // ch1 22.48 + ch2 2 × 1.35
    expect(round(c.cost)).toBe(25.18);
    expect(round(c.carbon)).toBe(15);
    expect(c.previousCost).toBe(0);
    expect(c.hasTariff && c.hasFactor).toBe(true);
    expect(c.periods.map((p) => [p.period, p.kwh])).toEqual([
      ['sharp', 10],
      ['peak', 6],
      ['flat', 4],
      ['valley', 4],
      ['deepValley', 6],
    ]);
    expect(round(c.channels.find((x) => x.deviceId === ch2)?.cost ?? -1)).toBe(2.7);
  });

  it('prices a holiday with its rest-day hours', async () => {
    const c = await cost({ period: 'DAY', anchor: '2026-07-16' });
    expect(round(c.cost)).toBe(14.73);
    expect(round(c.previousCost)).toBe(25.18);
  });

  it('prices the day before only up to the same moment while the day runs (issue 18)', async () => {
    if (!isTestClock(t.app.clock)) throw new Error('no test clock');
    t.app.clock.set('2026-07-16T10:30:00+08:00');
    try {
      const c = await cost({ period: 'DAY' });
      expect(round(c.cost)).toBe(14.73);
      // 07-15 up to 10:30 under its working-day map DDDDDDVVPPSS…: ch1 6 × 0.22 + 2 × 0.32 + 2 × 1.08 and
      // half of its 10:00 hour (5 kWh) at 1.35 = 1.32 + 0.64 + 2.16 + 3.375 = 7.495; ch2 half of 2 kWh at
      // 10:00 = 1 × 1.35. Carbon (12.5 + 1) × 0.5.
      expect(round(c.previousCost)).toBe(8.845);
      expect(round(c.previousCarbon)).toBe(6.75);
      expect(round(c.channels.find((x) => x.deviceId === ch2)?.previousCost ?? -1)).toBe(1.35);
    } finally {
      t.app.clock.release();
    }
  });

  it('adds channels to floors, floors to the building, the building to the week', async () => {
    const c = await cost({ period: 'WEEK', anchor: '2026-07-15' });
    expect(round(c.cost)).toBe(39.91);
    const f1 = c.floors.find((f) => f.floorId === floor1);
    const f2 = c.floors.find((f) => f.floorId === floor2);
    expect(round(f1?.cost ?? -1)).toBe(37.21);
    expect(round(f2?.cost ?? -1)).toBe(2.7);
    expect(round(c.buildings.find((b) => b.buildingId === buildingA)?.cost ?? -1)).toBe(39.91);
    expect(round(c.carbon)).toBe(29);
  });

  it('follows a tariff change from the next request on (the stored split goes stale)', async () => {
    const res = await manager('POST', '/sbuilding/energy/tariff', {
      projectId,
      name: 'Flat from the 16th',
      validFrom: '2026-07-16',
      kind: 'flat',
      flatPrice: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = await cost({ period: 'WEEK', anchor: '2026-07-15' });
    // 07-15 as before, 07-16: 28 kWh at 1.00
    expect(round(c.cost)).toBe(53.18);
    const removed = await manager(
      'DELETE',
      `/sbuilding/energy/tariff/${res.json<{ data: Tariff }>().data.id}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(round((await cost({ period: 'WEEK', anchor: '2026-07-15' })).cost)).toBe(39.91);
  });

  it('keeps whole past months as sums, and still follows a late reading and a tariff change', async () => {
    const clock = t.app.clock;
    if (!isTestClock(clock)) throw new Error('no test clock');
    // Each call a minute later: the shared answer of the minute before is not the one asked for.
    const at = (minute: number) => clock.set(`2026-09-01T08:${String(minute).padStart(2, '0')}:00+08:00`);
    try {
      at(0);
      // July (and June before it) are whole past months: summed once, then read as a row a channel.
      expect(round((await cost({ period: 'MONTH', anchor: '2026-07-15' })).cost)).toBe(39.91);
      const kept = await t.app.db
        .select()
        .from(energyMonthPeriods)
        .where(and(eq(energyMonthPeriods.deviceId, ch1), eq(energyMonthPeriods.month, '2026-07-01')));
      expect(kept.map((k) => k.kwh)).toEqual([56]);
      at(1);
      const before = await cost({ period: 'MONTH', anchor: '2026-07-15' });
      expect(round(before.cost)).toBe(39.91);
      expect(before.previousCost).toBe(0);
      // A late reading in June (a kept month): its daily total no longer matches, so June is split again.
      await t.app.db
        .insert(telemetryHourly)
        .values({ ...energyRow(ch2, 3), bucket: hourAt('2026-06-15', 10) });
      await t.app.db.insert(telemetryDaily).values({ ...energyRow(ch2, 3), day: '2026-06-15' });
      at(2);
      const day = await cost({ period: 'DAY', anchor: '2026-06-15' });
      expect(day.cost).toBeGreaterThan(0);
      at(3);
      const after = await cost({ period: 'MONTH', anchor: '2026-07-15' });
      expect(round(after.previousCost)).toBe(round(day.cost));
      expect(round(after.previousCarbon)).toBe(1.5);
      // A tariff change inside a kept month: its key changes.
      const res = await manager('POST', '/sbuilding/energy/tariff', {
        projectId,
        name: 'Flat from the 16th',
        validFrom: '2026-07-16',
        kind: 'flat',
        flatPrice: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(round((await cost({ period: 'MONTH', anchor: '2026-07-15' })).cost)).toBe(53.18);
      await manager('DELETE', `/sbuilding/energy/tariff/${res.json<{ data: Tariff }>().data.id}`);
      expect(round((await cost({ period: 'MONTH', anchor: '2026-07-15' })).cost)).toBe(39.91);
    } finally {
      clock.release();
    }
  });
});

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  await pdf.destroy();
  return parts.join('\n');
}

describe('bills', () => {
  const billQuery = (extra: Record<string, string | number>) =>
    qs({ projectId, month: '2026-07', level: 'building', nodeId: buildingA, ...extra });

  it("adds a building's month: energy by period, demand charge, fixed charges, carbon, meters, gaps", async () => {
    const res = await manager('GET', `/sbuilding/energy/bill?${billQuery({})}`);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json<{ data: Bill }>().data;
    // 28 + 28 + 2 kWh; 22.48 + 2.70 + 14.73 as on the board
    expect(round(bill.kwh)).toBe(58);
    expect(round(bill.energyCost)).toBe(39.91);
    // the peak hour: 07-15 10:00, ch1 5 + ch2 2 = 7 kWh in the hour, 7 kW; 40 CNY per kW
    // (July's readings are not kept in this data set, only its rollups: the hourly average stands in)
    expect(bill.peakKw).toBe(7);
    expect(bill.peakAt).toBe('2026-07-15 10:00');
    expect(bill.peakBasis).toBe('hour');
    expect(bill.demandCharge).toBe(280);
    expect(bill.fixedCharges).toEqual([{ name: 'Metering service', amount: 50 }]);
    expect(round(bill.total)).toBe(369.91);
    expect(round(bill.carbon)).toBe(29);
    expect(bill.meters.map((m) => [m.deviceId, m.kwh, m.peakKw, m.peakAt])).toEqual([
      [ch1, 56, 5, '2026-07-15 10:00'],
      [ch2, 2, 2, '2026-07-15 10:00'],
    ]);
    // each channel is silent before and after the days it reported
    expect(bill.gapCount).toBe(4);
    expect(bill.gaps[0]).toEqual({
      deviceId: ch1,
      name: 'M1 ch1',
      from: '2026-07-01 00:00',
      to: '2026-07-15 00:00',
    });
  });

  it('charges demand on the highest 15-minute average of the stored readings, and says when', async () => {
    // 2026-08-03 (Shanghai): ch1 +1 kWh every 5 minutes from 10:00 to 11:00 but +4 from 10:15 to 10:20, so
    // 10:15-10:30 has 6 kWh = 24 kW (the hour's average is 15 kW); ch2 1 kWh a quarter (4 kW) 10:00-10:30.
    // Together: 10:00 12 + 4, 10:15 24 + 4 = 28 kW, 10:30 12, 10:45 12. 28 kW × 40 CNY = 1,120.
    const local = (hhmm: string) => new Date(`2026-08-03T${hhmm}:00+08:00`);
    const raw: (typeof telemetryRaw.$inferInsert)[] = [];
    let value = 500;
    for (let minute = 0; minute <= 60; minute += 5) {
      if (minute > 0) value += minute === 20 ? 4 : 1;
      raw.push({
        deviceId: ch1,
        key: 'energy1',
        ts: new Date(local('10:00').getTime() + minute * 60_000),
        num: value,
      });
    }
    for (const [hhmm, num] of [
      ['10:00', 0],
      ['10:15', 1],
      ['10:30', 2],
    ] as const) {
      raw.push({ deviceId: ch2, key: 'energy1', ts: local(hhmm), num });
    }
    await t.app.db.insert(telemetryRaw).values(raw);
    // The writer's last reading of each counter (later than the day: the day's quarters are final).
    await t.app.db
      .insert(telemetryCounters)
      .values([ch1, ch2].map((deviceId) => ({ deviceId, key: 'energy1', ts: local('23:59'), value: 0 })));
    const res = await manager('GET', `/sbuilding/energy/bill?${billQuery({ month: '2026-08' })}`);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json<{ data: Bill }>().data;
    expect(bill).toMatchObject({
      peakKw: 28,
      peakAt: '2026-08-03 10:15',
      peakBasis: 'quarterHour',
      demandCharge: 1120,
    });
    expect(bill.meters.map((m) => [m.deviceId, m.peakKw, m.peakAt])).toEqual([
      [ch1, 24, '2026-08-03 10:15'],
      [ch2, 4, '2026-08-03 10:00'],
    ]);
    // A floor's bill takes its own meter's quarters only.
    const floor = await manager(
      'GET',
      `/sbuilding/energy/bill?${billQuery({ month: '2026-08', level: 'floor', nodeId: floor2 })}`,
    );
    expect(floor.json<{ data: Bill }>().data).toMatchObject({
      peakKw: 4,
      peakAt: '2026-08-03 10:00',
      demandCharge: 160,
    });
  });

  it("reconciles a meter's readings with the kWh billed: the month starts from the last reading before it (issue 34)", async () => {
    // Like the demo's DEMO00000037 channel 4: history readings at the last millisecond of each hour
    // (the simulator's backfill), so the month's first reading, 2026-10-01 00:59:59.999, measures
    // 00:00-01:00 and its consumption (1.479 kWh) is October's. The month must start from the reading at
    // 2026-09-30 23:59:59.999 (18,307.863), not from the first hour's own value (18,309.342).
    const tenantId = await demoTenantId(t);
    const campus = await insertCampus(t.app.db, { tenantId, projectName: 'Reconcile test' });
    const meter = await insertChannel(t.app.db, {
      tenantId,
      projectId: campus.projectId,
      buildingId: campus.buildingId,
      name: 'DEMO00000037 ch4',
      codeAddr: '000000000037',
    });
    // 22:59 and 23:59 of 09-30, then six hours of October: 1.479 + 1.3 + 1.05 + 0.987 + 1.111 + 1.404 kWh.
    const values = [
      18_306.651, 18_307.863, 18_309.342, 18_310.642, 18_311.692, 18_312.679, 18_313.79, 18_315.194,
    ];
    const readings = values.map((value, i) => ({
      deviceId: meter,
      key: 'energy1',
      ts: Date.parse('2026-09-30T22:59:59.999+08:00') + i * 3_600_000,
      value,
    }));
    const writer = new TelemetryWriter(t.app.db);
    await writer.write(readings);
    await writer.close();
    const res = await manager(
      'GET',
      `/sbuilding/energy/bill?${qs({ projectId: campus.projectId, month: '2026-10', level: 'building', nodeId: campus.buildingId })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json<{ data: Bill }>().data;
    const [row] = bill.meters;
    expect(row).toMatchObject({ startReading: 18_307.863, endReading: 18_315.194 });
    const shown = (row?.endReading ?? 0) - (row?.startReading ?? 0);
    // To the cent, per meter and for the bill.
    expect(Math.round(shown * 100) / 100).toBe(Math.round((row?.kwh ?? 0) * 100) / 100);
    expect(Math.round(bill.kwh * 100) / 100).toBe(7.33);
  });

  it('says which places a meter measures, so "every bill" asks only for bills that exist (issue 34)', async () => {
    const tenantId = await demoTenantId(t);
    const [empty] = await t.app.db
      .insert(floors)
      .values({ tenantId, buildingId: buildingA, name: 'F3 (no meter)', sort: 3 })
      .returning();
    const res = await manager('GET', `/sbuilding/energy/bill/nodes?${qs({ projectId })}`);
    expect(res.statusCode, res.body).toBe(200);
    const nodes = res.json<{ data: BillNodes }>().data;
    expect(nodes.map((n) => [n.level, n.name, n.metered])).toEqual([
      ['building', 'A', true],
      ['floor', 'F1', true],
      ['floor', 'F2', true],
      ['floor', 'F3 (no meter)', false],
    ]);
    const bill = await manager(
      'GET',
      `/sbuilding/energy/bill/file?${qs({ projectId, month: '2026-07', level: 'floor', nodeId: empty?.id ?? 0, format: 'pdf' })}`,
    );
    expect(bill.statusCode).toBe(400);
    // A floor's file says which building it is of.
    const named = await manager(
      'GET',
      `/sbuilding/energy/bill/file?${qs({ projectId, month: '2026-07', level: 'floor', nodeId: floor2, format: 'xlsx' })}`,
    );
    expect(named.headers['content-disposition']).toContain('filename="bill_A_F2_2026-07.xlsx"');
    await t.app.db.delete(floors).where(eq(floors.id, empty?.id ?? 0));
  });

  it('bills a floor with its own meters only', async () => {
    const res = await manager(
      'GET',
      `/sbuilding/energy/bill?${billQuery({ level: 'floor', nodeId: floor2 })}`,
    );
    const bill = res.json<{ data: Bill }>().data;
    // 2 kWh at the sharp peak, a 2 kW peak: 2.70 + 80 + 50
    expect(round(bill.energyCost)).toBe(2.7);
    expect(round(bill.total)).toBe(132.7);
  });

  it('refuses bad input and other tenants', async () => {
    expect(
      (await manager('GET', `/sbuilding/energy/bill?${billQuery({ month: '2026-13' })}`)).statusCode,
    ).toBe(400);
    expect(
      (
        await manager(
          'GET',
          `/sbuilding/energy/bill?${billQuery({ level: 'floor', nodeId: buildingA + 100000 })}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await stranger('GET', `/sbuilding/energy/bill?${billQuery({})}`)).statusCode).toBe(404);
    expect(
      (await stranger('GET', `/sbuilding/energy/bill/file?${billQuery({ format: 'pdf' })}`)).statusCode,
    ).toBe(404);
  });

  it('writes the bill as an .xlsx that reads back with its totals', async () => {
    const res = await manager('GET', `/sbuilding/energy/bill/file?${billQuery({ format: 'xlsx' })}`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = new Map<string, unknown>();
    sheet?.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(values.get('Total (CNY)')).toBe(369.91);
    expect(values.get('Demand charge (CNY)')).toBe(280);
    expect(values.get('Consumption (kWh)')).toBe(58);
  });

  it("writes the bill as a PDF in the reader's language, with a CJK font", async () => {
    const en = await manager('GET', `/sbuilding/energy/bill/file?${billQuery({ format: 'pdf' })}`);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(en.rawPayload);
    expect(text).toContain('Energy bill');
    expect(text).toContain('369.91');
    // Every header word whole: fixed column widths broke "Channel" into "Channe" and "l" (issue 34).
    const items = text.split('\n');
    for (const word of ['Meter', 'Channel', 'Name', 'kWh']) expect(items).toContain(word);
    expect(items.filter((item) => /^(Channe|l)$/.test(item))).toEqual([]);
    const zhCall = as(t, await t.login('manager', 'manager123'), 'ZH');
    const zh = await zhCall('GET', `/sbuilding/energy/bill/file?${billQuery({ format: 'pdf' })}`);
    const zhText = await pdfText(zh.rawPayload);
    expect(zhText).toContain('电费账单');
    expect(zhText).toContain('合计 (CNY)');
    // Units as symbols in Chinese too (issue 18): 用电量 (kWh), not 千瓦时.
    expect(zhText).toContain('用电量 (kWh)');
    expect(unitsInWords(zhText)).toEqual([]);
    expect(zhText).toContain('369.91');
  });
});
