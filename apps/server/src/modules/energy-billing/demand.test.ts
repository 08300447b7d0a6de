import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { telemetryCounters, telemetryRaw } from '../telemetry/tables.js';
import { energyDemandDays, energyDemandQuarters } from './tables.js';
import { DEMAND_REFRESH_MS, ensureDemand, quarterDemand, startDemandSplitting } from './demand.js';

/*
 * Peak demand worked by hand: counter readings (kWh) stored as telemetry_raw rows, the 15-minute average kW
 * computed on the real database. Times are UTC; a quarter's kW is its kWh × 4.
 *
 * A (a spike inside one quarter hour): 100 at 10:00, +1 kWh every 5 minutes, but +4 between 10:15 and 10:20.
 *   [10:00,10:15) 3 kWh = 12 kW; [10:15,10:30) 4+1+1 = 6 kWh = 24 kW; then 12 kW twice. The hour has 15 kWh,
 *   15 kW on average: the hourly rollups would hide the spike.
 * B (a reading gap): 0 at 10:00, 1 at 10:15, silent until 12:15 (9), 12 at 12:30.
 *   [10:00,10:15) 4 kW; the 8 kWh of the gap spread over its 8 quarters, 4 kW each (not 32 kW in the quarter
 *   it reported again); [12:15,12:30) 3 kWh = 12 kW.
 * C (a meter reset): 5000 at 10:00, 5002 at 10:15, 1 at 10:30 (reset: 1 kWh since), 4 at 10:45.
 *   8 kW, 4 kW, 12 kW: the reset is neither negative nor a jump of thousands.
 */

