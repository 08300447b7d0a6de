import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tariff, TariffPlan } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { describeDay } from '../calendar/index.js';
import { RollupBuilder, upsertRollups } from '../telemetry/rollups.js';
import { telemetryHourly } from '../telemetry/tables.js';
import { gapsOf, hourMap, priceMonth, splitDay, tieredCost, totalKwh, type PeriodKwh } from './pricing.js';
import { stretchesOf } from './month-sums.js';
import { DEMO_TARIFF } from './seed.js';

/*
 * Hand-worked cases, priced by hand first (the comments) and then by the code. The demo tariff (seed.ts):
 * sharp 1.35, peak 1.08, flat 0.65, valley 0.32, deep valley 0.22 CNY/kWh. A July working day:
 *   00-06 deep valley, 06-08 valley, 08-10 peak, 10-12 sharp, 12-14 flat, 14-16 sharp, 16-20 peak,
 *   20-22 flat, 22-24 valley.
 * A July rest day: 00-06 deep valley, 06-08 valley, 08-11 flat, 11-14 deep valley, 14-17 flat, 17-21 peak,
 *   21-22 flat, 22-24 valley.
 */

const tou = (workday: boolean) => hourMap(DEMO_TARIFF, 7, workday);

// The meter cases go through the real ingest path: the consumption of a counter is measured in SQL against
// its last stored reading (telemetry/rollups.ts), then priced here.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A new meter's readings stored as ingest stores them; its hourly consumption, oldest hour first. */
async function storedHours(readings: { ts: number; value: number }[]) {
  const meter = await insertDevice(t.app.db, {
    model: 'ammeter4g',
    name: `Meter ${readings.length}-${readings[0]?.ts}`,
  });
  const rows = readings.map((r) => ({ deviceId: meter.id, key: 'energy', ...r }));
  const builder = new RollupBuilder();
  await builder.prepare(t.app.db, rows);
  await upsertRollups(t.app.db, builder.build(rows));
  const hourly = await t.app.db
    .select({ bucket: telemetryHourly.bucket, delta: telemetryHourly.delta })
    .from(telemetryHourly)
    .where(and(eq(telemetryHourly.deviceId, meter.id), eq(telemetryHourly.key, 'energy')))
    .orderBy(asc(telemetryHourly.bucket));
  return hourly.map((r) => ({ bucket: new Date(r.bucket).getTime(), delta: r.delta }));
}
const localHour = (bucket: number) => new Date(bucket + 8 * 3_600_000).getUTCHours();
/** 1 kWh every hour, 5 kWh at 10:00. */
const day = Array.from({ length: 24 }, (_, h) => (h === 10 ? 5 : 1));
const flat = (price: number): TariffPlan => ({
  kind: 'flat',
  flatPrice: price,
  tiers: [],
  prices: null,
  seasons: [],
  demandChargePerKw: 0,
  fixedCharges: [],
});
const tiered = (tiers: TariffPlan['tiers']): TariffPlan => ({
  ...flat(0),
  kind: 'tiered',
  flatPrice: null,
  tiers,
});
const round = (v: number) => Math.round(v * 1e6) / 1e6;

describe('a day crossing five periods', () => {
  it('splits a working day by its five periods and prices each', () => {
    const map = tou(describeDay('2026-07-15', undefined).workday);
    expect(map).toBe('DDDDDDVVPPSSFFSSPPPPFFVV');
    const kwh = splitDay(day, map);
    // deep valley 6 h; valley 4 h; peak 6 h; sharp 4 h with 10:00 at 5 = 8; flat 4 h
    expect(kwh).toEqual({ sharp: 8, peak: 6, flat: 4, valley: 4, deepValley: 6 });
    const cost = priceMonth([{ plan: DEMO_TARIFF, kwh }]);
    // 8 × 1.35 + 6 × 1.08 + 4 × 0.65 + 4 × 0.32 + 6 × 0.22 = 10.8 + 6.48 + 2.6 + 1.28 + 1.32 = 22.48
    expect(round(cost.cost)).toBe(22.48);
    expect(cost.kwh).toBe(28);
    expect(round(cost.periods.sharp.cost)).toBe(10.8);
    expect(round(cost.periods.deepValley.cost)).toBe(1.32);
  });
});

