import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { buildings } from '../buildings/tables.js';
import { compareHours, spreadByHour, type CheckHour } from './savings-check.js';

const H = 3_600_000;
const at = (iso: string) => new Date(iso);

describe('spreading savings over hours', () => {
  it('adds each saving to the hours it lasted in, by overlap, ongoing ones up to the range end', () => {
    const range = { from: at('2026-11-10T00:00:00Z'), to: at('2026-11-10T06:00:00Z') };
    const byHour = spreadByHour(
      [
        // 36 W from 01:30 to 03:15: 18 Wh, 36 Wh, 9 Wh.
        { afterAt: '2026-11-10T01:30:00.000Z', endAt: '2026-11-10T03:15:00.000Z', savedWatts: 36 },
        // 100 W from 05:00, still lasting: 100 Wh in the range's last hour.
        { afterAt: '2026-11-10T05:00:00.000Z', endAt: null, savedWatts: 100 },
        // Began before the range: only its part inside counts (00:00-00:30, 500 W: 250 Wh).
        { afterAt: '2026-11-09T23:00:00.000Z', endAt: '2026-11-10T00:30:00.000Z', savedWatts: 500 },
      ],
      range,
    );
    const hour = (h: number) => byHour.get(range.from.getTime() + h * H);
    expect(hour(0)).toBeCloseTo(0.25, 9);
    expect(hour(1)).toBeCloseTo(0.018, 9);
    expect(hour(2)).toBeCloseTo(0.036, 9);
    expect(hour(3)).toBeCloseTo(0.009, 9);
    expect(hour(4)).toBeUndefined();
    expect(hour(5)).toBeCloseTo(0.1, 9);
    expect(byHour.size).toBe(5);
  });
});

describe('comparing automated hours with comparable ones', () => {
  const hour = (h: Partial<CheckHour>): CheckHour => ({
    hour: 12,
    workday: true,
    inPeriod: true,
    metered: 5,
    estimate: 0,
    ...h,
  });

  it('compares each automated hour with the mean of the same hour on days of the same type without a saving', () => {
    const figures = compareHours([
      // Comparable 12:00 workday hours: mean 5 kWh (one before the period counts too).
      hour({ metered: 4.8 }),
      hour({ metered: 5.2, inPeriod: false }),
      // Not comparable: another hour, a rest day, an hour the meters missed.
      hour({ hour: 13, metered: 9 }),
      hour({ workday: false, metered: 1 }),
      hour({ metered: null }),
      // Automated 12:00 workday hours: the meters show 0.5 + 0.3 kWh saved, the estimate 0.45 + 0.35.
      hour({ metered: 4.5, estimate: 0.45 }),
      hour({ metered: 4.7, estimate: 0.35 }),
      // Automated but nothing comparable (a rest day's 12:00 with a saving): counted, not compared.
      hour({ workday: false, hour: 8, metered: 1, estimate: 0.2 }),
      // Automated before the period: a saving there only keeps its hour out of the comparables.
      hour({ metered: 3, estimate: 2, inPeriod: false }),
    ]);
    expect(figures).toEqual({
      estimateKwh: 1,
      automatedHours: 3,
      comparedHours: 2,
      comparedEstimateKwh: 0.8,
      meteredKwh: 9.2,
      baselineKwh: 10,
      meteredSavingKwh: 0.8,
      differencePercent: 0,
    });
    // 0.8 estimated against 0.64 metered: 25% above.
    const above = compareHours([hour({ metered: 5 }), hour({ metered: 4.36, estimate: 0.8 })]);
    expect(above.differencePercent).toBe(25);
  });

  it('answers no difference when nothing is compared or the meters show no saving', () => {
    expect(compareHours([hour({ estimate: 0.5 })]).differencePercent).toBeNull();
    const none = compareHours([hour({ metered: 5 }), hour({ metered: 5.5, estimate: 0.5 })]);
    expect(none).toMatchObject({ comparedHours: 1, meteredSavingKwh: -0.5, differencePercent: null });
    expect(compareHours([])).toMatchObject({ automatedHours: 0, estimateKwh: 0, differencePercent: null });
  });
});

describe('GET /sbuilding/board/energy/savings/check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ captchaEnabled: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers each of the project's buildings (only the board's one when chosen) and checks the query", async () => {
    const viewer = as(t, await t.login('manager', 'manager123'));
    const [demo] = await t.app.db.select().from(buildings).orderBy(buildings.id).limit(1);
    const projectId = demo?.projectId;
    const res = await viewer(
      'GET',
      `/sbuilding/board/energy/savings/check?projectId=${projectId}&period=WEEK`,
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { buildings: { buildingId: number; automatedHours: number }[] };
    // The demo campus has buildings and no automation history in the test database: nothing automated.
    expect(data.buildings.length).toBeGreaterThan(0);
    expect(data.buildings.every((b) => b.automatedHours === 0)).toBe(true);
    const one = data.buildings[0]?.buildingId;
    const only = await viewer(
      'GET',
      `/sbuilding/board/energy/savings/check?projectId=${projectId}&period=WEEK&buildingId=${one}`,
    );
    expect(only.json().data.buildings.map((b: { buildingId: number }) => b.buildingId)).toEqual([one]);
    const bad = await viewer(
      'GET',
      `/sbuilding/board/energy/savings/check?projectId=${projectId}&period=HOUR`,
    );
    expect(bad.statusCode).toBe(400);
  });
});