let t: TestApp;
let a: number;
let b: number;
let c: number;
const at = (hhmm: string) => new Date(`2026-08-03T${hhmm}:00Z`);
const ms = (hhmm: string) => at(hhmm).getTime();

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  a = (await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Demand A' })).id;
  b = (await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Demand B' })).id;
  c = (await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Demand C' })).id;
  const rows: (typeof telemetryRaw.$inferInsert)[] = [];
  let value = 100;
  for (let minute = 0; minute <= 60; minute += 5) {
    if (minute > 0) value += minute === 20 ? 4 : 1;
    const ts = new Date(ms('10:00') + minute * 60_000);
    rows.push({ deviceId: a, key: 'energy1', ts, num: value });
  }
  for (const [hhmm, num] of [
    ['10:00', 0],
    ['10:15', 1],
    ['12:15', 9],
    ['12:30', 12],
  ] as const) {
    rows.push({ deviceId: b, key: 'energy1', ts: at(hhmm), num });
  }
  for (const [hhmm, num] of [
    ['10:00', 5000],
    ['10:15', 5002],
    ['10:30', 1],
    ['10:45', 4],
  ] as const) {
    rows.push({ deviceId: c, key: 'energy1', ts: at(hhmm), num });
  }
  await t.app.db.insert(telemetryRaw).values(rows);
  // The writer's record of each counter's last reading: what tells a day whose end is known.
  await t.app.db
    .insert(telemetryCounters)
    .values([a, b, c].map((deviceId) => ({ deviceId, key: 'energy1', ts: at('12:30'), value: 0 })));
  await ensureDemand(t.app.db, 'UTC', [a, b, c], '2026-08-03', '2026-08-03', ms('00:00') + 2 * 86_400_000);
});
afterAll(() => t.close());

const day = () => [ms('00:00'), ms('00:00') + 86_400_000] as const;

describe('peak demand: the highest 15-minute average kW', () => {
  it('finds a spike inside one quarter hour', async () => {
    const demand = await quarterDemand(t.app.db, [a], ...day());
    expect(demand.byChannel.get(a)).toEqual({ kw: 24, at: ms('10:15') });
    expect(demand.total).toEqual({ kw: 24, at: ms('10:15') });
  });

  it('spreads what a meter counted across a gap over the gap', async () => {
    const demand = await quarterDemand(t.app.db, [b], ...day());
    expect(demand.byChannel.get(b)).toEqual({ kw: 12, at: ms('12:15') });
    // Within the gap every quarter is 4 kW: cut the range to the gap alone.
    const gap = await quarterDemand(t.app.db, [b], ms('10:15'), ms('12:15'));
    expect(gap.byChannel.get(b)).toEqual({ kw: 4, at: ms('10:15') });
  });

  it('counts a meter reset as the new reading', async () => {
    const demand = await quarterDemand(t.app.db, [c], ...day());
    expect(demand.byChannel.get(c)).toEqual({ kw: 12, at: ms('10:30') });
    const beforeReset = await quarterDemand(t.app.db, [c], ms('10:15'), ms('10:30'));
    expect(beforeReset.byChannel.get(c)).toEqual({ kw: 4, at: ms('10:15') });
  });

  it("adds the channels' quarters for a place: its peak is not the sum of their peaks", async () => {
    const demand = await quarterDemand(t.app.db, [a, c], ...day());
    // 10:00 12 + 8, 10:15 24 + 4, 10:30 12 + 12, 10:45 12 + 0
    expect(demand.total).toEqual({ kw: 28, at: ms('10:15') });
    expect(demand.byChannel.get(a)?.kw).toBe(24);
    expect(demand.byChannel.get(c)?.kw).toBe(12);
  });

  it('keeps what it split; a day whose next reading is unknown yet is split again after a few minutes', async () => {
    const now = ms('00:00') + 2 * 86_400_000;
    const stored = await t.app.db.select().from(energyDemandDays);
    // No reading after the day yet (the counters' last is 12:30): not complete.
    expect(stored.map((d) => [d.day, d.complete])).toEqual([
      ['2026-08-03', false],
      ['2026-08-03', false],
      ['2026-08-03', false],
    ]);
    const quarters = await t.app.db.select().from(energyDemandQuarters);
    expect(quarters.length).toBeGreaterThan(0);
    // Asked again at once: kept as it is.
    await ensureDemand(t.app.db, 'UTC', [a, b, c], '2026-08-03', '2026-08-03', now + 60_000);
    const again = await t.app.db.select().from(energyDemandDays);
    expect(again.map((d) => d.splitAt.getTime())).toEqual(stored.map((d) => d.splitAt.getTime()));
    // Past DEMAND_REFRESH_MS: split again, to the same quarters.
    await ensureDemand(t.app.db, 'UTC', [a, b, c], '2026-08-03', '2026-08-03', now + DEMAND_REFRESH_MS);
    const later = await t.app.db.select().from(energyDemandDays);
    expect(later.every((d) => d.splitAt.getTime() === now + DEMAND_REFRESH_MS)).toBe(true);
    expect(await t.app.db.select().from(energyDemandQuarters)).toHaveLength(quarters.length);
    expect((await quarterDemand(t.app.db, [a], ...day())).byChannel.get(a)).toEqual({
      kw: 24,
      at: ms('10:15'),
    });
  });

  it("splits every meter's yesterday and today in the background, ahead of the bills", async () => {
    await t.app.db.delete(energyDemandQuarters);
    await t.app.db.delete(energyDemandDays);
    // 12:40 UTC is 20:40 in Shanghai, the demo campus's zone: the same local date.
    const stop = startDemandSplitting({
      db: () => t.app.db,
      log: t.app.log,
      intervalMs: 3_600_000,
      now: () => ms('12:40'),
    });
    // Its first pass runs at start: wait for it.
    await expect
      .poll(async () => (await t.app.db.select().from(energyDemandDays)).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(6);
    await stop();
    const days = await t.app.db.select().from(energyDemandDays);
    expect(
      days
        .filter((d) => [a, b, c].includes(d.deviceId))
        .map((d) => d.day)
        .sort(),
    ).toEqual(['2026-08-02', '2026-08-02', '2026-08-02', '2026-08-03', '2026-08-03', '2026-08-03']);
    expect((await quarterDemand(t.app.db, [a, c], ...day())).total).toEqual({ kw: 28, at: ms('10:15') });
  });

  it('reads only the range asked and nothing for channels without readings', async () => {
    const later = await quarterDemand(t.app.db, [a, b, c], ms('13:00'), ms('14:00'));
    expect(later).toEqual({ total: null, byChannel: new Map() });
    const none = await quarterDemand(t.app.db, [], ...day());
    expect(none.total).toBeNull();
  });
});
