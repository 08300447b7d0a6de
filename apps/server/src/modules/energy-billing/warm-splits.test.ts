import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnergyBoardCost, EnergyPeriod } from '@sbuilding/shared';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { energyRow, hourAt, insertCampus, insertChannel } from '../../test/energy-fixture.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { addDays } from '../energy/index.js';
import { telemetryDaily, telemetryHourly } from '../telemetry/tables.js';
import { watchSplits, type SplitWork } from './profiles.js';
import { DEMO_TARIFF } from './seed.js';
import { energyDayPeriods, energyMonthPeriods } from './tables.js';

/*
 * A project of its own (Asia/Shanghai) with two channels and rollups every day from 2025-05-01 to
 * 2026-08-20 (today, by the test clock at 12:00): ch1 1 kWh at 03:00, 4 at 10:00, 2 at 19:00; ch2 3 kWh at
 * 14:00, 1 at 22:00 on odd days of the month. The demo's five-period plan and factor 0.5 from 2025-01-01.
 */

const FIRST = '2025-05-01';
const TODAY = '2026-08-20';
const HOURS: Record<'ch1' | 'ch2', [number, number][]> = {
  ch1: [
    [3, 1],
    [10, 4],
    [19, 2],
  ],
  ch2: [
    [14, 3],
    [22, 1],
  ],
};

let t: TestApp;
let clock: TestClock;
let manager: ReturnType<typeof as>;
let projectId: number;
/** The date of each channel-day with rollups. */
let channelDays: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  manager = as(t, await t.login('manager', 'manager123'));
  const tenantId = await demoTenantId(t);
  const campus = await insertCampus(t.app.db, { tenantId, projectName: 'Warm splits test', floors: ['F1'] });
  projectId = campus.projectId;
  const place = { tenantId, projectId, buildingId: campus.buildingId, floorId: campus.floorIds[0] };
  const ids = {
    ch1: await insertChannel(t.app.db, { ...place, name: 'W1 ch1', codeAddr: '000000000101' }),
    ch2: await insertChannel(t.app.db, { ...place, name: 'W2 ch1', codeAddr: '000000000102' }),
  };
  const hourly = [];
  const daily = [];
  for (let date = FIRST; date <= TODAY; date = addDays(date, 1)) {
    for (const channel of ['ch1', 'ch2'] as const) {
      if (channel === 'ch2' && Number(date.slice(8, 10)) % 2 === 0) continue;
      const id = ids[channel];
      let sum = 0;
      for (const [hour, kwh] of HOURS[channel]) {
        hourly.push({ ...energyRow(id, kwh), bucket: hourAt(date, hour) });
        sum += kwh;
      }
      daily.push({ ...energyRow(id, sum), day: date });
    }
  }
  channelDays = daily.map((d) => d.day);
  for (let i = 0; i < hourly.length; i += 2000)
    await t.app.db.insert(telemetryHourly).values(hourly.slice(i, i + 2000));
  for (let i = 0; i < daily.length; i += 2000)
    await t.app.db.insert(telemetryDaily).values(daily.slice(i, i + 2000));
  for (const [path, body] of [
    [
      '/sbuilding/energy/tariff',
      { projectId, name: 'Five periods', validFrom: '2025-01-01', ...DEMO_TARIFF },
    ],
    ['/sbuilding/energy/emission', { projectId, validFrom: '2025-01-01', kgPerKwh: 0.5 }],
  ] as const) {
    const res = await manager('POST', path, body);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  clock.release();
  await t.close();
});

/** Each call a minute later than the one before: no answer shared from an earlier call (priced-caches.ts). */
let minute = 0;
const nextMinute = () => clock.set(`${TODAY}T12:${String(minute++).padStart(2, '0')}:00+08:00`);

/** What `run` made the module split (channel-days) and keep (channel-months). */
async function workOf<T>(run: () => Promise<T>): Promise<{ result: T; days: number; months: number }> {
  const seen: SplitWork[] = [];
  const unwatch = watchSplits((work) => seen.push(work));
  try {
    const result = await run();
    const count = (kind: SplitWork['kind']) =>
      seen.filter((w) => w.kind === kind).reduce((s, w) => s + w.count, 0);
    return { result, days: count('days'), months: count('months') };
  } finally {
    unwatch();
  }
}