describe('a holiday', () => {
  it('prices a weekday the calendar names a holiday with the rest-day hours', () => {
    const holiday = describeDay('2026-07-15', { date: '2026-07-15', type: 'holiday', name: 'Test' });
    expect(holiday.workday).toBe(false);
    const kwh = splitDay(day, tou(holiday.workday));
    // flat 08-11 (1 + 1 + 5) + 14-17 (3) + 21-22 (1) = 11; deep valley 6 + 3 = 9; valley 4; peak 4
    expect(kwh).toEqual({ sharp: 0, peak: 4, flat: 11, valley: 4, deepValley: 9 });
    // 11 × 0.65 + 9 × 0.22 + 4 × 0.32 + 4 × 1.08 = 7.15 + 1.98 + 1.28 + 4.32 = 14.73
    expect(round(priceMonth([{ plan: DEMO_TARIFF, kwh }]).cost)).toBe(14.73);
  });

  it('prices a Saturday the calendar makes an extra working day with the working-day hours', () => {
    const saturday = describeDay('2026-07-18', { date: '2026-07-18', type: 'workday', name: 'Swap' });
    expect(tou(saturday.workday)).toBe(tou(true));
    expect(tou(describeDay('2026-07-18', undefined).workday)).toBe(tou(false));
  });
});

describe('a month crossing a tariff change', () => {
  const dated = (plan: TariffPlan, id: number, validFrom: string): Tariff => ({
    ...plan,
    id,
    validFrom,
    projectId: 1,
    name: `plan ${id}`,
    currency: 'CNY',
  });
  const tariffs = [dated(flat(0.5), 1, '2026-01-01'), dated(flat(0.8), 2, '2026-03-15')];
  const factors = [
    { validFrom: '2026-01-01', kgPerKwh: 0.6 },
    { validFrom: '2026-03-20', kgPerKwh: 0.5 },
  ];

  it('cuts the month where the plan and the factor change', () => {
    const stretches = stretchesOf('2026-03-01', '2026-03-31', tariffs, factors);
    expect(stretches.map((s) => [s.from, s.to, s.tariff?.id, s.kgPerKwh])).toEqual([
      ['2026-03-01', '2026-03-14', 1, 0.6],
      ['2026-03-15', '2026-03-19', 2, 0.6],
      ['2026-03-20', '2026-03-31', 2, 0.5],
    ]);
  });

  it('prices each stretch under its own plan', () => {
    const kwh = (v: number): PeriodKwh => ({ sharp: 0, peak: 0, flat: v, valley: 0, deepValley: 0 });
    // 100 kWh at 0.5 before the 15th, 200 kWh at 0.8 from it: 50 + 160 = 210
    const month = priceMonth([
      { plan: tariffs[0] ?? null, kwh: kwh(100) },
      { plan: tariffs[1] ?? null, kwh: kwh(200) },
    ]);
    expect(round(month.cost)).toBe(210);
    expect(month.stretches.map((s) => round(s.flat.cost))).toEqual([50, 160]);
  });

  it('cuts a year at every month', () => {
    expect(stretchesOf('2026-01-01', '2026-12-31', [], []).map((s) => s.month)).toHaveLength(12);
  });
});