async function cost(period: EnergyPeriod): Promise<EnergyBoardCost> {
  nextMinute();
  const res = await manager(
    'GET',
    `/sbuilding/board/energy/cost?projectId=${projectId}&period=${period}&anchor=${TODAY}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: EnergyBoardCost }>().data;
}

/** Every number to 1e-6: kept month sums and the day splits may add the same values in another order. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e6) / 1e6;
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

async function forgetSplits(): Promise<void> {
  await t.app.db.delete(energyDayPeriods);
  await t.app.db.delete(energyMonthPeriods);
}

/** The answer of each period computed from nothing stored (what a first call does without the warmer). */
async function coldAnswers(periods: readonly EnergyPeriod[]): Promise<Map<EnergyPeriod, EnergyBoardCost>> {
  const out = new Map<EnergyPeriod, EnergyBoardCost>();
  for (const period of periods) {
    await forgetSplits();
    const cold = await workOf(() => cost(period));
    expect(cold.days).toBeGreaterThan(0);
    out.set(period, cold.result);
  }
  return out;
}

const PERIODS: readonly EnergyPeriod[] = ['YEAR', 'MONTH', 'WEEK', 'DAY'];

describe('the split warmer', () => {
  it("splits every channel-day and keeps every past month, so a YEAR's first call splits nothing", async () => {
    const cold = await coldAnswers(PERIODS);
    await forgetSplits();
    const warming = await workOf(async () => {
      t.app.splitWarmer.start({ pauseMs: 0 });
      await t.app.splitWarmer.idle();
    });
    // Every channel-day with rollups, once; both channels' whole past months from January of the year before
    // the first rollup's (2024-01 to 2026-07: 31).
    expect(warming.days).toBe(channelDays.length);
    expect(warming.months).toBe(2 * 31);
    for (const period of PERIODS) {
      const warm = await workOf(() => cost(period));
      expect({ period, days: warm.days, months: warm.months }).toEqual({ period, days: 0, months: 0 });
      expect(rounded(warm.result)).toEqual(rounded(cold.get(period)));
    }
    expect(cold.get('YEAR')?.cost).toBeGreaterThan(0);
  });

  it('warms again after a tariff or an emission factor is written', async () => {
    const tariff = await workOf(async () => {
      const res = await manager('POST', '/sbuilding/energy/tariff', {
        projectId,
        name: 'Flat from March',
        validFrom: '2026-03-01',
        kind: 'flat',
        flatPrice: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.splitWarmer.idle();
    });
    // The days under the new plan (March to today) are split again, and the whole months among them kept.
    expect(tariff.days).toBe(channelDays.filter((day) => day >= '2026-03-01').length);
    expect(tariff.months).toBe(2 * 5);
    const factor = await workOf(async () => {
      const res = await manager('POST', '/sbuilding/energy/emission', {
        projectId,
        validFrom: '2026-05-01',
        kgPerKwh: 0.8,
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.app.splitWarmer.idle();
    });
    // A factor is not in the day splits, only in the months' sums (May to July).
    expect({ days: factor.days, months: factor.months }).toEqual({ days: 0, months: 2 * 3 });
    const warm = await workOf(() => cost('YEAR'));
    expect({ days: warm.days, months: warm.months }).toEqual({ days: 0, months: 0 });
    const [cold] = (await coldAnswers(['YEAR'])).values();
    expect(rounded(warm.result)).toEqual(rounded(cold));
  });

  it('stops between two steps when its app closes', async () => {
    const node = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' }, sameDatabaseAs: t });
    let closed = false;
    try {
      if (!isTestClock(node.app.clock)) throw new Error('no test clock');
      node.app.clock.set(`${TODAY}T12:00:00+08:00`);
      await forgetSplits();
      const seen: SplitWork[] = [];
      const firstSplit = new Promise<void>((resolve) => {
        const unwatch = watchSplits((work) => {
          seen.push(work);
          unwatch();
          resolve();
        });
      });
      // A long rest after each step: closing must end it rather than wait for it.
      node.app.splitWarmer.start({ pauseMs: 600_000 });
      await firstSplit;
      await node.close();
      closed = true;
      await node.app.splitWarmer.idle();
      // One channel-month (the newest: ch1's August) and nothing after it.
      expect(seen).toEqual([{ kind: 'days', count: 20 }]);
      expect(await t.app.db.$count(energyDayPeriods)).toBe(20);
      node.app.splitWarmer.wake();
      await node.app.splitWarmer.idle();
      expect(await t.app.db.$count(energyDayPeriods)).toBe(20);
    } finally {
      if (!closed) await node.close();
    }
  });
});