describe('a tiered month', () => {
  const tiers = [
    { upToKwh: 100, price: 0.5 },
    { upToKwh: 300, price: 0.6 },
    { upToKwh: null, price: 0.8 },
  ];

  it('prices each kWh at the tier it falls in', () => {
    // 100 × 0.5 + 200 × 0.6 + 150 × 0.8 = 50 + 120 + 120 = 290
    expect(round(tieredCost(tiers, 0, 450))).toBe(290);
    // the month had 250 already: 50 × 0.6 + 100 × 0.8 = 30 + 80 = 110
    expect(round(tieredCost(tiers, 250, 150))).toBe(110);
  });

  it('keeps counting the month across a change of tiered plan', () => {
    const other = [
      { upToKwh: 100, price: 1 },
      { upToKwh: 300, price: 2 },
      { upToKwh: null, price: 3 },
    ];
    const kwh = (v: number): PeriodKwh => ({ sharp: 0, peak: 0, flat: v, valley: 0, deepValley: 0 });
    const month = priceMonth([
      { plan: tiered(tiers), kwh: kwh(150) },
      { plan: tiered(other), kwh: kwh(300) },
    ]);
    // first plan: 100 × 0.5 + 50 × 0.6 = 80; second from 150: 150 × 2 + 150 × 3 = 750
    expect(month.stretches.map((s) => round(s.flat.cost))).toEqual([80, 750]);
    expect(round(month.cost)).toBe(830);
  });
});

describe('a meter reset', () => {
  it('counts the reading after a drop as consumption, priced in its hour', async () => {
    const at = (local: string) => Date.parse(`2026-07-15T${local}:00+08:00`);
    const hourly = await storedHours([
      { ts: at('09:10'), value: 1000 },
      { ts: at('09:50'), value: 1004 },
      // the meter was replaced: it starts again from 0
      { ts: at('10:20'), value: 2 },
      { ts: at('10:50'), value: 5 },
    ]);
    const byLocalHour = new Map(hourly.map((r) => [localHour(r.bucket), r.delta]));
    // 09:00 holds 1004 - 1000 = 4; 10:00 holds 2 (the reset) + 3 = 5
    expect([...byLocalHour]).toEqual([
      [9, 4],
      [10, 5],
    ]);
    const kwh = splitDay(byLocalHour, tou(true));
    expect(kwh).toEqual({ sharp: 5, peak: 4, flat: 0, valley: 0, deepValley: 0 });
    // 5 × 1.35 + 4 × 1.08 = 6.75 + 4.32 = 11.07
    expect(round(priceMonth([{ plan: DEMO_TARIFF, kwh }]).cost)).toBe(11.07);
  });
});

describe('a gap', () => {
  it('prices what the meter counted across a gap in the hour it reported again, and names the gap', async () => {
    const at = (local: string) => Date.parse(`2026-07-15T${local}:00+08:00`);
    const hourly = await storedHours([
      { ts: at('05:00'), value: 100 },
      { ts: at('05:59'), value: 101 },
      // silent from 06:00 to 09:00; at 09:05 the counter has gone on to 131
      { ts: at('09:05'), value: 131 },
    ]);
    const hours = new Map(hourly.map((r) => [localHour(r.bucket), r.delta]));
    const kwh = splitDay(hours, tou(true));
    // 05:00: 1 kWh deep valley; 09:00: the 30 kWh of the gap, at the peak price
    expect(kwh).toEqual({ sharp: 0, peak: 30, flat: 0, valley: 0, deepValley: 1 });
    expect(totalKwh(kwh)).toBe(31);
    // 30 × 1.08 + 1 × 0.22 = 32.4 + 0.22 = 32.62
    expect(round(priceMonth([{ plan: DEMO_TARIFF, kwh }]).cost)).toBe(32.62);
    const gaps = gapsOf(
      hourly.map((r) => r.bucket),
      at('05:00'),
      at('10:00'),
    );
    expect(gaps).toEqual([{ from: at('06:00'), to: at('09:00') }]);
  });
});

describe('the plan checks', () => {
  it('a day without a plan is all flat, and costs nothing', () => {
    expect(hourMap(null, 7, true)).toBe('F'.repeat(24));
    const kwh = splitDay(day, hourMap(null, 7, true));
    expect(priceMonth([{ plan: null, kwh }]).cost).toBe(0);
  });
});
